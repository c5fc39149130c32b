import type { Readable } from 'node:stream'
import type { Locale } from '../../../contracts/common'
import type { PaymentsExportQuery } from '../../../contracts/exports'
import type { PaymentType } from '../../../contracts/payments'
import type { IntentStatus } from '../../../domain/payment-intent'
import type { CachedDb } from '../../cache/caches'
import {
  type ExportFormat,
  exportFileName,
  pagedRows,
  type TableColumn,
  tableStream,
} from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { findStaffPaymentExportPage, type StaffPaymentExportRow } from './payments-staff.repository'

const HEADERS = {
  tr: {
    date: 'Tarih',
    status: 'Durum',
    dealerCode: 'Bayi Kodu',
    dealer: 'Bayi',
    type: 'Tür',
    orderNo: 'Sipariş No',
    card: 'Kart',
    cardHolder: 'Kart Sahibi',
    installments: 'Taksit',
    amount: 'Tutar (TL)',
    totalAmount: 'Karttan Çekilen (TL)',
    gatewayRef: 'Banka Referansı',
    note: 'Açıklama',
    changedAt: 'Son Durum Değişikliği',
    sheet: 'Kartlı Ödemeler',
    file: 'kartli-odemeler',
    statuses: {
      pending: '3-D Secure bekleniyor',
      authorized: '3-D Secure onaylandı',
      capturing: 'Tahsil ediliyor',
      succeeded: 'Başarılı',
      failed: 'Başarısız',
      expired: 'Süresi doldu',
      needs_attention: 'İnceleme bekliyor',
      refunding: 'İade ediliyor',
      refunded: 'İade edildi',
    },
    types: { order: 'Sipariş ödemesi', pay: 'Cari ödeme', link: 'Ödeme linki' },
  },
  en: {
    date: 'Date',
    status: 'Status',
    dealerCode: 'Dealer Code',
    dealer: 'Dealer',
    type: 'Type',
    orderNo: 'Order No',
    card: 'Card',
    cardHolder: 'Card Holder',
    installments: 'Installments',
    amount: 'Amount (TRY)',
    totalAmount: 'Charged to Card (TRY)',
    gatewayRef: 'Bank Reference',
    note: 'Note',
    changedAt: 'Status Changed',
    sheet: 'Card Payments',
    file: 'card-payments',
    statuses: {
      pending: 'Awaiting 3-D Secure',
      authorized: '3-D Secure passed',
      capturing: 'Being charged',
      succeeded: 'Succeeded',
      failed: 'Failed',
      expired: 'Expired',
      needs_attention: 'Needs attention',
      refunding: 'Being refunded',
      refunded: 'Refunded',
    },
    types: { order: 'Order payment', pay: 'Payment on account', link: 'Payment link' },
  },
} satisfies Record<
  Locale,
  Record<string, unknown> & { statuses: Record<IntentStatus, string>; types: Record<PaymentType, string> }
>

function columns(locale: Locale): TableColumn<StaffPaymentExportRow>[] {
  const h = HEADERS[locale]
  return [
    { header: h.date, kind: 'datetime', value: (p) => p.createdAt, width: 17 },
    { header: h.status, kind: 'text', value: (p) => h.statuses[p.status], width: 20 },
    { header: h.dealerCode, kind: 'text', value: (p) => p.customerCode },
    { header: h.dealer, kind: 'text', value: (p) => p.customerName, width: 30 },
    { header: h.type, kind: 'text', value: (p) => h.types[p.paymentType as PaymentType] ?? p.paymentType },
    { header: h.orderNo, kind: 'text', value: (p) => p.orderNo, width: 15 },
    { header: h.card, kind: 'text', value: (p) => p.cardMasked, width: 18 },
    { header: h.cardHolder, kind: 'text', value: (p) => p.cardHolder, width: 20 },
    { header: h.installments, kind: 'integer', value: (p) => p.installment },
    { header: h.amount, kind: 'amount', value: (p) => p.amount, width: 14 },
    { header: h.totalAmount, kind: 'amount', value: (p) => p.totalAmount, width: 14 },
    { header: h.gatewayRef, kind: 'text', value: (p) => p.gatewayRef, width: 20 },
    { header: h.note, kind: 'text', value: (p) => p.attentionReason ?? p.failureMessage, width: 30 },
    { header: h.changedAt, kind: 'datetime', value: (p) => p.stateChangedAt, width: 17 },
  ]
}

/**
 * GET /yonetim/payments/export (and the integration API's exports/payments): every card payment of
 * the list's status (each as staff see it now), newest first, read a page at a time as the file is
 * written. The card shows only its first six and last four digits, as everywhere.
 */
export async function exportStaffPayments(
  data: CachedDb,
  query: PaymentsExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Readable }> {
  const { timeZone } = await loadStoreSettings(data)
  const h = HEADERS[locale]
  const body = tableStream(query.format, {
    sheetName: h.sheet,
    columns: columns(locale),
    rows: pagedRows<StaffPaymentExportRow>((after, limit) =>
      findStaffPaymentExportPage(data.db, query.status, now, after, limit),
    ),
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file, query.format, now, timeZone), format: query.format, body }
}
