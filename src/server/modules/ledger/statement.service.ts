import type { Locale } from '../../../contracts/common'
import {
  type LedgerKind,
  STATEMENT_MAX_DAYS,
  STATEMENT_MAX_ROWS,
  type Statement,
  type StatementQuery,
} from '../../../contracts/ledger'
import { addDays, daysBetween, isOverdue, ledgerDay, runningBalances } from '../../../domain/ledger'
import { ledgerText } from '../../../domain/ledger-text'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import {
  companyExists,
  findCompanyIdByCode,
  findStatementEntries,
  findStatementSums,
} from './ledger.repository'
import { overdueOf } from './ledger.service'

/** Without dates: the last 365 days up to today (the day in Istanbul). */
const DEFAULT_DAYS = 365

/** The statement's range: what was asked, filled in, and refused when reversed or over two years. */
export function statementRange(
  query: StatementQuery,
  now: Date,
): { from: string; to: string; today: string } {
  const today = ledgerDay(now)
  const to = query.to ?? (query.from && query.from > today ? query.from : today)
  const from = query.from ?? addDays(to, -DEFAULT_DAYS)
  if (from > to) throw new AppError('validation', 'ledger.badRange', undefined, 'bad_range')
  if (daysBetween(from, to) > STATEMENT_MAX_DAYS) {
    throw new AppError('validation', 'ledger.rangeTooLong', { days: STATEMENT_MAX_DAYS }, 'range_too_long')
  }
  return { from, to, today }
}

/**
 * GET /api/account/statement: the company's entries from `from` to `to` with the running balance,
 * the balance before and after, and its overdue figure today. Three indexed queries.
 */
export async function getStatement(
  db: Db,
  customerId: number,
  query: StatementQuery,
  now: Date,
  locale: Locale,
): Promise<Statement> {
  const { from, to, today } = statementRange(query, now)
  const [sums, rows, overdue] = await Promise.all([
    findStatementSums(db, customerId, from, to),
    findStatementEntries(db, customerId, from, to, STATEMENT_MAX_ROWS),
    overdueOf(db, customerId, today),
  ])
  const { balances } = runningBalances(sums.opening, rows)
  // The closing balance from the sums of the whole range, right also when the list was cut.
  const { closing } = runningBalances(sums.opening, [sums])
  return {
    from,
    to,
    currency: 'TRY',
    openingBalance: Number(sums.opening),
    entries: rows.map((row, i) => ({
      id: row.id,
      date: row.entryDate,
      documentNo: row.documentNo,
      kind: row.kind as LedgerKind,
      description: row.descriptionText ? ledgerText(row.descriptionText, locale) : row.description,
      dueDate: row.dueDate,
      debit: Number(row.debit),
      credit: Number(row.credit),
      balance: balances[i]!.toNumber(),
      open: Number(row.open),
      overdue: isOverdue(row, today),
    })),
    totals: { debit: Number(sums.debit), credit: Number(sums.credit) },
    closingBalance: closing.toNumber(),
    overdue: { balance: overdue.balance.toNumber(), days: overdue.days },
    truncated: sums.count > rows.length,
    limits: { maxDays: STATEMENT_MAX_DAYS, maxRows: STATEMENT_MAX_ROWS },
  }
}

/**
 * GET /yonetim/customers/{id}/statement: the same statement a dealer reads of their own company, for
 * staff, of any company (404 for one that does not exist).
 */
export async function getCompanyStatement(
  db: Db,
  customerId: number,
  query: StatementQuery,
  now: Date,
  locale: Locale,
): Promise<Statement> {
  if (!(await companyExists(db, customerId))) throw notFound()
  return getStatement(db, customerId, query, now, locale)
}

/**
 * The integration API's statement: the company named by its code, as the ERP knows it (404
 * `unknown_customer` for a code the portal does not have).
 */
export async function getStatementByCode(
  db: Db,
  customerCode: string,
  query: StatementQuery,
  now: Date,
  locale: Locale,
): Promise<Statement> {
  const customerId = await findCompanyIdByCode(db, customerCode)
  if (customerId === null) {
    throw new AppError('not_found', 'ledger.unknownCustomer', undefined, 'unknown_customer')
  }
  return getStatement(db, customerId, query, now, locale)
}
