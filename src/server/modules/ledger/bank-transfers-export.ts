import type { Readable } from 'node:stream'
import type { BankTransferRow } from '../../../contracts/bank-transfers'
import type { Locale } from '../../../contracts/common'
import type { BankTransfersExportQuery } from '../../../contracts/exports'
import type { CachedDb } from '../../cache/caches'
import {
  type ExportFormat,
  exportFileName,
  pagedRows,
  type TableColumn,
  tableStream,
} from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { findTransferExportPage, type TransferRow } from './bank-transfers.repository'
import { rowView, transferFilter } from './bank-transfers.service'

const HEADERS = {
  tr: {
    date: 'Tarih',
    dealerCode: 'Bayi Kodu',
    dealer: 'Bayi',
    documentNo: 'Dekont No',
    amount: 'Tutar (TL)',
    description: 'Açıklama',
    enteredBy: 'Giren',
    enteredAt: 'Giriş Zamanı',
    reversedOn: 'Ters Kayıt Tarihi',
    reversalReason: 'Ters Kayıt Nedeni',
    reversedBy: 'Ters Kaydı Giren',
    sheet: 'Havale EFT',
    file: 'havaleler',
  },
  en: {
    date: 'Date',
    dealerCode: 'Dealer Code',
    dealer: 'Dealer',
    documentNo: 'Receipt No',
    amount: 'Amount (TRY)',
    description: 'Description',
    enteredBy: 'Entered By',
    enteredAt: 'Entered At',
    reversedOn: 'Reversed On',
    reversalReason: 'Reversal Reason',
    reversedBy: 'Reversed By',
    sheet: 'Bank Transfers',
    file: 'bank-transfers',
  },
} satisfies Record<Locale, Record<string, string>>

function columns(locale: Locale): TableColumn<BankTransferRow>[] {
  const h = HEADERS[locale]
  return [
    { header: h.date, kind: 'date', value: (r) => r.date, width: 12 },
    { header: h.dealerCode, kind: 'text', value: (r) => r.dealer.code },
    { header: h.dealer, kind: 'text', value: (r) => r.dealer.name, width: 30 },
    { header: h.documentNo, kind: 'text', value: (r) => r.documentNo, width: 16 },
    { header: h.amount, kind: 'amount', value: (r) => r.amount, width: 14 },
    { header: h.description, kind: 'text', value: (r) => r.description, width: 30 },
    { header: h.enteredBy, kind: 'text', value: (r) => r.enteredBy, width: 20 },
    { header: h.enteredAt, kind: 'datetime', value: (r) => r.enteredAt, width: 17 },
    { header: h.reversedOn, kind: 'date', value: (r) => r.reversal?.date ?? null, width: 12 },
    { header: h.reversalReason, kind: 'text', value: (r) => r.reversal?.reason ?? null, width: 30 },
    { header: h.reversedBy, kind: 'text', value: (r) => r.reversal?.by ?? null, width: 20 },
  ]
}

async function* views(rows: AsyncIterable<TransferRow>): AsyncGenerator<BankTransferRow> {
  for await (const row of rows) yield rowView(row)
}

/**
 * GET /yonetim/bank-transfers/export (and the integration API's exports/bank-transfers): every bank
 * transfer the list's filters match, newest day first, a reversed one with its reversal beside it,
 * read a page at a time as the file is written.
 */
export async function exportBankTransfers(
  data: CachedDb,
  query: BankTransfersExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Readable }> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = transferFilter(query)
  const h = HEADERS[locale]
  const body = tableStream(query.format, {
    sheetName: h.sheet,
    columns: columns(locale),
    rows: views(
      pagedRows<TransferRow>((after, limit) => findTransferExportPage(data.db, filter, after, limit)),
    ),
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file, query.format, now, timeZone), format: query.format, body }
}
