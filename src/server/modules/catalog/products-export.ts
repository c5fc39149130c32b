import type { Readable } from 'node:stream'
import type { Locale } from '../../../contracts/common'
import type { ProductsExportQuery } from '../../../contracts/exports'
import type { CachedDb } from '../../cache/caches'
import {
  type ExportFormat,
  exportFileName,
  pagedRows,
  type TableColumn,
  tableStream,
} from '../../spreadsheets/table-file'
import { loadStoreSettings } from '../store/store.service'
import { findProductExportPage, type ProductExportRow } from './products-export.repository'

const HEADERS = {
  tr: {
    code: 'Ürün Kodu',
    name: 'Ürün Adı',
    barcode: 'Barkod',
    parentCode: 'Ana Ürün Kodu',
    category: 'Kategori',
    brand: 'Marka',
    salePrice: 'Satış Fiyatı',
    listPrice: 'Liste Fiyatı',
    currency: 'Para Birimi',
    taxRate: 'KDV %',
    quantity: 'Stok',
    active: 'Aktif',
    yes: 'Evet',
    no: 'Hayır',
    sheet: 'Ürünler',
    file: 'urunler',
  },
  en: {
    code: 'Product Code',
    name: 'Product Name',
    barcode: 'Barcode',
    parentCode: 'Parent Product Code',
    category: 'Category',
    brand: 'Brand',
    salePrice: 'Sale Price',
    listPrice: 'List Price',
    currency: 'Currency',
    taxRate: 'Tax %',
    quantity: 'Stock',
    active: 'Active',
    yes: 'Yes',
    no: 'No',
    sheet: 'Products',
    file: 'products',
  },
} satisfies Record<Locale, Record<string, string>>

function columns(locale: Locale): TableColumn<ProductExportRow>[] {
  const h = HEADERS[locale]
  return [
    { header: h.code, kind: 'text', value: (p) => p.code, width: 18 },
    { header: h.name, kind: 'text', value: (p) => p.name, width: 40 },
    { header: h.barcode, kind: 'text', value: (p) => p.barcode, width: 16 },
    { header: h.parentCode, kind: 'text', value: (p) => p.parentCode, width: 18 },
    { header: h.category, kind: 'text', value: (p) => p.category, width: 24 },
    { header: h.brand, kind: 'text', value: (p) => p.brand, width: 18 },
    { header: h.salePrice, kind: 'amount', value: (p) => p.salePrice, width: 14 },
    { header: h.listPrice, kind: 'amount', value: (p) => p.listPrice, width: 14 },
    { header: h.currency, kind: 'text', value: (p) => p.currency },
    { header: h.taxRate, kind: 'amount', value: (p) => p.taxRate },
    { header: h.quantity, kind: 'integer', value: (p) => p.quantity },
    { header: h.active, kind: 'text', value: (p) => (p.isActive ? h.yes : h.no) },
  ]
}

/**
 * GET /yonetim/products/export (and the integration API's exports/products): the catalogue by
 * product code, variants with their parent's code, each with its category, brand, prices in its own
 * currency, tax rate, total stock and active flag; read a page at a time as the file is written.
 */
export async function exportProducts(
  data: CachedDb,
  query: ProductsExportQuery,
  locale: Locale,
  now: Date,
  counted?: (rows: number) => void,
): Promise<{ fileName: string; format: ExportFormat; body: Readable }> {
  const { timeZone } = await loadStoreSettings(data)
  const filter = {
    categoryId: query.categoryId,
    brandId: query.brandId,
    active: query.active === undefined ? undefined : query.active === 'true',
  }
  const h = HEADERS[locale]
  const body = tableStream(query.format, {
    sheetName: h.sheet,
    columns: columns(locale),
    rows: pagedRows<ProductExportRow>((after, limit) => findProductExportPage(data.db, filter, after, limit)),
    locale,
    timeZone,
    counted,
  })
  return { fileName: exportFileName(h.file, query.format, now, timeZone), format: query.format, body }
}
