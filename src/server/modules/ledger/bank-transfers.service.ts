import {
  BANK_TRANSFERS_PAGE_SIZE,
  type BankTransferList,
  type BankTransferResponse,
  type BankTransferReversalResponse,
  type BankTransferRow,
  type BankTransfersQuery,
} from '../../../contracts/bank-transfers'
import { ledgerDay, reversalParts } from '../../../domain/ledger'
import { type LedgerText, ledgerText } from '../../../domain/ledger-text'
import { pageBounds } from '../../../domain/paging'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import {
  recordIntegrationChange,
  recordIntegrationEvent,
} from '../integration-feeds/integration-feeds.service'
import {
  countTransfers,
  findSettledParts,
  findTransfer,
  findTransferByReceipt,
  findTransferFigures,
  findTransferPage,
  markReversed,
  type TransferRow,
} from './bank-transfers.repository'
import { insertEntry, insertSettlements, reduceOpen } from './ledger.repository'
import { lockCompany, overdueOf, recordCredit, recordDebit } from './ledger.service'

/*
 * Money a dealer sent by bank transfer, entered by staff from the bank's receipt: booked as a credit
 * that settles the dealer's open items, at most once per receipt, and taken back (when entered by
 * mistake) by a reversing debit that names it. Nothing is deleted; the statement shows both lines.
 */

export function rowView(row: TransferRow): BankTransferRow {
  const reason = (row.reversalText as Extract<LedgerText, { key: 'transfer_reversal' }> | null)?.reason
  return {
    id: row.id,
    dealer: { id: row.customerId, code: row.customerCode, name: row.customerName },
    date: row.entryDate,
    amount: Number(row.amount),
    documentNo: row.documentNo,
    description: row.description,
    enteredBy: row.enteredBy,
    enteredAt: row.createdAt.toISOString(),
    reversal:
      row.reversedAt && row.reversalDate
        ? {
            date: row.reversalDate,
            reason: reason ?? '',
            by: row.reversedBy,
            at: row.reversedAt.toISOString(),
          }
        : null,
  }
}

async function transferRow(db: Db, id: number): Promise<BankTransferRow> {
  const [row] = await findTransferPage(db, {}, 0, 1, id)
  if (!row) throw transferNotFound()
  return rowView(row)
}

const transferNotFound = () =>
  new AppError('not_found', 'ledger.transferNotFound', undefined, 'unknown_transfer')

async function overdueFigure(db: Db, customerId: number, today: string) {
  const overdue = await overdueOf(db, customerId, today)
  return { balance: overdue.balance.toNumber(), days: overdue.days }
}

/**
 * POST /yonetim/bank-transfers: credited on the day the money arrived (not after today); it settles
 * the dealer's open items, the one due first first. A receipt number already entered for the dealer is
 * refused (409 `duplicate_receipt`) naming the first entry's day and amount: checked under the
 * company's ledger lock, so two staff entering the same receipt at once book it once.
 */
export async function recordBankTransfer(
  db: Db,
  staff: StaffActor,
  input: { customerId: number; amount: string; date: string; documentNo: string; description: string },
  now: Date,
): Promise<BankTransferResponse> {
  const today = ledgerDay(now)
  if (input.date > today) {
    throw new AppError('validation', 'error.validation', undefined, 'future_date', {
      date: { key: 'field.invalid' },
    })
  }
  const { entryId } = await db.transaction(async (tx) => {
    await lockCompany(tx, input.customerId)
    const first = await findTransferByReceipt(tx, input.customerId, input.documentNo)
    if (first) {
      const params = { date: { day: first.entryDate }, amount: { amount: Number(first.amount) } }
      throw new AppError('conflict', 'ledger.duplicateReceipt', params, 'duplicate_receipt', {
        documentNo: { key: 'ledger.duplicateReceipt', params },
      })
    }
    const entered = await recordCredit(tx, {
      customerId: input.customerId,
      kind: 'bank_transfer',
      amount: input.amount,
      documentNo: input.documentNo,
      description: input.description,
      entryDate: input.date,
      createdByUserId: staff.id,
      settleEntryIds: [],
    })
    const { customerId, amount, date, documentNo, description } = input
    await recordAudit(
      tx,
      staff,
      {
        entity: 'bank_transfer',
        entityId: entered.entryId,
        action: 'create',
        before: null,
        after: { customerId, amount, date, documentNo, description },
      },
      now,
    )
    await recordIntegrationEvent(tx, { kind: 'bank_transfer', entityId: entered.entryId }, now)
    return entered
  })
  const row = await transferRow(db, entryId)
  return { entryId, dealer: row.dealer, overdue: await overdueFigure(db, input.customerId, today) }
}

