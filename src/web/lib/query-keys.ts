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
  /** GET /autocomplete?q=: the products a typed code or name may mean (quick order, the cart's entry). */
  productSuggestions: (q: string) => ['catalog', 'suggestions', q] as const,
  categories: () => ['catalog', 'categories'] as const,
  /** The logged-in dealer's cart (GET /api/catalog/cart); every cart call answers the whole cart. */
  cart: () => ['cart'] as const,
  /** GET /api/catalog/cart/checkout: the risk-limit figures the cart page checks before ordering. */
  /** With a cart's signature: the figures for those lines; without: every cart's (to invalidate). */
  checkoutInfo: (cartSignature?: string) =>
    cartSignature === undefined
      ? (['checkout', 'info'] as const)
      : (['checkout', 'info', cartSignature] as const),
  /** Every page of the company's orders (GET /api/catalog/orders?page=n) and one page. */
  orderLists: () => ['orders', 'list'] as const,
  orderList: (page: number) => ['orders', 'list', page] as const,
  /** One order (GET /api/catalog/order/:id); placing an order seeds it for the success screen. */
  order: (id: number) => ['orders', 'detail', id] as const,
}
