import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { Product, Unit } from '../../../contracts/catalog'
import type { Money } from '../../../contracts/common'
import type { StoreSettings } from '../../../contracts/settings'
import type { StockNumberLabel } from '../../../domain/listing'
import { PLAN_PRICE_FIELDS } from '../../../domain/payment-plan'
import { planUnitPrice } from '../../../domain/pricing'

/** The default unit's name ('Adet'), or '' when the product has none. */
export function defaultUnitName(product: Pick<Product, 'defaultUnit'>): string {
  return product.defaultUnit?.value ?? ''
}

/** The sale price and the five plan prices a plan may name (the plan list's own fields). */
const planPriceFields = ['salePrice', ...PLAN_PRICE_FIELDS] as const
type PlanPriceField = (typeof planPriceFields)[number]

function isPlanPriceField(name: string): name is PlanPriceField {
  return (planPriceFields as readonly string[]).includes(name)
}

export interface PlanPrice {
  plan: PaymentPlan
  price: Money | null
}

/**
 * One price per payment plan for one unit: the product's field the plan names (salePrice or
 * advencePrice1–5), which is the default unit's, carried to `unit` as an order prices it (the unit's
 * sale price scaled by the plan's ratio to the sale price, `planUnitPrice`). Without `unit`, the
 * default unit's. No plan has a price when the product has none (sale price 0: 'Fiyat Sorunuz'), nor
 * a plan whose own price is 0 (an import's gap, which an order refuses).
 */
export function planPrices(product: Product, plans: PaymentPlan[], unit?: Unit | null): PlanPrice[] {
  const sale = product.salePrice
  const unitSale = unit ? unitPrices(product, unit).sale : sale
  return plans.map((plan) => {
    const own = isPlanPriceField(plan.priceName) ? product[plan.priceName] : null
    if (!hasPrice(own) || !hasPrice(sale) || !unitSale) return { plan, price: null }
    const value = planUnitPrice({ unitPrice: unitSale.value, salePrice: sale.value, planPrice: own.value })
    return { plan, price: { value: value.toNumber(), currency: own.currency } }
  })
}

/** Whether an amount is a price: a sale price of 0 (or less) is none, shown as 'Fiyat Sorunuz'. */
export function hasPrice(money: Money | null): money is Money {
  return money !== null && money.value > 0
}

/** Whether the special-code line (and column) is on, and its title and value; null when off or empty. */
export function specialCode(
  product: Product,
  settings: Pick<
    StoreSettings,
    'b2b_urun_detay_ozel_kod_gosterim' | 'b2b_urun_detay_ozel_kod' | 'b2b_urun_detay_ozel_kod_baslik'
  >,
): { title: string; value: string | null } | null {
  if (!settings.b2b_urun_detay_ozel_kod_gosterim) return null
  const value = product[settings.b2b_urun_detay_ozel_kod]?.trim() || null
  return { title: settings.b2b_urun_detay_ozel_kod_baslik, value }
}

/** The translation key of a stock-number label from the domain ('Ürün kodu' / 'Barkod'). */
export function stockNumberLabelKey(label: StockNumberLabel['label']): 'product.code' | 'product.barcode' {
  return label === 'Barkod' ? 'product.barcode' : 'product.code'
}

/**
 * The prices of one unit: its own when the server sent them; otherwise the product's prices scaled by
 * the unit's multiplier against the default unit's (both null when prices are hidden from the visitor).
 */
export function unitPrices(
  product: Pick<Product, 'salePrice' | 'listPrice' | 'defaultUnit'>,
  unit: Unit | null,
): { sale: Money | null; list: Money | null } {
  if (!unit) return { sale: product.salePrice, list: product.listPrice }
  const ratio = unit.multiplier / (product.defaultUnit?.multiplier || 1)
  const scaled = (money: Money | null) =>
    money ? { value: money.value * ratio, currency: money.currency } : null
  return {
    sale: unit.defaultPrice ?? scaled(product.salePrice),
    list: unit.listPrice ?? scaled(product.listPrice),
  }
}
