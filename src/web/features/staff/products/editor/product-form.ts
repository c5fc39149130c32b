import Big from 'big.js'
import type { Locale } from '../../../../../contracts/common'
import {
  type StaffProduct,
  type StaffProductCreate,
  type StaffProductPatch,
  staffProductCreateSchema,
  staffProductPatchSchema,
} from '../../../../../contracts/staff-products'
import { normalizeCurrencyCode } from '../../../../../domain/money-format'
import { decimalForInput, parseDecimal } from '../product-format'

/** A product stands alone, is the parent of a family of variants, or is one of those variants. */
export type VariantKind = 'plain' | 'parent' | 'variant'

export const PLAN_PRICE_COUNT = 5
/** A new product's one unit, named as the server names the unit of a product sent without units. */
const FIRST_UNIT = 'Adet'
export const MAX_UNITS = 10
export const MAX_VARIANT_DIMENSIONS = 3

export interface UnitFormValues {
  /** The row's React key (rows are added and removed). */
  key: string
  name: string
  multiplier: number | string
  barcode: string
  /** The unit's own sale price; empty: the product's sale price × the multiplier. */
  price: string
  /** Its own list price, not shown: kept so a save does not drop it (empty: it follows). */
  listPrice: string
  isDefault: boolean
}

export interface StockFormLine {
  warehouseCode: string
  warehouseName: string
  quantity: number | string
}

/** The editor's fields as typed: decimals as the reader writes them, empty text for nothing. */
export interface ProductFormValues {
  code: string
  name: string
  nameEn: string
  categoryCode: string | null
  brandCode: string | null
  modelCode: string | null
  barcode: string
  equivalentCodes: string[]
  specialCode: string
  taxRate: string
  currency: string | null
  salePrice: string
  listPrice: string
  planPrices: string[]
  units: UnitFormValues[]
  variantKind: VariantKind
  variantDimensions: string[]
  parentCode: string
  variantValues: string[]
  description: string
  stock: StockFormLine[]
  isActive: boolean
}

/** Why the editor refuses a field before sending it (staffProducts.editor.errors.*). */
export type FieldProblem = 'required' | 'decimal' | 'multiplier' | 'quantity' | 'invalid'

const money = (value: string, locale: Locale) => decimalForInput(value, locale)

/** Whether a unit's stored price is its own, or the product's price times its multiplier. */
function ownPrice(unitPrice: string, productPrice: string, multiplier: number): boolean {
  try {
    return !new Big(unitPrice).eq(new Big(productPrice).times(multiplier))
  } catch {
    return false
  }
}

/** The form's start for a stored product. */
export function valuesOf(product: StaffProduct, locale: Locale): ProductFormValues {
  const kind: VariantKind = product.parentCode ? 'variant' : product.variantDimensions ? 'parent' : 'plain'
  const values = product.variantValues ?? []
  return {
    code: product.code,
    name: product.name,
    nameEn: product.nameEn ?? '',
    categoryCode: product.categoryCode,
    brandCode: product.brandCode,
    modelCode: product.modelCode,
    barcode: product.barcode ?? '',
    equivalentCodes: product.equivalentCodes,
    specialCode: product.specialCode ?? '',
    taxRate: decimalForInput(product.taxRate, locale, false),
    currency: normalizeCurrencyCode(product.currency),
    salePrice: money(product.salePrice, locale),
    listPrice: money(product.listPrice, locale),
    planPrices: Array.from({ length: PLAN_PRICE_COUNT }, (_, i) => {
      const price = product.planPrices[i]
      return price ? money(price, locale) : ''
    }),
    units: product.units.map((u, i) => ({
      key: `unit-${i}`,
      name: u.name,
      multiplier: u.multiplier,
      barcode: u.barcode ?? '',
      price: ownPrice(u.price, product.salePrice, u.multiplier) ? money(u.price, locale) : '',
      listPrice: ownPrice(u.listPrice, product.listPrice, u.multiplier) ? money(u.listPrice, locale) : '',
      isDefault: u.isDefault,
    })),
    variantKind: kind,
    variantDimensions: product.variantDimensions ?? [],
    parentCode: product.parentCode ?? '',
    variantValues: Array.from({ length: MAX_VARIANT_DIMENSIONS }, (_, i) => values[i] ?? ''),
    description: product.description ?? '',
    stock: product.stock.map((s) => ({
      warehouseCode: s.warehouseCode,
      warehouseName: s.warehouseName,
      quantity: s.quantity,
    })),
    isActive: product.isActive,
  }
}

