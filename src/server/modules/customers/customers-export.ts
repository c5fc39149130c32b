import type { Readable } from 'node:stream'
import type { Locale } from '../../../contracts/common'
import type { CustomersExportQuery } from '../../../contracts/exports'
import type { CachedDb } from '../../cache/caches'
import {
  type ExportFormat,
  exportFileName,
  pagedRows,
  type TableColumn,
  tableStream,
} from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { type CustomerExportRow, findCustomerExportPage } from './customers.repository'
import { customerFilter } from './customers.service'

const HEADERS = {
  tr: {
    code: 'Bayi Kodu',
    name: 'Bayi',
    taxOffice: 'Vergi Dairesi',
    taxNumber: 'Vergi No',
    city: 'İl',
    town: 'İlçe',
    address: 'Adres',
    phone: 'Telefon',
    email: 'E-posta',
    salesPerson: 'Satış Temsilcisi',
    riskLimit: 'Risk Limiti',
    profitPercent: 'Fiyat Farkı %',
    paymentTermDays: 'Vade (gün)',
    active: 'Aktif',
    yes: 'Evet',
    no: 'Hayır',
    sheet: 'Müşteriler',
    file: 'musteriler',
  },
  en: {
    code: 'Dealer Code',
    name: 'Dealer',
    taxOffice: 'Tax Office',
    taxNumber: 'Tax No',
    city: 'City',
    town: 'District',
    address: 'Address',
    phone: 'Phone',
    email: 'E-mail',
    salesPerson: 'Sales Person',
    riskLimit: 'Risk Limit',
    profitPercent: 'Price Adjustment %',
    paymentTermDays: 'Payment Term (days)',
    active: 'Active',
    yes: 'Yes',
    no: 'No',
    sheet: 'Customers',
    file: 'customers',
  },
} satisfies Record<Locale, Record<string, string>>

function columns(locale: Locale): TableColumn<CustomerExportRow>[] {
  const h = HEADERS[locale]
  return [
    { header: h.code, kind: 'text', value: (c) => c.code, width: 14 },
    { header: h.name, kind: 'text', value: (c) => c.name, width: 36 },
    { header: h.taxOffice, kind: 'text', value: (c) => c.taxOffice, width: 18 },
    { header: h.taxNumber, kind: 'text', value: (c) => c.taxNumber, width: 14 },
    { header: h.city, kind: 'text', value: (c) => c.city },
    { header: h.town, kind: 'text', value: (c) => c.town },
    { header: h.address, kind: 'text', value: (c) => c.address, width: 36 },
    { header: h.phone, kind: 'text', value: (c) => c.phone, width: 16 },
    { header: h.email, kind: 'text', value: (c) => c.email, width: 26 },
    { header: h.salesPerson, kind: 'text', value: (c) => c.salesUserName, width: 20 },
    { header: h.riskLimit, kind: 'amount', value: (c) => c.riskLimit, width: 14 },
    { header: h.profitPercent, kind: 'amount', value: (c) => c.profitPercent },
    { header: h.paymentTermDays, kind: 'integer', value: (c) => c.paymentTermDays },
    { header: h.active, kind: 'text', value: (c) => (c.isActive ? h.yes : h.no) },
  ]
}

/**
 * GET /yonetim/customers/export (and the integration API's exports/customers): every company the
 * list's filters match, in its sort, one row each, read from the database a page at a time as the
 * file is written (no cap: a page is all that is held).
 */
export async function exportCustomers(
  data: CachedDb,
  query: CustomersExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Readable }> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = customerFilter(query)
  const h = HEADERS[locale]
  const body = tableStream(query.format, {
    sheetName: h.sheet,
    columns: columns(locale),
    rows: pagedRows<CustomerExportRow>((after, limit) =>
      findCustomerExportPage(data.db, filter, query, after, limit),
    ),
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file, query.format, now, timeZone), format: query.format, body }
}
