import {
  type Cell,
  type CellRead,
  cellText,
  isEmptyCell,
  normaliseHeader,
  readBoolean,
  readCurrency,
  readDate,
  readDecimal,
  readInteger,
  readLedgerKind,
  readList,
} from './import-cells'

/**
 * What a spreadsheet import fills, per resource: the fields of the bulk upserts' rows
 * (contracts/integration-sync.ts) a column can map to, how a cell is read for each, and the header
 * names distributors use for it (Turkish and English), from which a new file's mapping is suggested.
 * A resource is imported when it has an entry here; a resource whose writer lands later needs only
 * its entry.
 */

export const IMPORT_CELL_KINDS = [
  'text',
  'decimal',
  'integer',
  'boolean',
  'date',
  'currency',
  'list',
  'ledgerKind',
] as const
export type ImportCellKind = (typeof IMPORT_CELL_KINDS)[number]

export type ImportField = {
  /** The mapping's name of the field (a row field, or `planPrices.N` for the Nth plan's price). */
  field: string
  kind: ImportCellKind
  required?: boolean
  /** Header names as normaliseHeader writes them; the first match of a column wins. */
  headers: readonly string[]
}

const f = (field: string, kind: ImportCellKind, headers: string[], required = false): ImportField => ({
  field,
  kind,
  required,
  headers: headers.map(normaliseHeader),
})

const planPrices = [1, 2, 3, 4, 5].map((n) =>
  f(`planPrices.${n - 1}`, 'decimal', [
    `Fiyat ${n}`,
    `Plan ${n} Fiyatı`,
    `Plan Fiyatı ${n}`,
    `Price ${n}`,
    `Plan ${n} Price`,
  ]),
)

/**
 * The staff areas whose teams import: the catalogue team, whoever keeps the customers (sales), and
 * accounting (the payments area).
 */
export const IMPORT_AREAS = ['catalogue', 'customers', 'payments'] as const
export type ImportArea = (typeof IMPORT_AREAS)[number]

/**
 * The resources a spreadsheet may import, and the staff area whose writers may import each: the
 * catalogue team the products and their prices and stock, the customers' keepers the companies and
 * their terms, accounting the current account's movements.
 */