/** The form's start for a new product: one unit (Adet), the store's currency, every warehouse at 0. */
export function newValues(
  currency: string | null,
  warehouses: { code: string; name: string }[],
): ProductFormValues {
  return {
    code: '',
    name: '',
    nameEn: '',
    categoryCode: null,
    brandCode: null,
    modelCode: null,
    barcode: '',
    equivalentCodes: [],
    specialCode: '',
    taxRate: '20',
    currency: currency ? normalizeCurrencyCode(currency) : null,
    salePrice: '',
    listPrice: '',
    planPrices: Array.from({ length: PLAN_PRICE_COUNT }, () => ''),
    units: [
      {
        key: 'unit-0',
        name: FIRST_UNIT,
        multiplier: 1,
        barcode: '',
        price: '',
        listPrice: '',
        isDefault: true,
      },
    ],
    variantKind: 'plain',
    variantDimensions: [],
    parentCode: '',
    variantValues: Array.from({ length: MAX_VARIANT_DIMENSIONS }, () => ''),
    description: '',
    stock: warehouses.map((w) => ({ warehouseCode: w.code, warehouseName: w.name, quantity: 0 })),
    isActive: true,
  }
}

/** Every field of the product as the API writes it, blanks as null. */
type Built = Omit<Required<StaffProductCreate>, 'imageUrl' | 'stock' | 'listPrice'> & {
  listPrice: string | null
  stock: { warehouseCode: string; quantity: number }[]
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim())

/**
 * The form read into the API's terms, or the fields it cannot read (by form path). Decimals are read
 * in the reader's format; the contract's own rules are left to checkBody.
 */
export function buildProduct(
  values: ProductFormValues,
  locale: Locale,
): { product: Built; problems: Record<string, FieldProblem> } {
  const problems: Record<string, FieldProblem> = {}
  const decimal = (path: string, typed: string, required = false): string | null => {
    const parsed = parseDecimal(typed, locale)
    if (!parsed.ok) {
      problems[path] = 'decimal'
      return null
    }
    if (required && parsed.value === null) problems[path] = 'required'
    return parsed.value
  }
  const whole = (path: string, value: number | string, min: number, problem: FieldProblem): number => {
    const n = typeof value === 'number' ? value : Number(String(value).trim() || Number.NaN)
    if (!Number.isInteger(n) || n < min) problems[path] = problem
    return n
  }
  const required = (path: string, text: string | null) => {
    if (!text || text.trim() === '') problems[path] = 'required'
    return text?.trim() ?? ''
  }
  const kind = values.variantKind
  const variantValues = values.variantValues.map((v) => v.trim())
  while (variantValues.length > 0 && variantValues.at(-1) === '') variantValues.pop()
  const product: Built = {
    code: required('code', values.code),
    name: required('name', values.name),
    nameEn: textOrNull(values.nameEn),
    categoryCode: required('categoryCode', values.categoryCode),
    salePrice: decimal('salePrice', values.salePrice, true) ?? '',
    currency: required('currency', values.currency),
    taxRate: decimal('taxRate', values.taxRate, true) ?? '',
    listPrice: decimal('listPrice', values.listPrice),
    planPrices: values.planPrices.map((p, i) => decimal(`planPrices.${i}`, p)),
    brandCode: values.brandCode,
    // A model belongs to its brand: none without one.
    modelCode: values.brandCode ? values.modelCode : null,
    barcode: textOrNull(values.barcode),
    equivalentCodes: values.equivalentCodes.map((c) => c.trim()).filter(Boolean),
    units: values.units.map((u, i) => {
      const price = decimal(`units.${i}.price`, u.price)
      const listPrice = decimal(`units.${i}.price`, u.listPrice)
      return {
        name: required(`units.${i}.name`, u.name),
        multiplier: whole(`units.${i}.multiplier`, u.multiplier, 1, 'multiplier'),
        barcode: textOrNull(u.barcode),
        ...(price !== null ? { price } : {}),
        ...(listPrice !== null ? { listPrice } : {}),
        isDefault: u.isDefault,
      }
    }),
    parentCode: kind === 'variant' ? required('parentCode', values.parentCode) : null,
    variantDimensions:
      kind === 'parent' ? values.variantDimensions.map((d) => d.trim()).filter(Boolean) : null,
    variantValues: kind === 'variant' ? variantValues : null,
    description: values.description.trim() === '' ? null : values.description,
    specialCode: textOrNull(values.specialCode),
    isActive: values.isActive,
    stock: values.stock.map((s, i) => ({
      warehouseCode: s.warehouseCode,
      quantity: whole(`stock.${i}.quantity`, s.quantity, 0, 'quantity'),
    })),
  }
  if (kind === 'parent' && (product.variantDimensions?.length ?? 0) === 0)
    problems.variantDimensions = 'required'
  if (kind === 'variant' && variantValues.length === 0) problems['variantValues.0'] = 'required'
  return { product, problems }
}

