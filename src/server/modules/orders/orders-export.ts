import type { Locale } from '../../../contracts/common'
import { STAFF_ORDERS_EXPORT_CAP, type StaffOrdersExportQuery } from '../../../contracts/staff-orders'
import { formatAmount } from '../../../domain/money-format'
import type { OrderStatus } from '../../../domain/order-status'
import type { CachedDb } from '../../cache/caches'
import { AppError } from '../../http/errors'
import { translate } from '../../http/messages'
import { type ExportFormat, exportFileName, type TableColumn, tableFile } from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { findOrderItems } from './orders.repository'
import { countStaffOrders, findStaffOrderPage, type StaffOrderRowData } from './orders-staff.repository'
import { staffOrderFilter } from './orders-staff.service'

type Line = {
  order: StaffOrderRowData
  item: Awaited<ReturnType<typeof findOrderItems>>[number] | null
}

const HEADERS: Record<Locale, Record<string, string>> = {
  tr: {
    orderNo: 'Sipariş No',
    date: 'Tarih',
    status: 'Durum',
    dealerCode: 'Bayi Kodu',
    dealer: 'Bayi',
    branch: 'Şube',
    creator: 'Oluşturan',
    plan: 'Ödeme Planı',
    card: 'Kartla Ödendi',
    erp: 'ERP Belge No',
    code: 'Ürün Kodu',
    name: 'Ürün Adı',
    unit: 'Birim',
    quantity: 'Miktar',
    unitPrice: 'Birim Fiyat',
    amount: 'Tutar',
    tax: 'KDV',
    currency: 'Para Birimi',
    total: 'Sipariş Toplamı',
    yes: 'Evet',
    no: 'Hayır',
    sheet: 'Siparişler',
    file: 'siparisler',
  },
  en: {
    orderNo: 'Order No',
    date: 'Date',
    status: 'Status',
    dealerCode: 'Dealer Code',
    dealer: 'Dealer',
    branch: 'Branch',
    creator: 'Created By',
    plan: 'Payment Plan',
    card: 'Paid By Card',
    erp: 'ERP Document No',
    code: 'Product Code',
    name: 'Product Name',
    unit: 'Unit',
    quantity: 'Quantity',
    unitPrice: 'Unit Price',
    amount: 'Amount',
    tax: 'Tax',
    currency: 'Currency',
    total: 'Order Total',
    yes: 'Yes',
    no: 'No',
    sheet: 'Orders',
    file: 'orders',
  },
}

function columns(locale: Locale): TableColumn<Line>[] {
  const h = HEADERS[locale]
  return [
    { header: h.orderNo!, kind: 'text', value: (l) => l.order.orderNo, width: 15 },
    { header: h.date!, kind: 'datetime', value: (l) => l.order.createdAt, width: 17 },
    {
      header: h.status!,
      kind: 'text',
      value: (l) => translate(locale, `orderStatus.${l.order.status as OrderStatus}`),
    },
    { header: h.dealerCode!, kind: 'text', value: (l) => l.order.customerCode },
    { header: h.dealer!, kind: 'text', value: (l) => l.order.customerName, width: 30 },
    { header: h.branch!, kind: 'text', value: (l) => l.order.branch },
    { header: h.creator!, kind: 'text', value: (l) => l.order.creator, width: 20 },
    { header: h.plan!, kind: 'text', value: (l) => l.order.paymentPlanName },
    { header: h.card!, kind: 'text', value: (l) => (l.order.paidAt ? h.yes! : h.no!) },
    { header: h.erp!, kind: 'text', value: (l) => l.order.erpDocumentNo },
    { header: h.code!, kind: 'text', value: (l) => l.item?.code ?? null, width: 16 },
    { header: h.name!, kind: 'text', value: (l) => l.item?.name ?? null, width: 36 },
    { header: h.unit!, kind: 'text', value: (l) => l.item?.unitName ?? null },
    { header: h.quantity!, kind: 'integer', value: (l) => l.item?.quantity ?? null },
    { header: h.unitPrice!, kind: 'amount', value: (l) => l.item?.unitPrice ?? null },
    { header: h.amount!, kind: 'amount', value: (l) => l.item?.amount ?? null },
    { header: h.tax!, kind: 'amount', value: (l) => l.item?.tax ?? null },
    { header: h.currency!, kind: 'text', value: (l) => l.order.currencyCode },
    { header: h.total!, kind: 'amount', value: (l) => l.order.total, width: 16 },
  ]
}

// Lines are read for this many orders at a time: one query each, never one per order.
const ITEM_BATCH = 1000

/**
 * GET /yonetim/orders/export: every order the list's filters match, in the list's sort, one row per
 * order line (an order without lines still has its row), as XLSX or CSV. More than
 * STAFF_ORDERS_EXPORT_CAP orders is refused before anything is read.
 */
export async function exportStaffOrders(
  data: CachedDb,
  query: StaffOrdersExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Buffer }> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = staffOrderFilter(query, timeZone)
  const { capped } = await countStaffOrders(data.db, filter, STAFF_ORDERS_EXPORT_CAP)
  if (capped) {
    const count = formatAmount(STAFF_ORDERS_EXPORT_CAP, locale).replace(/[.,]00$/, '')
    throw new AppError('validation', 'exports.tooLarge', { count }, 'export_too_large')
  }
  const orders = await findStaffOrderPage(
    data.db,
    filter,
    { by: query.sort, dir: query.dir },
    0,
    STAFF_ORDERS_EXPORT_CAP,
  )
  const lines: Line[] = []
  for (let start = 0; start < orders.length; start += ITEM_BATCH) {
    const batch = orders.slice(start, start + ITEM_BATCH)
    const items = await findOrderItems(
      data.db,
      batch.map((order) => order.id),
    )
    const byOrder = new Map<number, typeof items>()
    for (const item of items) {
      const own = byOrder.get(item.orderId)
      if (own) own.push(item)
      else byOrder.set(item.orderId, [item])
    }
    for (const order of batch) {
      const own = byOrder.get(order.id) ?? []
      if (own.length === 0) lines.push({ order, item: null })
      for (const item of own) lines.push({ order, item })
    }
  }
  const h = HEADERS[locale]
  const body = await tableFile(query.format, {
    sheetName: h.sheet!,
    columns: columns(locale),
    rows: lines,
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file!, query.format, now, timeZone), format: query.format, body }
}
