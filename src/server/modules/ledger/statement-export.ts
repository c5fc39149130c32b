import type { Locale } from '../../../contracts/common'
import type { Statement } from '../../../contracts/ledger'
import type { CachedDb } from '../../cache/caches'
import { type ExportFormat, type TableColumn, tableXlsx } from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { LABELS, statementCsv, statementFileName } from './statement-csv'

/** One row of the file: the opening balance, an entry, or the totals with the closing balance. */
type Line = {
  date: string
  documentNo: string | null
  kind: string | null
  description: string
  dueDate: string | null
  debit: number | null
  credit: number | null
  balance: number
  open: number | null
  overdue: string | null
}

function lines(statement: Statement, locale: Locale): Line[] {
  const labels = LABELS[locale]
  const edge = (
    date: string,
    description: string,
    balance: number,
    debit: number | null,
    credit: number | null,
  ) => ({
    date,
    documentNo: null,
    kind: null,
    description,
    dueDate: null,
    debit,
    credit,
    balance,
    open: null,
    overdue: null,
  })
  return [
    edge(statement.from, labels.opening, statement.openingBalance, null, null),
    ...statement.entries.map((e) => ({
      date: e.date,
      documentNo: e.documentNo,
      kind: labels.kinds[e.kind],
      description: e.description,
      dueDate: e.dueDate,
      debit: e.debit || null,
      credit: e.credit || null,
      balance: e.balance,
      open: e.open,
      overdue: e.overdue ? labels.yes : null,
    })),
    edge(
      statement.to,
      labels.total,
      statement.closingBalance,
      statement.totals.debit,
      statement.totals.credit,
    ),
  ]
}

function columns(locale: Locale): TableColumn<Line>[] {
  const [date, documentNo, kind, description, dueDate, debit, credit, balance, open, overdue] = LABELS[locale]
    .header as [string, string, string, string, string, string, string, string, string, string]
  return [
    { header: date, kind: 'date', value: (l) => l.date, width: 12 },
    { header: documentNo, kind: 'text', value: (l) => l.documentNo, width: 16 },
    { header: kind, kind: 'text', value: (l) => l.kind, width: 18 },
    { header: description, kind: 'text', value: (l) => l.description, width: 36 },
    { header: dueDate, kind: 'date', value: (l) => l.dueDate, width: 12 },
    { header: debit, kind: 'amount', value: (l) => l.debit, width: 14 },
    { header: credit, kind: 'amount', value: (l) => l.credit, width: 14 },
    { header: balance, kind: 'amount', value: (l) => l.balance, width: 14 },
    { header: open, kind: 'amount', value: (l) => l.open, width: 14 },
    { header: overdue, kind: 'text', value: (l) => l.overdue },
  ]
}

/**
 * The statement as a file: CSV as it always was (statement-csv.ts), or XLSX with the same rows —
 * the opening balance, each entry with its running balance, the totals and closing balance — days
 * as date cells and amounts as numbers. A statement holds at most STATEMENT_MAX_ROWS entries, so it
 * is made whole.
 */
export async function statementFile(
  data: CachedDb,
  statement: Statement,
  format: ExportFormat,
  locale: Locale,
): Promise<{ fileName: string; format: ExportFormat; body: Buffer }> {
  const fileName = statementFileName(statement).replace(/\.csv$/, `.${format}`)
  if (format === 'csv')
    return { fileName, format, body: Buffer.from(statementCsv(statement, locale), 'utf8') }
  const { timeZone } = await loadStoreSettings(data)
  const body = await tableXlsx({
    sheetName: locale === 'tr' ? 'Ekstre' : 'Statement',
    columns: columns(locale),
    rows: lines(statement, locale),
    locale,
    timeZone,
  })
  return { fileName, format, body }
}
