import {
  CUSTOMER_CART_LINES_LIMIT,
  CUSTOMER_CARTS_LIMIT,
  type CustomerCart,
  type CustomerCarts,
} from '../../../contracts/staff-live'
import type { CachedDb } from '../../cache/caches'
import { cartAsSeen, linesOfCarts } from '../cart/cart.service'
import { pricingContextFor } from '../catalog/pricing.service'
import { loadCurrencies, loadStoreSettings } from '../store/store.service'
import { findRecentCarts } from './customer-carts.repository'

type LineRow = Awaited<ReturnType<typeof linesOfCarts>>[number]

/**
 * GET /yonetim/customer-carts: the dealers' carts that hold something, most recently changed first, at
 * most CUSTOMER_CARTS_LIMIT, each with its first CUSTOMER_CART_LINES_LIMIT lines. Each cart is priced
 * with the cart page's own code (cartAsSeen) in its dealer's pricing — their currency,
 * their company's profit %, tax as the store shows it — so its total is what the dealer sees. Four
 * queries whatever the number of carts: settings and currencies (cached), the carts, their lines.
 */
export async function listCustomerCarts(data: CachedDb): Promise<CustomerCarts> {
  const rows = await findRecentCarts(data.db, CUSTOMER_CARTS_LIMIT)
  const lines = await linesOfCarts(
    data.db,
    rows.map((r) => r.id),
    CUSTOMER_CART_LINES_LIMIT,
  )
  const settings = await loadStoreSettings(data)
  const currencies = await loadCurrencies(data)
  const linesByCart = new Map<number, LineRow[]>()
  for (const line of lines) {
    const list = linesByCart.get(line.cartId)
    if (list) list.push(line)
    else linesByCart.set(line.cartId, [line])
  }
  const view = rows.map((row): CustomerCart => {
    const ctx = pricingContextFor(settings, currencies, {
      preferences: row.preferences,
      profitPercent: row.profitPercent ?? '0',
    })
    const cart = cartAsSeen(linesByCart.get(row.id) ?? [], ctx)
    return {
      id: row.id,
      userId: row.userId,
      userName: row.userName.trim() === '' ? null : row.userName,
      companyName: row.companyName,
      updatedAt: row.updatedAt.toISOString(),
      lineCount: row.lineCount,
      items: cart.items.map((item) => ({
        productName: item.product.name,
        productCode: item.product.code,
        productQuantity: item.quantity,
        unit: item.productUnit.value,
        link: item.product.url,
      })),
      total: cart.totals.total,
    }
  })
  return { carts: view, limit: CUSTOMER_CARTS_LIMIT, lineLimit: CUSTOMER_CART_LINES_LIMIT }
}