export const IMPORT_RESOURCES = {
  categories: {
    area: 'catalogue',
    fields: [
      f('code', 'text', ['Kategori Kodu', 'Kod', 'Category Code', 'Code'], true),
      f('name', 'text', ['Kategori Adı', 'Kategori', 'Ad', 'Category Name', 'Category', 'Name'], true),
      f('parentCode', 'text', ['Üst Kategori Kodu', 'Üst Kategori', 'Parent Code', 'Parent']),
      f('sortOrder', 'integer', ['Sıra', 'Sıra No', 'Sort Order', 'Order']),
    ],
  },
  brands: {
    area: 'catalogue',
    fields: [
      f('code', 'text', ['Marka Kodu', 'Kod', 'Brand Code', 'Code'], true),
      f('name', 'text', ['Marka Adı', 'Marka', 'Ad', 'Brand Name', 'Brand', 'Name'], true),
    ],
  },
  warehouses: {
    area: 'catalogue',
    fields: [
      f('code', 'text', ['Depo Kodu', 'Kod', 'Warehouse Code', 'Code'], true),
      f('name', 'text', ['Depo Adı', 'Depo', 'Ad', 'Warehouse Name', 'Warehouse', 'Name'], true),
      f('sortOrder', 'integer', ['Sıra', 'Sort Order', 'Order']),
    ],
  },
  products: {
    area: 'catalogue',
    fields: [
      f(
        'code',
        'text',
        ['Stok Kodu', 'Ürün Kodu', 'Malzeme Kodu', 'Kod', 'Product Code', 'SKU', 'Code'],
        true,
      ),
      f(
        'name',
        'text',
        ['Ürün Adı', 'Stok Adı', 'Malzeme Adı', 'Ürün', 'Açıklama', 'Product Name', 'Name'],
        true,
      ),
      f('categoryCode', 'text', ['Kategori Kodu', 'Kategori', 'Category Code', 'Category'], true),
      f(
        'salePrice',
        'decimal',
        ['Fiyat', 'Satış Fiyatı', 'Birim Fiyat', 'Price', 'Sale Price', 'Unit Price'],
        true,
      ),
      f('currency', 'currency', ['Para Birimi', 'Döviz', 'Döviz Cinsi', 'Birim', 'Currency'], true),
      f(
        'taxRate',
        'decimal',
        ['KDV', 'KDV Oranı', 'KDV %', 'Vergi Oranı', 'VAT', 'VAT Rate', 'Tax Rate', 'Tax'],
        true,
      ),
      f('listPrice', 'decimal', ['Liste Fiyatı', 'Etiket Fiyatı', 'List Price']),
      ...planPrices,
      f('brandCode', 'text', ['Marka Kodu', 'Marka', 'Brand Code', 'Brand']),
      f('modelCode', 'text', ['Model Kodu', 'Model', 'Model Code']),
      f('barcode', 'text', ['Barkod', 'Barkod No', 'EAN', 'Barcode']),
      f('equivalentCodes', 'list', [
        'Muadil Kodlar',
        'Muadil Kodu',
        'Muadiller',
        'Equivalent Codes',
        'Equivalents',
      ]),
      f('parentCode', 'text', ['Ana Ürün Kodu', 'Ana Stok Kodu', 'Parent Code', 'Parent Product']),
      f('description', 'text', ['Ürün Açıklaması', 'Detay', 'Description']),
      f('specialCode', 'text', ['Özel Kod', 'Special Code']),
      f('imageUrl', 'text', ['Resim', 'Görsel', 'Resim URL', 'Görsel URL', 'Image', 'Image URL']),
      f('isActive', 'boolean', ['Aktif', 'Durum', 'Satışta', 'Active', 'Is Active']),
    ],
  },
  prices: {
    area: 'catalogue',
    fields: [
      f(
        'productCode',
        'text',
        ['Stok Kodu', 'Ürün Kodu', 'Malzeme Kodu', 'Kod', 'Product Code', 'SKU', 'Code'],
        true,
      ),
      f('salePrice', 'decimal', [
        'Fiyat',
        'Satış Fiyatı',
        'Birim Fiyat',
        'Yeni Fiyat',
        'Price',
        'Sale Price',
        'Unit Price',
      ]),
      f('listPrice', 'decimal', ['Liste Fiyatı', 'Etiket Fiyatı', 'List Price']),
      ...planPrices,
      f('currency', 'currency', ['Para Birimi', 'Döviz', 'Döviz Cinsi', 'Currency']),
    ],
  },
  stock: {
    area: 'catalogue',
    fields: [
      f(
        'productCode',
        'text',
        ['Stok Kodu', 'Ürün Kodu', 'Malzeme Kodu', 'Product Code', 'SKU', 'Code'],
        true,
      ),
      f('warehouseCode', 'text', ['Depo Kodu', 'Depo', 'Warehouse Code', 'Warehouse'], true),
      f('quantity', 'integer', ['Miktar', 'Stok', 'Stok Miktarı', 'Adet', 'Quantity', 'Qty', 'Stock'], true),
    ],
  },
  customers: {
    area: 'customers',
    fields: [
      f(
        'code',
        'text',
        [
          'Cari Kodu',
          'Cari Kod',
          'Müşteri Kodu',
          'Hesap Kodu',
          'Kod',
          'Customer Code',
          'Account Code',
          'Code',
        ],
        true,
      ),
      f(
        'name',
        'text',
        [
          'Cari Adı',
          'Ünvan',
          'Unvan',
          'Firma Adı',
          'Müşteri Adı',
          'Ad',
          'Company Name',
          'Customer Name',
          'Name',
        ],
        true,
      ),
      f('taxOffice', 'text', ['Vergi Dairesi', 'Tax Office']),
      f('taxNumber', 'text', ['Vergi No', 'Vergi Numarası', 'VKN', 'TCKN', 'Tax Number', 'Tax ID']),
      f('email', 'text', ['E-posta', 'Eposta', 'Mail', 'Email', 'E-mail']),
      f('phone', 'text', ['Telefon', 'Tel', 'Phone']),
      f('address', 'text', ['Adres', 'Address']),
      f('town', 'text', ['İlçe', 'Town', 'District']),
      f('city', 'text', ['İl', 'Şehir', 'City']),
      f('profitPercent', 'decimal', [
        'Kâr Oranı',
        'Kar Oranı',
        'İskonto',
        'Fiyat Farkı %',
        'Profit %',
        'Discount',
      ]),
      f('riskLimit', 'decimal', ['Risk Limiti', 'Risk', 'Kredi Limiti', 'Risk Limit', 'Credit Limit']),
      f('paymentTermDays', 'integer', [
        'Vade Günü',
        'Vade',
        'Vade (Gün)',
        'Ödeme Vadesi',
        'Payment Terms',
        'Term Days',
      ]),
      f('isActive', 'boolean', ['Aktif', 'Durum', 'Active', 'Is Active']),
    ],
  },
  'ledger-entries': {
    area: 'payments',
    fields: [
      f(
        'customerCode',
        'text',
        ['Cari Kodu', 'Cari Kod', 'Müşteri Kodu', 'Hesap Kodu', 'Customer Code'],
        true,
      ),
      f(
        'documentNo',
        'text',
        ['Belge No', 'Evrak No', 'Fiş No', 'Fatura No', 'Document No', 'Document Number'],
        true,
      ),
      f('kind', 'ledgerKind', ['Hareket Türü', 'Tür', 'İşlem Türü', 'Fiş Türü', 'Kind', 'Type'], true),
      f('date', 'date', ['Tarih', 'Belge Tarihi', 'İşlem Tarihi', 'Date'], true),
      f('dueDate', 'date', ['Vade Tarihi', 'Vade', 'Due Date']),
      f('amount', 'decimal', ['Tutar', 'Borç/Alacak', 'Meblağ', 'Amount'], true),
      f('description', 'text', ['Açıklama', 'Description']),
    ],
  },
} as const satisfies Record<string, { area: ImportArea; fields: readonly ImportField[] }>

