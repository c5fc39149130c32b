import type { Locale } from '../../../contracts/common'
import {
  type OfferStatus,
  STAFF_OFFERS_EXPORT_CAP,
  type StaffOffersExportQuery,
} from '../../../contracts/staff-offers'
import { formatAmount } from '../../../domain/money-format'
import type { CachedDb } from '../../cache/caches'
import { AppError } from '../../http/errors'
import { type ExportFormat, exportFileName, type TableColumn, tableFile } from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { findOfferItems, type OfferItemRow } from './offers.repository'
import { countStaffOffers, findStaffOfferPage } from './offers-staff.repository'
import { quotedTotals, staffOfferFilter } from './offers-staff.service'

type OfferRow = Awaited<ReturnType<typeof findStaffOfferPage>>[number]
type Line = {
  offer: OfferRow
  total: string
  item: OfferItemRow | null
  unitPrice: string | null
  amount: string | null
}

const HEADERS = {
  tr: {
    offerNo: 'Teklif No',
    date: 'Tarih',
    status: 'Durum',
    dealerCode: 'Bayi Kodu',
    dealer: 'Bayi',
    creator: 'Oluşturan',
    customer: 'Müşteri',
    code: 'Ürün Kodu',
    name: 'Ürün Adı',
    unit: 'Birim',
    quantity: 'Miktar',
    unitPrice: 'Birim Fiyat',
    amount: 'Tutar',
    taxRate: 'KDV %',
    currency: 'Para Birimi',
    total: 'Teklif Toplamı',
    sheet: 'Teklifler',
    file: 'teklifler',
    statuses: { open: 'Açık', ordered: 'Siparişe dönüştü', cancelled: 'İptal edildi' },
  },
  en: {
    offerNo: 'Offer No',
    date: 'Date',
    status: 'Status',
    dealerCode: 'Dealer Code',
    dealer: 'Dealer',
    creator: 'Created By',
    customer: 'Customer',
    code: 'Product Code',
    name: 'Product Name',
    unit: 'Unit',
    quantity: 'Quantity',
    unitPrice: 'Unit Price',
    amount: 'Amount',
    taxRate: 'Tax %',
    currency: 'Currency',
    total: 'Offer Total',
    sheet: 'Offers',
    file: 'offers',
    statuses: { open: 'Open', ordered: 'Ordered', cancelled: 'Cancelled' },
  },
} satisfies Record<Locale, Record<string, unknown> & { statuses: Record<OfferStatus, string> }>

function columns(locale: Locale): TableColumn<Line>[] {
  const h = HEADERS[locale]
  return [
    { header: h.offerNo, kind: 'text', value: (l) => l.offer.offerNo, width: 15 },
    { header: h.date, kind: 'datetime', value: (l) => l.offer.createdAt, width: 17 },
    { header: h.status, kind: 'text', value: (l) => h.statuses[l.offer.status as OfferStatus] },
    { header: h.dealerCode, kind: 'text', value: (l) => l.offer.customerCode },
    { header: h.dealer, kind: 'text', value: (l) => l.offer.dealerName, width: 30 },
    { header: h.creator, kind: 'text', value: (l) => l.offer.creator, width: 20 },
    { header: h.customer, kind: 'text', value: (l) => l.offer.customerName, width: 24 },
    { header: h.code, kind: 'text', value: (l) => l.item?.code ?? null, width: 16 },
    { header: h.name, kind: 'text', value: (l) => l.item?.name ?? null, width: 36 },
    { header: h.unit, kind: 'text', value: (l) => l.item?.unitName ?? null },
    { header: h.quantity, kind: 'integer', value: (l) => l.item?.quantity ?? null },
    { header: h.unitPrice, kind: 'amount', value: (l) => l.unitPrice },
    { header: h.amount, kind: 'amount', value: (l) => l.amount },
    { header: h.taxRate, kind: 'amount', value: (l) => l.item?.taxRate ?? null },
    { header: h.currency, kind: 'text', value: (l) => l.offer.currencyCode },
    { header: h.total, kind: 'amount', value: (l) => l.total, width: 16 },
  ]
}

// Lines are read for this many offers at a time: one query each, never one per offer.
const ITEM_BATCH = 1000

/**
 * GET /yonetim/offers/export: every offer the list's filters match, newest first, one row per line at
 * the distributor's quoted prices (as the staff's offer page shows them), as XLSX or CSV. More than
 * STAFF_OFFERS_EXPORT_CAP offers is refused before anything is read.
 */
export async function exportStaffOffers(
  data: CachedDb,
  query: StaffOffersExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Buffer }> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = staffOfferFilter(query, timeZone)
  if ((await countStaffOffers(data.db, filter)) > STAFF_OFFERS_EXPORT_CAP) {
    const count = formatAmount(STAFF_OFFERS_EXPORT_CAP, locale).replace(/[.,]00$/, '')
    throw new AppError('validation', 'exports.tooLarge', { count }, 'export_too_large')
  }
  const offers = await findStaffOfferPage(data.db, filter, 0, STAFF_OFFERS_EXPORT_CAP)
  const lines: Line[] = []
  for (let start = 0; start < offers.length; start += ITEM_BATCH) {
    const batch = offers.slice(start, start + ITEM_BATCH)
    const byOffer = new Map<number, OfferItemRow[]>()
    for (const item of await findOfferItems(
      data.db,
      batch.map((offer) => offer.id),
    )) {
      const own = byOffer.get(item.offerId)
      if (own) own.push(item)
      else byOffer.set(item.offerId, [item])
    }
    for (const offer of batch) {
      const items = byOffer.get(offer.id) ?? []
      const totals = quotedTotals(items)
      const total = totals.total.toString()
      if (items.length === 0) lines.push({ offer, total, item: null, unitPrice: null, amount: null })
      items.forEach((item, i) => {
        const figures = totals.lines[i]!
        lines.push({
          offer,
          total,
          item,
          unitPrice: figures.unitPrice.toString(),
          amount: figures.amount.toString(),
        })
      })
    }
  }
  const h = HEADERS[locale]
  const body = await tableFile(query.format, {
    sheetName: h.sheet,
    columns: columns(locale),
    rows: lines,
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file, query.format, now, timeZone), format: query.format, body }
}
