/**
 * The list view's columns (spec/1 §2, "List table columns in order") and how they fit a screen
 * without a sideways scroll: one column per payment plan only while there are at most two plans; more plans
 * fold into the price-info control beside the default plan's price, so the table fits a 1280 px
 * screen. On a phone the rows become compact: code, name, price, stock and the cart control.
 */

/** Payment plans shown as columns of their own up to this many; more fold into the price-info control. */
export const MAX_PLAN_COLUMNS = 2

export type ListColumn =
  | { key: 'image' | 'code' | 'name' | 'brand' | 'model' | 'specialCode' | 'quantity' | 'listPrice' }
  | { key: 'price'; planInfo: boolean }
  | { key: 'plan'; planIndex: number }
  | { key: 'taxRate' | 'stock' | 'warehouse' | 'addToCart' }

export type ListColumnKey = ListColumn['key']

export interface ListColumnSettings {
  /** b2b_urun_detay_ozel_kod_gosterim */
  specialCode: boolean
  /** showListPrice */
  listPrice: boolean
  /** showPaymentPlanPrice */
  planPrices: boolean
  /** How many payment plans the store has. */
  planCount: number
}

/**
 * The columns in the spec's order: image, code, name, brand, model, special code (when shown),
 * quantity, list price (when shown), the price or one price per payment plan, tax rate, stock,
 * warehouse, add to cart. Plan prices are columns when the store shows them and has one or two plans;
 * with three or more the price column stays and carries the price-info control (`planInfo`).
 */
export function listColumns(settings: ListColumnSettings): ListColumn[] {
  const columns: ListColumn[] = [
    { key: 'image' },
    { key: 'code' },
    { key: 'name' },
    { key: 'brand' },
    { key: 'model' },
  ]
  if (settings.specialCode) columns.push({ key: 'specialCode' })
  columns.push({ key: 'quantity' })
  if (settings.listPrice) columns.push({ key: 'listPrice' })
  const plans = settings.planPrices ? settings.planCount : 0
  if (plans > 0 && plans <= MAX_PLAN_COLUMNS) {
    for (let planIndex = 0; planIndex < plans; planIndex++) columns.push({ key: 'plan', planIndex })
  } else {
    columns.push({ key: 'price', planInfo: plans > MAX_PLAN_COLUMNS })
  }
  columns.push({ key: 'taxRate' }, { key: 'stock' }, { key: 'warehouse' }, { key: 'addToCart' })
  return columns
}

/**
 * What a compact row on a phone keeps: code, name, price, stock with its per-warehouse button, and the
 * cart control (quantity and button).
 */
const COMPACT_KEYS: ReadonlySet<ListColumnKey> = new Set([
  'code',
  'name',
  'price',
  'quantity',
  'stock',
  'warehouse',
  'addToCart',
])

/**
 * Whether a column stays in the phone's compact row. Of plan columns one stands for the price: the
 * plan carrying the sale price (the store's own price), or the first plan when none does.
 */
export function inCompactRow(column: ListColumn, planPriceNames: readonly string[]): boolean {
  if (column.key !== 'plan') return COMPACT_KEYS.has(column.key)
  const sale = planPriceNames.indexOf('salePrice')
  return column.planIndex === (sale === -1 ? 0 : sale)
}