/** A new product's body: what was given (empty optional fields left out), stock where there is some. */
export function createBody(product: Built): StaffProductCreate {
  const { listPrice, planPrices, stock, ...rest } = product
  const body: StaffProductCreate = { ...rest } as StaffProductCreate
  for (const key of Object.keys(body) as (keyof StaffProductCreate)[]) {
    const value = body[key]
    if (value === null || (Array.isArray(value) && value.length === 0 && key !== 'units')) delete body[key]
  }
  if (listPrice !== null) body.listPrice = listPrice
  if (planPrices.some((p) => p !== null)) body.planPrices = planPrices
  const stocked = stock.filter((s) => s.quantity > 0)
  if (stocked.length > 0) body.stock = stocked
  return body
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The fields changed between two builds of the form: the stored product's and the edited one. */
export function patchBody(before: Built, after: Built): StaffProductPatch {
  const patch: Record<string, unknown> = {}
  const simple = [
    'code',
    'name',
    'nameEn',
    'categoryCode',
    'salePrice',
    'currency',
    'taxRate',
    'planPrices',
    'brandCode',
    'modelCode',
    'barcode',
    'equivalentCodes',
    'description',
    'specialCode',
    'isActive',
  ] as const
  for (const key of simple) if (!same(before[key], after[key])) patch[key] = after[key]
  // A list price emptied: the list price is the sale price again (the field has no "none").
  if (!same(before.listPrice, after.listPrice)) patch.listPrice = after.listPrice ?? after.salePrice
  // The family fields go together: a product changing its kind clears the other kind's fields.
  const family = ['parentCode', 'variantDimensions', 'variantValues'] as const
  if (family.some((key) => !same(before[key], after[key]))) for (const key of family) patch[key] = after[key]
  const stock = after.stock.filter((line, i) => !same(line, before.stock[i]))
  if (stock.length > 0) patch.stock = stock
  // The server writes a product without units as units whose prices follow the product's, which
  // drops a unit's own price: while one has its own, the units go with every change.
  const ownPrices = after.units.some((u) => u.price !== undefined || u.listPrice !== undefined)
  if (!same(before.units, after.units) || (ownPrices && Object.keys(patch).length > 0))
    patch.units = after.units
  return patch as StaffProductPatch
}

const TOP_FIELDS = new Set([
  'code',
  'name',
  'nameEn',
  'categoryCode',
  'brandCode',
  'modelCode',
  'barcode',
  'specialCode',
  'taxRate',
  'currency',
  'salePrice',
  'listPrice',
  'units',
  'variantDimensions',
  'parentCode',
  'description',
  'isActive',
  'equivalentCodes',
])

/**
 * The form field a server (or contract) field message belongs under: 'units.1.multiplier' as it is,
 * a list's item under its list, a stock line sent under its warehouse's field; null when the form
 * has no such field (shown above the save button instead).
 */
export function formPathOf(field: string, sentStock: string[], stock: StockFormLine[]): string | null {
  const parts = field.split('.')
  const [top = '', index, sub] = parts
  if (top === 'units' && index !== undefined) {
    const column = sub === 'listPrice' ? 'price' : sub
    return column && ['name', 'multiplier', 'barcode', 'price', 'isDefault'].includes(column)
      ? `units.${index}.${column === 'isDefault' ? 'name' : column}`
      : 'units'
  }
  if (top === 'planPrices' && index !== undefined) return `planPrices.${index}`
  if (top === 'variantValues') return `variantValues.${index ?? 0}`
  if (top === 'stock') {
    const code = index !== undefined ? sentStock[Number(index)] : undefined
    const at = stock.findIndex((s) => s.warehouseCode === code)
    return at >= 0 ? `stock.${at}.quantity` : null
  }
  if (top === 'planPrices' || top === 'equivalentCodes' || top === 'variantDimensions') return top
  return TOP_FIELDS.has(top) ? top : null
}

/**
 * The body checked with the contract the server checks it with, so a mistake is named on its field
 * before any call: each refused field (the API's name) with why.
 */
export function contractProblems(
  body: StaffProductCreate | StaffProductPatch,
  isNew: boolean,
): Record<string, FieldProblem> {
  const checked = (isNew ? staffProductCreateSchema : staffProductPatchSchema).safeParse(body)
  if (checked.success) return {}
  const problems: Record<string, FieldProblem> = {}
  for (const issue of checked.error.issues) {
    const field = issue.path.join('.') || '_'
    const empty = issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1
    problems[field] ??= empty ? 'required' : 'invalid'
  }
  return problems
}
