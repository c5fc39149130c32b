// The scenario table. A scenario is the request(s) autocannon sends as the logged-in dealer, plus a
// check of one answer before the load starts (a wrong 200 would make a meaningless figure).
//
// Adding one is a few lines: { id, label, requests: (ctx) => [...], verify }. `requests` may hold
// several requests, each { method, path, headers?, body? }; every connection cycles through them in
// order. Optional `setup(ctx, client)` runs once before the check and the warm-up (the cart scenarios
// fill a cart there) and `teardown(ctx, client)` after the measured run. The session cookie,
// x-csrf-token and x-requested-with headers are added to every request.

/**
 * @typedef {object} Context
 * @property {number} total listed products the dealer sees
 * @property {number} pages @property {number} limit
 * @property {number} deepPage min(2000, pages) @property {number} priceSortPage min(50, pages)
 * @property {{slug: string, name: string, total: number}} category the busiest leaf category
 * @property {number[]} productIds about 50 ids from across the catalogue
 * @property {Record<number, string[]>} prefixes autocomplete prefixes by length 1–5
 */

const isList = (page) => (body) =>
  Array.isArray(body.items) && body.items.length > 0 && body.page === page
    ? null
    : `expected a non-empty page ${page}, got page ${body.page} with ${body.items?.length} items`

const get = (path) => ({ method: 'GET', path })

/** Lines in the cart of the cart scenarios (issue 4: "a cart of 50 lines"). */
export const CART_LINES = 50

/**
 * The CART_LINES products with the most stock that a dealer can add in their default unit (multiplier
 * 1, no variant choice needed, a price), so that thousands of adds of 1 never reach a stock limit.
 */
async function cartProducts(ctx, client) {
  if (ctx.cartProducts) return ctx.cartProducts
  const found = []
  for (let page = 1; page <= 10 && found.length < CART_LINES; page++) {
    const list = await client.getJson(`/api/catalog/products?sort=-quantity&page=${page}`)
    for (const p of list.items) {
      const unit = p.defaultUnit
      if (unit?.multiplier !== 1 || p.varyantx || !(p.salePrice?.value > 0)) continue
      if (found.length < CART_LINES) found.push({ id: p.id, unitId: unit.id, stock: p.quantity })
    }
  }
  if (found.length < CART_LINES) throw new Error(`Only ${found.length} products can be added to a cart`)
  ctx.cartProducts = found
  return found
}

/** Empties the dealer's cart and adds one of each cart product: CART_LINES lines. */
async function fillCart(ctx, client) {
  const products = await cartProducts(ctx, client)
  await emptyCart(ctx, client)
  for (const p of products) {
    const req = addRequest(p)
    const res = await client.request(req.path, req)
    if (res.status !== 200)
      throw new Error(`Filling the cart: ${req.path} answered ${res.status}: ${res.text.slice(0, 300)}`)
  }
}

async function emptyCart(_ctx, client) {
  const res = await client.request('/api/catalog/cart', { method: 'DELETE' })
  if (res.status !== 200)
    throw new Error(`DELETE /api/catalog/cart answered ${res.status}: ${res.text.slice(0, 300)}`)
}

const addRequest = (p) => ({
  method: 'POST',
  path: `/api/catalog/cart/${p.id}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: `quantity=1&productValue=${p.unitId}`,
})

/** @type {Array<{id: string, label: string, describe?: (ctx: Context) => string, requests: (ctx: Context) => object[], verify?: (body: any, req: object, ctx: Context) => string | null, setup?: Function, teardown?: Function}>} */
export const SCENARIOS = [
  {
    id: 'list-page-1',
    label: 'list, page 1',
    requests: () => [get('/api/catalog/products?page=1')],
    verify: isList(1),
  },
  {
    id: 'list-deep',
    label: 'list, deep page',
    describe: (ctx) => `page ${ctx.deepPage}`,
    requests: (ctx) => [get(`/api/catalog/products?page=${ctx.deepPage}`)],
    verify: (body, _req, ctx) => isList(ctx.deepPage)(body),
  },
  {
    id: 'list-price-asc',
    label: 'list, sort=price',
    describe: (ctx) => `page ${ctx.priceSortPage}`,
    requests: (ctx) => [get(`/api/catalog/products?sort=price&page=${ctx.priceSortPage}`)],
    verify: (body, _req, ctx) =>
      isList(ctx.priceSortPage)(body) ?? (body.sort === 'price' ? null : `sort ${body.sort}`),
  },
  {
    id: 'list-price-desc',
    label: 'list, sort=-price',
    describe: (ctx) => `page ${ctx.priceSortPage}`,
    requests: (ctx) => [get(`/api/catalog/products?sort=-price&page=${ctx.priceSortPage}`)],
    verify: (body, _req, ctx) =>
      isList(ctx.priceSortPage)(body) ?? (body.sort === '-price' ? null : `sort ${body.sort}`),
  },
  {
    id: 'category',
    label: 'category page',
    describe: (ctx) => `${ctx.category.slug}, ${ctx.category.total} products`,
    requests: (ctx) => [get(`/api/catalog/products/${encodeURIComponent(ctx.category.slug)}?page=1`)],
    verify: (body, _req, ctx) =>
      isList(1)(body) ?? (body.category?.slug === ctx.category.slug ? null : 'wrong category'),
  },
  {
    id: 'detail',
    label: 'product detail',
    describe: (ctx) => `${ctx.productIds.length} ids in turn`,
    requests: (ctx) => ctx.productIds.map((id) => get(`/api/catalog/product/${id}`)),
    verify: (body, req) => (req.path.endsWith(`/${body.id}`) ? null : `answered product ${body.id}`),
  },
  ...[1, 2, 3, 4, 5].map((n) => ({
    id: `autocomplete-${n}`,
    label: `autocomplete, ${n} char${n > 1 ? 's' : ''}`,
    describe: (ctx) => ctx.prefixes[n].map((q) => `'${q}'`).join(' '),
    requests: (ctx) => ctx.prefixes[n].map((q) => get(`/autocomplete?q=${encodeURIComponent(q)}`)),
    verify: (body) =>
      Array.isArray(body) && body.length > 0 && body.length <= 10 ? null : `${body.length} suggestions`,
  })),
  {
    id: 'cart-get',
    label: 'cart, get',
    describe: () => `${CART_LINES} lines`,
    setup: fillCart,
    requests: () => [get('/api/catalog/cart')],
    verify: (body) => (body.count === CART_LINES ? null : `${body.count} lines`),
  },
  {
    id: 'cart-add',
    label: 'cart, add 1',
    describe: () => `to the ${CART_LINES} lines in turn`,
    setup: fillCart,
    teardown: emptyCart,
    requests: (ctx) => ctx.cartProducts.map(addRequest),
    verify: (body, req) =>
      req.path.endsWith(`/${body.item?.product.id}`) && body.cart?.count === CART_LINES
        ? null
        : `item ${body.item?.product.id}, ${body.cart?.count} lines`,
  },
]

export const BUDGETS = {
  /** Every scenario's p99 at the largest catalogue (100,000). */
  p99Ms: 50,
  /** p50 and p99 at the largest catalogue against the smallest. */
  sizeRatio: 3,
  /** p50 and p99 of a subject scenario against its base, at every size. */
  pairs: [{ label: 'deep page vs page 1', subject: 'list-deep', base: 'list-page-1', max: 1.5 }],
}