export type ImportResource = keyof typeof IMPORT_RESOURCES
export const importResources = Object.keys(IMPORT_RESOURCES) as ImportResource[]

export const isImportResource = (value: unknown): value is ImportResource =>
  typeof value === 'string' && Object.hasOwn(IMPORT_RESOURCES, value)

export const importFields = (resource: ImportResource): readonly ImportField[] =>
  IMPORT_RESOURCES[resource].fields

/** A file's mapping: per column (in the file's order), the field it fills, or null (left out). */
export type ImportMapping = (string | null)[]

/**
 * A mapping for a file seen for the first time: each column whose header is a known name of a field
 * fills it (the field's earlier names first: 'Stok Kodu' beats 'Kod'); a field is filled by one
 * column only, the first.
 */
export function suggestMapping(resource: ImportResource, headers: readonly string[]): ImportMapping {
  const fields = importFields(resource)
  const normal = headers.map(normaliseHeader)
  const mapping: ImportMapping = headers.map(() => null)
  const taken = new Set<string>()
  // By how good a name it is: every field's first names before any field's later ones.
  const longest = Math.max(...fields.map((field) => field.headers.length))
  for (let rank = 0; rank < longest; rank++) {
    for (const field of fields) {
      const name = field.headers[rank]
      if (name === undefined || taken.has(field.field)) continue
      const column = normal.findIndex((h, i) => h === name && mapping[i] === null)
      if (column >= 0) {
        mapping[column] = field.field
        taken.add(field.field)
      }
    }
  }
  return mapping
}

/** Why a mapping cannot be used: a field that is not the resource's, or one filled by two columns. */
export function mappingProblems(
  resource: ImportResource,
  mapping: ImportMapping,
  columns: number,
): { unknown: string[]; repeated: string[]; missing: string[]; wrongLength: boolean } {
  const known = new Set(importFields(resource).map((field) => field.field))
  const used = mapping.filter((field): field is string => field !== null)
  const repeated = [...new Set(used.filter((field, i) => used.indexOf(field) !== i))]
  return {
    unknown: used.filter((field) => !known.has(field)),
    repeated,
    missing: importFields(resource)
      .filter((field) => field.required && !used.includes(field.field))
      .map((field) => field.field),
    wrongLength: mapping.length !== columns,
  }
}

const READERS: Record<ImportCellKind, (cell: Cell) => CellRead<unknown>> = {
  text: (cell) => ({ ok: true, value: cellText(cell) }),
  decimal: readDecimal,
  integer: readInteger,
  boolean: readBoolean,
  date: readDate,
  currency: readCurrency,
  list: readList,
  ledgerKind: readLedgerKind,
}

/**
 * A file's row as the resource's bulk upsert row: each mapped, non-empty cell read as its field's kind
 * (an unreadable cell passes on its text, for the row's schema to reject on that field); empty cells
 * are left out, so the record keeps what it has. The plan prices gather into `planPrices` (a plan
 * left empty between two filled ones is null: it uses the sale price).
 */
export function rowOfCells(
  resource: ImportResource,
  mapping: ImportMapping,
  cells: readonly Cell[],
): Record<string, unknown> {
  const fields = new Map(importFields(resource).map((field) => [field.field, field]))
  const row: Record<string, unknown> = {}
  mapping.forEach((name, column) => {
    const field = name === null ? undefined : fields.get(name)
    const cell = cells[column] ?? null
    if (!field || isEmptyCell(cell)) return
    const value = READERS[field.kind](cell)
    const v = value.ok ? value.value : cellText(cell)
    const [head, index] = field.field.split('.')
    if (index === undefined) row[field.field] = v
    else {
      const list = (row[head!] as unknown[] | undefined) ?? []
      list[Number(index)] = v
      row[head!] = list
    }
  })
  if (Array.isArray(row.planPrices)) row.planPrices = Array.from(row.planPrices, (v) => v ?? null)
  return row
}