/**
 * POST /yonetim/bank-transfers/{id}/reversal: debits under the same receipt, booked today with the
 * reason (domain reversalParts): the part the transfer had not applied, settled by the transfer
 * itself; and what it had settled, one debit per day those debts fell due, each settled in turn by
 * whatever credit of the company is still unapplied. So the balance, the overdue figure and its age
 * come back as if the money had never been booked. Once per transfer: it is marked reversed under the
 * company's lock (409 `already_reversed` after), and its receipt may then be entered again.
 */
export async function reverseBankTransfer(
  db: Db,
  staff: StaffActor,
  entryId: number,
  reason: string,
  now: Date,
): Promise<BankTransferReversalResponse> {
  const today = ledgerDay(now)
  const transfer = await findTransfer(db, entryId)
  if (!transfer) throw transferNotFound()
  await db.transaction(async (tx) => {
    await lockCompany(tx, transfer.customerId)
    const unapplied = await markReversed(tx, entryId, now)
    if (unapplied === null) {
      throw new AppError('conflict', 'ledger.alreadyReversed', undefined, 'already_reversed')
    }
    // The payments feed shows the transfer again, with its reversedAt.
    await recordIntegrationChange(tx, { kind: 'bank_transfer', entityId: entryId }, now)
    await recordAudit(
      tx,
      staff,
      {
        entity: 'bank_transfer',
        entityId: entryId,
        action: 'reverse',
        before: { reversed: false },
        after: { reversed: true, reason },
      },
      now,
    )
    const { rest, parts } = reversalParts(await findSettledParts(tx, entryId), unapplied)
    const text: LedgerText = { key: 'transfer_reversal', receiptNo: transfer.documentNo, reason }
    const common = {
      customerId: transfer.customerId,
      kind: 'transfer_reversal' as const,
      documentNo: transfer.documentNo,
      entryDate: today,
      createdByUserId: staff.id,
      reversesEntryId: entryId,
    }
    if (rest) {
      const amount = rest.toFixed(2)
      const restId = await insertEntry(tx, {
        ...common,
        description: ledgerText(text, 'tr'),
        descriptionText: text,
        dueDate: transfer.entryDate,
        debit: amount,
        openAmount: '0',
      })
      await reduceOpen(tx, entryId, amount)
      await insertSettlements(tx, [{ creditEntryId: entryId, debitEntryId: restId, amount }])
    }
    for (const part of parts) {
      await recordDebit(tx, {
        ...common,
        amount: part.amount.toFixed(2),
        description: text,
        dueDate: part.dueDay,
      })
    }
  })
  return {
    transfer: await transferRow(db, entryId),
    overdue: await overdueFigure(db, transfer.customerId, today),
  }
}

/** GET /yonetim/bank-transfers: the transfers entered, newest day first, 50 a page. */
/** The list's filter from its query (the export reads the same). */
export const transferFilter = (query: Pick<BankTransfersQuery, 'customerId' | 'from' | 'to'>) => ({
  customerId: query.customerId,
  from: query.from,
  to: query.to,
})

export async function listBankTransfers(db: Db, query: BankTransfersQuery): Promise<BankTransferList> {
  const filter = transferFilter(query)
  const total = await countTransfers(db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, BANK_TRANSFERS_PAGE_SIZE)
  const rows = await findTransferPage(db, filter, offset, BANK_TRANSFERS_PAGE_SIZE)
  return { items: rows.map(rowView), page, pages, limit: BANK_TRANSFERS_PAGE_SIZE, total }
}

/** The staff home's transfer figures: transfers booked on the ledger day `day`, reversed ones aside. */
export async function transferFigures(db: Db, day: string) {
  const figures = await findTransferFigures(db, day)
  return { count: figures.count, total: Number(figures.total) }
}
