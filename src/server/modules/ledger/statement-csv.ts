import type { Locale } from '../../../contracts/common'
import type { LedgerKind, Statement } from '../../../contracts/ledger'
import { neutraliseCell } from '../../../domain/spreadsheet-cell'

/*
 * The statement as a CSV file the way Turkish spreadsheets open it: UTF-8 with a BOM, ';' between
 * fields, a decimal comma and no thousands separator, dates as 31.12.2026, CRLF line ends; the header
 * row and the kind names in the user's language.
 */

/** The statement's headers, row names and kind names (the XLSX file has the same). */
export const LABELS: Record<
  Locale,
  { header: string[]; opening: string; total: string; kinds: Record<LedgerKind, string>; yes: string }
> = {
  tr: {
    header: [
      'Tarih',
      'Belge No',
      'Tür',
      'Açıklama',
      'Vade Tarihi',
      'Borç',
      'Alacak',
      'Bakiye',
      'Kalan',
      'Vadesi Geçmiş',
    ],
    opening: 'Devir bakiyesi',
    total: 'Toplam / Kapanış bakiyesi',
    kinds: {
      opening: 'Devir',
      invoice: 'Fatura',
      order: 'Sipariş',
      card_payment: 'Kredi kartı ödemesi',
      bank_transfer: 'Havale / EFT',
      transfer_reversal: 'Havale / EFT ters kaydı',
      card_refund: 'Kredi kartı iadesi',
      order_cancel: 'Sipariş iptali',
      erp_payment: 'Tahsilat',
      erp_return: 'İade',
    },
    yes: 'Evet',
  },
  en: {
    header: [
      'Date',
      'Document No',
      'Type',
      'Description',
      'Due Date',
      'Debit',
      'Credit',
      'Balance',
      'Open',
      'Overdue',
    ],
    opening: 'Opening balance',
    total: 'Total / Closing balance',
    kinds: {
      opening: 'Opening balance',
      invoice: 'Invoice',
      order: 'Order',
      card_payment: 'Card payment',
      bank_transfer: 'Bank transfer',
      transfer_reversal: 'Bank transfer reversal',
      card_refund: 'Card refund',
      order_cancel: 'Order cancelled',
      erp_payment: 'Payment',
      erp_return: 'Return',
    },
    yes: 'Yes',
  },
}

/** 2026-03-18 → 18.03.2026 */
export const day = (iso: string | null) =>
  iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : ''

/** 1234.5 → 1234,50 (amounts arrive with at most 2 decimals). */
const amount = (value: number) => value.toFixed(2).replace('.', ',')

/**
 * A text field: quoted when it holds ';', a quote or a line break; one that a spreadsheet would run as
 * a formula gets a leading apostrophe first (domain/spreadsheet-cell.ts).
 */
export function csvText(value: string): string {
  const safe = neutraliseCell(value)
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export function statementCsv(statement: Statement, locale: Locale): string {
  const labels = LABELS[locale]
  const lines = [labels.header.map(csvText).join(';')]
  const row = (date: string, text: string, debit: string, credit: string, balance: number) =>
    [day(date), '', '', csvText(text), '', debit, credit, amount(balance), '', ''].join(';')
  lines.push(row(statement.from, labels.opening, '', '', statement.openingBalance))
  for (const e of statement.entries) {
    lines.push(
      [
        day(e.date),
        csvText(e.documentNo),
        csvText(labels.kinds[e.kind]),
        csvText(e.description),
        day(e.dueDate),
        e.debit ? amount(e.debit) : '',
        e.credit ? amount(e.credit) : '',
        amount(e.balance),
        amount(e.open),
        e.overdue ? labels.yes : '',
      ].join(';'),
    )
  }
  const { totals } = statement
  lines.push(
    row(statement.to, labels.total, amount(totals.debit), amount(totals.credit), statement.closingBalance),
  )
  return `\uFEFF${lines.join('\r\n')}\r\n`
}

/** ekstre-20250318-20260318.csv */
export const statementFileName = (statement: Pick<Statement, 'from' | 'to'>) =>
  `ekstre-${statement.from.replaceAll('-', '')}-${statement.to.replaceAll('-', '')}.csv`
