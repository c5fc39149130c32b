/**
 * Query keys in one place. Prices come converted into the visitor's currency, so a currency change
 * invalidates every query rather than keying each one by currency.
 */
export const queryKeys = {
  campaigns: () => ['catalog', 'campaigns'] as const,
  /** Every product list (invalidated together when the stock-only preference changes). */
  productLists: () => ['catalog', 'products'] as const,
  productList: (apiPath: string, params: Record<string, string>) =>
    ['catalog', 'products', apiPath, params] as const,
  product: (id: number) => ['catalog', 'product', id] as const,
  categories: () => ['catalog', 'categories'] as const,
  /** The logged-in dealer's cart (GET /api/catalog/cart); every cart call answers the whole cart. */
  cart: () => ['cart'] as const,
}
