// The scenario table. A scenario is the request(s) autocannon sends as the logged-in dealer, plus a
// check of one answer before the load starts (a wrong 200 would make a meaningless figure).
//
// Adding one is a few lines: { id, label, requests: (ctx) => [...], verify }. `requests` may hold
// several requests, each { method, path, headers?, body?, label? }; every connection cycles through them
// in order. Optional `setup(ctx, client, clients)` runs once before the check and the warm-up (the cart
// scenarios fill a cart there) and `teardown(ctx, client, clients)` after the measured run. The session
// cookie, x-csrf-token and x-requested-with headers are added to every request.
//
// By default all connections share the run's demo dealer session. A scenario that needs other users
// declares `sessions: (ctx) => [{ email, password }, …]`: each is logged in once, connection i sends
// session i % n's headers and cycles through `requests(ctx, i)`, and `connections: (ctx) => n` may fix
// the number of connections. Requests with a `label` get their own latency figures (`parts` in the
// results); `throughput: { label, name }` reports the successful answers of that label per second.
// `p99Budget: false` keeps a scenario out of the p99 and size budgets (figures only).
//
// A scenario whose requests depend on earlier answers declares `flow(ctx, send, { worker, iteration })`
// instead of `requests` and `verify`: measure.mjs runs it in `connections` loops for the duration (see
// there); `throughput.label` names the whole flow.
//
// A scenario that is not HTTP load declares `run({ baseUrl, client, ctx, duration, warmup, serverPid })`
// and returns the figures itself (the staff sockets: bench/staff-sockets.mjs); `notes` it returns are
// printed under its line.

/**
 * @typedef {import('./types.ts').Context} Context
 * @typedef {import('./types.ts').Scenario} Scenario
 * @typedef {import('./types.ts').BenchRequest} BenchRequest
 * @typedef {import('./types.ts').CartProduct} CartProduct
 * @typedef {import('./types.ts').Answer} Answer
 * @typedef {import('./types.ts').Send} Send
 * @typedef {import('./client.mjs').Client} Client
 * @typedef {(body: any, req: BenchRequest, ctx: Context) => string | null} Verify
 * @typedef {(body: any) => string | null} BodyCheck
 */

/**
 * What a scenario's setup put in the context (its requests are made after it).
 * @template T
 * @param {T | undefined} value
 * @param {string} what
 * @returns {T}
 */
const prepared = (value, what) => {
  if (value === undefined) throw new Error(`${what}: not prepared (the scenario's setup makes it)`)
  return value
}

import { readFileSync } from 'node:fs'
import { seededRandom } from './client.mjs'
import { runQuickOrder } from './quick-order.mjs'
import { benchBinPrefixes } from './seed.mjs'
import { prepareStaffCatalogue, runBulkPrice, runEditVisible, staffProductsPath } from './staff-catalogue.mjs'
import { runStaffSockets, STAFF_SOCKETS } from './staff-sockets.mjs'

/** @param {number} page @returns {BodyCheck} */
const isList = (page) => (body) =>
  Array.isArray(body.items) && body.items.length > 0 && body.page === page
    ? null
    : `expected a non-empty page ${page}, got page ${body.page} with ${body.items?.length} items`

/** @param {string} path @returns {BenchRequest} */
const get = (path) => ({ method: 'GET', path })

/**
 * A list answer for the page its request asked for.
 * @param {any} body
 * @param {BenchRequest} req
 */
function pageAsked(body, req) {
  const asked = Number(new URL(req.path, 'http://bench').searchParams.get('page'))
  return isList(asked)(body)
}

/** Lines in the cart of the cart scenarios (the cart budget of docs/design.md §6: a cart of 50 lines). */
export const CART_LINES = 50

/**
 * The CART_LINES products with the most stock that a dealer can add in their default unit (multiplier
 * 1, no variant choice needed, a price), so that thousands of adds of 1 never reach a stock limit.
 * @param {Context} ctx
 * @param {Client} client
 * @returns {Promise<CartProduct[]>}
 */
async function cartProducts(ctx, client) {
  if (ctx.cartProducts) return ctx.cartProducts
  /** @type {CartProduct[]} */
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

/**
 * Empties the dealer's cart and adds one of each cart product: CART_LINES lines.
 * @param {Context} ctx
 * @param {Client} client
 */
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

/**
 * @param {Context} _ctx
 * @param {Client} client
 */
async function emptyCart(_ctx, client) {
  const res = await client.request('/api/catalog/cart', { method: 'DELETE' })
  if (res.status !== 200)
    throw new Error(`DELETE /api/catalog/cart answered ${res.status}: ${res.text.slice(0, 300)}`)
}

/** @param {CartProduct} p @returns {BenchRequest} */
const addRequest = (p) => ({
  method: 'POST',
  path: `/api/catalog/cart/${p.id}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: `quantity=1&productValue=${p.unitId}`,
})

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** BINs the lookup scenario sends in turn. */
export const BIN_DRAWS = 300

/**
 * 8-digit BINs drawn with a fixed seed (every run sends the same): two in three under a prefix of the
 * bench's BIN table (an 8-digit one among them now and then), one in three unknown (no card number
 * starts with 0).
 */
export function binDraws() {
  const known = benchBinPrefixes()
  let state = 0x5eed
  /** @param {number} n */
  const next = (n) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % n
  }
  return Array.from({ length: BIN_DRAWS }, (_, i) =>
    i % 3 === 2
      ? `0${String(next(10_000_000)).padStart(7, '0')}`
      : `${known[next(known.length)] ?? ''}${String(next(100)).padStart(2, '0')}`.slice(0, 8),
  )
}

/** @param {string} bin @returns {BenchRequest} */
const binRequest = (bin) => ({
  method: 'POST',
  path: '/api/catalog/bin-control',
  headers: FORM,
  body: `binNumber=${bin}`,
})

/** A known BIN answers its network (the bench's rows are VISA or MASTERCARD), an unknown one none; both get plans. */
/** @type {Verify} */
const isBinAnswer = (body, req) => {
  const unknown = req.body?.startsWith('binNumber=0')
  const organization = body.bank?.organization
  if (!Array.isArray(body.plans) || body.plans.length === 0) return `${body.plans?.length} plans`
  if (unknown ? organization !== null : !['VISA', 'MASTER_CARD'].includes(organization)) {
    return `organization ${organization} for ${req.body}`
  }
  return null
}

// ---------------------------------------------------------------------------------------------------
// The staff search dashboard: its tables and its word and user searches, as the demo
// administrator, over the bench's search log (src/server/cli/bench-search-logs.ts).

const STAFF = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }
const DASHBOARD_PERIODS = ['today', '7d', '30d']
/** Requests in one connection's cycle: half the tables, a quarter word searches, a quarter user searches. */
export const DASHBOARD_DRAWS = 120

/**
 * The dashboard's requests, drawn with a fixed seed (every run sends the same): each a random period,
 * the searches a random word (frequent to never searched, Turkish letters and upper case among them)
 * or user term (names, parts of names and e-mail addresses) of the search log's report.
 * @param {{ words: string[], userTerms: string[] }} terms
 * @returns {BenchRequest[]}
 */
export function dashboardRequests({ words, userTerms }) {
  let state = 0x13d
  /** @param {number} n */
  const next = (n) => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % n
  }
  return Array.from({ length: DASHBOARD_DRAWS }, (_, i) => {
    const period = /** @type {string} */ (DASHBOARD_PERIODS[next(DASHBOARD_PERIODS.length)])
    if (i % 2 === 0) return { ...get(`/yonetim/top-queries?period=${period}`), label: 'tables' }
    const [type, terms, label] =
      i % 4 === 1 ? ['kelime', words, 'word search'] : ['kullanıcı', userTerms, 'user search']
    const query = new URLSearchParams({ query: terms[next(terms.length)] ?? '', type, period })
    return { ...get(`/yonetim/search_queries?${query}`), label }
  })
}

/** The cycle started `by` requests later, so the connections do not send the same request together. */
/** Sorts a dealer can pick on a list, drawn at random by the random list scenarios. */
const LIST_SORTS = ['name', '-name', 'price', '-price', 'quantity', '-quantity', 'brand']

/** Requests a connection sends in turn when a scenario draws at random (each connection its own draws). */
const RANDOM_REQUESTS = 2_000

/**
 * @param {(ctx: Context, draw: () => number) => string} make
 * @returns {(ctx: Context, connection: number) => BenchRequest[]}
 */
const drawn = (make) => (ctx, connection) => {
  const draw = seededRandom(1 + connection * 7919)
  return Array.from({ length: RANDOM_REQUESTS }, () => get(make(ctx, draw)))
}
/**
 * @template T
 * @param {T[]} list
 * @param {() => number} draw
 * @returns {T}
 */
const pick = (list, draw) => /** @type {T} */ (list[Math.floor(draw() * list.length)])

/**
 * @template T
 * @param {T[]} list
 * @param {number} by
 */
const rotate = (list, by) => list.slice(by % list.length).concat(list.slice(0, by % list.length))

/**
 * The tables of 7 and 30 days are full (20 words, 20 users, 20 latest); a search answers its type.
 * @type {Verify}
 */
function isDashboardAnswer(body, req) {
  const url = new URL(req.path, 'http://bench')
  const period = url.searchParams.get('period')
  if (body.period !== period) return `period ${body.period}, asked ${period}`
  if (url.pathname === '/yonetim/top-queries') {
    const full = [body.topQueries, body.topUsers, body.lastQueries].every(
      (/** @type {unknown[]} */ t) => t?.length === 20,
    )
    return period === 'today' || full
      ? null
      : `${body.topQueries?.length} words, ${body.topUsers?.length} users, ${body.lastQueries?.length} latest`
  }
  return body.success === true &&
    body.type === url.searchParams.get('type') &&
    Array.isArray(body.searchResult)
    ? null
    : `success ${body.success}, type ${body.type}`
}

/** The orders of the history company (docs/design.md §6: a dealer with 10,000 orders), 20 a page. */
export const HISTORY_ORDERS = 10_000
const ORDERS_PER_PAGE = 20
const DEEP_ORDER_PAGE = 400

/** One login per bench dealer: every connection of the order scenario orders as its own company. */
/** @param {Context} ctx */
const benchDealers = (ctx) =>
  ctx.fixtures.dealers.map((email) => ({ email, password: ctx.fixtures.password }))
/** @param {Context} ctx */
const historyDealer = (ctx) => [{ email: ctx.fixtures.historyEmail, password: ctx.fixtures.password }]

/**
 * The cart products (the most stock, see cartProducts) dealt out to the dealers: dealer i orders
 * products i, i + n, i + 2n… in turn, so no two dealers wait on the same product row and each product
 * loses only one dealer's orders of stock. Starts every dealer with an empty cart.
 * @param {Context} ctx
 * @param {Client} client
 * @param {Client[]} clients
 */
async function dealOrderProducts(ctx, client, clients) {
  const products = await cartProducts(ctx, client)
  ctx.orderProducts = clients.map((_, i) => products.filter((_, j) => j % clients.length === i))
  ctx.orderStock = Math.min(...products.map((p) => p.stock))
  for (const c of clients) await emptyCart(ctx, c)
}

/**
 * @param {Context} ctx
 * @param {Client} _client
 * @param {Client[]} clients
 */
async function emptyCarts(ctx, _client, clients) {
  for (const c of clients) await emptyCart(ctx, c)
}

/** A page whose #root the server filled, with the data it was drawn from. */
/** @type {BodyCheck} */
const isDrawnPage = (html) =>
  /<div id="root"><[^/]/.test(html) && html.includes('id="ssr-state"')
    ? null
    : 'the page was not drawn on the server'

const ORDER_NO = /^S\d{4}-\d{6}$/

/** @param {number} page @returns {BodyCheck} */
const orderPage = (page) => (body) =>
  body.page === page && body.items?.length === ORDERS_PER_PAGE && body.total === HISTORY_ORDERS
    ? null
    : `expected page ${page} with ${ORDERS_PER_PAGE} of ${HISTORY_ORDERS} orders, got page ${body.page} with ` +
      `${body.items?.length} of ${body.total}`

// ---------------------------------------------------------------------------------------------------
// Card payments (docs/payments.md) through the sandbox POS, as the payment frame and a browser make them.

const TEST_CARDS_FILE = new URL('../src/server/integrations/payments/sandbox/test-cards.ts', import.meta.url)

/**
 * The sandbox's success cards and SMS code, read from its own list (test-cards.ts), so the bench pays
 * with the cards the sandbox knows today.
 */
export function sandboxCards(source = readFileSync(TEST_CARDS_FILE, 'utf8')) {
  const cards = [...source.matchAll(/number: '(\d{16})',\s*outcome: 'success'/g)].map(
    (m) => /** @type {string} */ (m[1]),
  )
  const smsCode = /SANDBOX_SMS_CODE = '(\d+)'/.exec(source)?.[1]
  if (cards.length === 0 || !smsCode)
    throw new Error(`No success cards or SMS code in ${TEST_CARDS_FILE.pathname}`)
  return { cards, smsCode }
}

/** Read once, kept out of the context (which the results file records). */
/** @type {{ cards: string[], smsCode: string } | null} */
let sandbox = null

/** The amount on account each bench payment pays (TRY). */
export const PAYMENT_AMOUNT = '12.50'

const JSON_BODY = { 'content-type': 'application/json' }

/** @param {string} text */
const unescapeHtml = (text) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * @param {Answer} res
 * @param {number} status
 * @param {string} what
 */
const expectStatus = (res, status, what) => {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 200)}`)
}

/**
 * One payment on account ('pay') as the browser makes it: the frame's start (JSON, the page's CSRF
 * token) → the redirect to the sandbox's 3-D Secure page → its form posted with the SMS code → the
 * auto-posting form it answers, posted to our callback (the session cookie only, as a browser posts a
 * form) → the callback page's message to the frame → the result the page reads. Throws unless the
 * intent succeeded. The three success cards in turn.
 * @type {NonNullable<Scenario['flow']>}
 */
async function payOnAccount(_ctx, send, { iteration }) {
  sandbox ??= sandboxCards()
  const { cards, smsCode } = sandbox
  const card = cards[iteration % cards.length] ?? ''
  const start = await send('start', '/api/payments/start', {
    method: 'POST',
    headers: JSON_BODY,
    body: JSON.stringify({
      paymentType: 'pay',
      card,
      ccv: '123',
      expire: '12/39',
      holder: 'Bench Ödeme',
      amount: PAYMENT_AMOUNT,
      description: 'bench',
    }),
  })
  expectStatus(start, 200, 'POST /api/payments/start')
  const { intentId, action } = start.json()
  if (action?.type !== 'redirect')
    throw new Error(`the start answered action ${action?.type}, not a redirect`)

  const challenge = await send('3-D Secure page', action.url, { as: 'page' })
  expectStatus(challenge, 200, 'the 3-D Secure page')
  const formAction = /<form method="post" action="([^"]+)"/.exec(challenge.text)?.[1]
  if (!formAction) throw new Error('the 3-D Secure page has no form')

  const posted = await send('SMS code', unescapeHtml(formAction), {
    method: 'POST',
    headers: FORM,
    body: `code=${smsCode}`,
    as: 'page',
  })
  expectStatus(posted, 200, 'the SMS code')
  const callbackUrl = /<form id="result" method="post" action="([^"]+)"/.exec(posted.text)?.[1]
  if (!callbackUrl) throw new Error('the SMS code answered no result form')
  const fields = new URLSearchParams(
    [...posted.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      unescapeHtml(m[1] ?? ''),
      unescapeHtml(m[2] ?? ''),
    ]),
  )
  if (fields.get('intentId') !== intentId)
    throw new Error(`the result form is for intent ${fields.get('intentId')}`)

  const callback = await send('callback', unescapeHtml(callbackUrl), {
    method: 'POST',
    headers: FORM,
    body: fields.toString(),
    as: 'page',
  })
  expectStatus(callback, 200, 'the callback')
  const json = /<script type="application\/json" id="payment-result">([\s\S]*?)<\/script>/.exec(
    callback.text,
  )?.[1]
  const message = json ? JSON.parse(json) : null
  if (message?.type !== 'payment_succeed' || message.intentId !== intentId) {
    throw new Error(
      `the callback told the frame ${message ? `${message.type}: ${message.message}` : 'nothing'}`,
    )
  }

  const result = await send('result', `/api/payments/${intentId}`)
  expectStatus(result, 200, 'GET /api/payments/{id}')
  const paid = result.json()
  if (paid.status !== 'succeeded' || paid.amount !== Number(PAYMENT_AMOUNT)) {
    throw new Error(`the intent reads ${paid.status}, amount ${paid.amount}`)
  }
}

/**
 * 1,000 real-looking search terms (bench/search-terms.txt, drawn from the catalogue's
 * vocabulary: words as typed and without Turkish letters, prefixes, plural and possessive forms, one
 * typing error, two words of a name, sizes written together and apart, brands, categories, code
 * prefixes, capitals). Each connection starts at its own place in the list, so no answer repeats soon.
 */
export const SEARCH_TERMS = readFileSync(new URL('./search-terms.txt', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter(Boolean)

/**
 * @param {(q: string) => string} toPath
 * @returns {(ctx: Context, connection: number) => BenchRequest[]}
 */
const termRequests = (toPath) => (_ctx, connection) =>
  rotate(SEARCH_TERMS, connection * 97).map((q) => get(toPath(encodeURIComponent(q))))

/** @type {Scenario[]} */
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
    // Any page of the whole list in any sort, drawn at random.
    id: 'list-random',
    label: 'list, random page',
    describe: (ctx) => `pages 1–${ctx.pages}, ${LIST_SORTS.length} sorts`,
    requests: drawn(
      (ctx, draw) =>
        `/api/catalog/products?sort=${pick(LIST_SORTS, draw)}&page=${1 + Math.floor(draw() * ctx.pages)}`,
    ),
    verify: (body, req) => pageAsked(body, req),
  },
  {
    // Any leaf category, any of its pages, any sort.
    id: 'category-random',
    label: 'category, random',
    describe: (ctx) => `${ctx.categories.length} categories, any page and sort`,
    requests: drawn((ctx, draw) => {
      const c = pick(ctx.categories, draw)
      return `/api/catalog/products/${encodeURIComponent(c.slug)}?sort=${pick(LIST_SORTS, draw)}&page=${1 + Math.floor(draw() * c.pages)}`
    }),
    verify: (body, req) => pageAsked(body, req) ?? (body.facets ? null : 'no facets'),
  },
  {
    // Random product ids over the whole catalogue.
    id: 'detail',
    label: 'product detail',
    describe: (ctx) => `${ctx.randomIds.length} random ids`,
    requests: drawn((ctx, draw) => `/api/catalog/product/${pick(ctx.randomIds, draw)}`),
    verify: (body, req) => (req.path.endsWith(`/${body.id}`) ? null : `answered product ${body.id}`),
  },
  ...[1, 2, 3, 4, 5].map(
    (n) =>
      /** @type {Scenario} */ ({
        id: `autocomplete-${n}`,
        label: `autocomplete, ${n} char${n > 1 ? 's' : ''}`,
        describe: (ctx) =>
          prepared(ctx.prefixes[n], `prefixes of ${n}`)
            .map((q) => `'${q}'`)
            .join(' '),
        requests: (ctx) =>
          prepared(ctx.prefixes[n], `prefixes of ${n}`).map((q) =>
            get(`/autocomplete?q=${encodeURIComponent(q)}`),
          ),
        verify: (body) =>
          Array.isArray(body) && body.length > 0 && body.length <= 10 ? null : `${body.length} suggestions`,
      }),
  ),
  {
    // The ranked search page (count, facets and the page in one statement).
    id: 'search-page',
    label: 'search page, ranked',
    describe: () => `${SEARCH_TERMS.length} terms in turn`,
    requests: termRequests((q) => `/api/catalog/products?q=${q}`),
    verify: (body) =>
      Array.isArray(body.items) && body.sort === 'relevance' && body.facets
        ? null
        : `sort ${body.sort}, ${body.items?.length} items, facets ${JSON.stringify(body.facets)?.slice(0, 40)}`,
  },
  {
    // The autocomplete over the same terms (ranked for words of 3+ letters).
    id: 'search-autocomplete',
    label: 'autocomplete, terms',
    describe: () => `${SEARCH_TERMS.length} terms in turn`,
    requests: termRequests((q) => `/autocomplete?q=${q}`),
    verify: (body) => (Array.isArray(body) && body.length <= 10 ? null : `${body.length} suggestions`),
  },
  {
    id: 'page-list',
    label: 'list page, drawn on the server',
    describe: (ctx) => `/urunler, ${ctx.listPages.length} pages in turn`,
    requests: (ctx) => ctx.listPages.map((p) => get(`/urunler?page=${p}`)),
    html: true,
    verify: isDrawnPage,
    p99Budget: false,
  },
  {
    id: 'page-product',
    label: 'product page, drawn on the server',
    describe: (ctx) => `${ctx.productPaths.length} products in turn`,
    requests: (ctx) => ctx.productPaths.map((path) => get(path)),
    html: true,
    verify: isDrawnPage,
    p99Budget: false,
  },
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
    requests: (ctx) => prepared(ctx.cartProducts, 'cart products').map(addRequest),
    verify: (body, req) =>
      req.path.endsWith(`/${body.item?.product.id}`) && body.cart?.count === CART_LINES
        ? null
        : `item ${body.item?.product.id}, ${body.cart?.count} lines`,
  },
  {
    // docs/design.md §6: place-order throughput and p99 with 10 concurrent dealers. No p99 budget is set.
    id: 'order-place',
    label: 'order, add 1 + place',
    describe: (ctx) => `${ctx.fixtures.dealers.length} dealers, 1 connection each`,
    sessions: benchDealers,
    connections: (ctx) => ctx.fixtures.dealers.length,
    setup: dealOrderProducts,
    teardown: emptyCarts,
    requests: (ctx, connection) => {
      const dealt = prepared(ctx.orderProducts, 'order products')
      return prepared(dealt[connection % dealt.length], 'order products').flatMap((p) => [
        { ...addRequest(p), label: 'add to cart' },
        {
          method: 'POST',
          path: '/api/catalog/cart',
          headers: FORM,
          body: 'description=bench',
          label: 'place order',
        },
      ])
    },
    verify: (body, req) =>
      req.label === 'place order'
        ? ORDER_NO.test(body.orderNo) && body.orderItems?.length === 1
          ? null
          : `order ${body.orderNo} with ${body.orderItems?.length} lines`
        : body.cart?.count === 1
          ? null
          : `${body.cart?.count} lines in the cart`,
    throughput: { label: 'place order', name: 'orders/s' },
    p99Budget: false,
  },
  {
    // The card form looks the BIN up when the 16th digit is typed; p99 under 10 ms (BUDGETS).
    id: 'bin-control',
    label: 'BIN lookup',
    describe: () => `${BIN_DRAWS} BINs in turn, 1 in 3 unknown`,
    requests: () => binDraws().map(binRequest),
    verify: isBinAnswer,
  },
  {
    // The staff search dashboard over 1,000,000 logged searches; p99 under 100 ms (BUDGETS).
    id: 'search-dashboard',
    label: 'search dashboard',
    describe: (ctx) =>
      `${prepared(ctx.fixtures.searchLogs, 'search log').searches.toLocaleString('en')} searches; tables, word and user searches, ` +
      'random periods',
    searchLogs: true,
    sessions: () => [STAFF],
    requests: (ctx, connection) =>
      rotate(dashboardRequests(prepared(ctx.fixtures.searchLogs, 'search log')), connection * 7),
    verify: isDashboardAnswer,
  },
  {
    // STAFF_SOCKETS staff sockets on one process while dealers log in and out; the server's
    // memory and the push latency to one and to all sockets (bench/staff-sockets.mjs). Figures only.
    id: 'staff-sockets',
    label: 'staff sockets, pushes',
    describe: (ctx) => `${STAFF_SOCKETS} sockets, ${ctx.fixtures.dealers.length} dealers logging in and out`,
    run: runStaffSockets,
    p99Budget: false,
  },
  {
    // The card payment's server side with 10 dealers paying at once: figures only, no budget is set.
    id: 'payment-sandbox',
    label: 'card payment, sandbox',
    describe: (ctx) => `${ctx.fixtures.dealers.length} dealers, 'pay' ${PAYMENT_AMOUNT} TRY`,
    sessions: benchDealers,
    connections: (ctx) => ctx.fixtures.dealers.length,
    flow: payOnAccount,
    throughput: { label: 'whole payment', name: 'payments/s' },
    p99Budget: false,
  },
  {
    // docs/design.md §6: the order list of a dealer with 10,000 orders, p99 under 50 ms.
    id: 'orders-list',
    label: 'orders, page 1',
    describe: () => `${HISTORY_ORDERS.toLocaleString('en')} orders`,
    sessions: historyDealer,
    requests: () => [get('/api/catalog/orders?page=1')],
    verify: orderPage(1),
  },
  {
    id: 'orders-list-deep',
    label: `orders, page ${DEEP_ORDER_PAGE}`,
    describe: () => `of ${HISTORY_ORDERS / ORDERS_PER_PAGE}`,
    sessions: historyDealer,
    requests: () => [get(`/api/catalog/orders?page=${DEEP_ORDER_PAGE}`)],
    verify: orderPage(DEEP_ORDER_PAGE),
  },
  {
    // The staff's list of every dealer's orders over 100,000 orders; p99 under 100 ms (BUDGETS).
    id: 'staff-orders',
    label: 'staff orders, random',
    describe: (ctx) =>
      `${prepared(ctx.fixtures.backOffice, 'back office').orders.toLocaleString('en')} orders; random pages, filters, sorts`,
    backOffice: true,
    sessions: () => [STAFF],
    requests: drawn(staffOrdersPath),
    verify: isStaffList,
  },
  {
    // The staff's list of dealer companies over 20,000; p99 under 100 ms (BUDGETS).
    id: 'staff-customers',
    label: 'staff customers, random',
    describe: (ctx) =>
      `${prepared(ctx.fixtures.backOffice, 'back office').companies.toLocaleString('en')} companies; random pages, searches, sorts`,
    backOffice: true,
    sessions: () => [STAFF],
    requests: drawn(staffCustomersPath),
    verify: isStaffList,
  },
  {
    // The staff's product table over every product (variants too); p99 under 100 ms (BUDGETS).
    id: 'staff-products',
    label: 'staff products, random',
    describe: (ctx) =>
      `${ctx.total.toLocaleString('en')} listed products; random pages, filters, searches, sorts`,
    sessions: () => [STAFF],
    setup: prepareStaffCatalogue,
    requests: drawn(staffProductsPath),
    verify: isStaffList,
  },
  {
    // A product renamed in the back office, timed until a dealer's product page shows it (the
    // issue's budget: under 1 s on two processes, `--processes 1,2`). Figures only.
    id: 'staff-edit-visible',
    label: 'staff edit → dealer sees it',
    describe: () => 'a random product renamed, the dealer polling every 10 ms',
    run: runEditVisible,
    acrossProcesses: true,
    p99Budget: false,
  },
  {
    // A dealer's quick order: a pasted list of 1,000 lines previewed (budget: p99 under 300 ms), then
    // its good lines added to an empty cart (under 1 s on the embedded database; in the notes).
    id: 'quick-order',
    label: 'quick order, 1,000 lines',
    describe: () => 'a pasted list of 1,000 random codes previewed 20 times, then added 5 times',
    run: runQuickOrder,
  },
  {
    // A bulk price change of about 10,000 products as a job, timed until done (budget: under 10 s).
    // Figures only: the job's time is not a request's latency.
    id: 'staff-bulk-price',
    label: 'bulk price change',
    describe: () => 'the category nearest 10,000 products, +10 % then back',
    run: runBulkPrice,
    p99Budget: false,
  },
]

/** The staff order list's sorts as its address writes them. */
const STAFF_ORDER_SORTS = ['date', 'total']
const STAFF_ORDER_STATUSES = ['new', 'processing', 'shipped', 'delivered', 'cancelled']

/**
 * A staff order-list request drawn at random: any page of the whole list or of a status, a dealer's
 * orders, a number typed in part, sorted by any column either way (docs/design.md, the staff API).
 * @param {Context} ctx
 * @param {() => number} draw
 */
function staffOrdersPath(ctx, draw) {
  const office = prepared(ctx.fixtures.backOffice, 'back office')
  const query = new URLSearchParams()
  const kind = Math.floor(draw() * 4)
  if (kind === 1) query.set('status', pick(STAFF_ORDER_STATUSES, draw))
  if (kind === 2) query.set('customerId', String(pick(office.customerIds, draw)))
  // A number typed in part: S<year>-0001… to -0003, each the start of a thousand numbers of a year.
  if (kind === 3) query.set('q', `S${pick(office.orderYears, draw)}-000${1 + Math.floor(draw() * 3)}`)
  query.set('sort', pick(STAFF_ORDER_SORTS, draw))
  if (draw() < 0.5) query.set('dir', 'asc')
  // Pages drawn over the 20 the list shows (its count stops at 1,000); a filter's last page bounds it.
  query.set('page', String(1 + Math.floor(draw() * 20)))
  return `/yonetim/orders?${query}`
}

/**
 * A staff customer-list request drawn at random: a page of all companies or of the closed ones, a
 * search by a word of the names or a code, sorted by code or name either way.
 * @param {Context} ctx
 * @param {() => number} draw
 */
function staffCustomersPath(ctx, draw) {
  const office = prepared(ctx.fixtures.backOffice, 'back office')
  const query = new URLSearchParams()
  const kind = Math.floor(draw() * 3)
  if (kind === 1) query.set('q', pick(office.nameWords, draw).toLocaleLowerCase('tr'))
  if (kind === 2) query.set('active', 'false')
  query.set('sort', draw() < 0.5 ? 'name' : 'code')
  if (draw() < 0.5) query.set('dir', 'desc')
  query.set('page', String(1 + Math.floor(draw() * 20)))
  return `/yonetim/customers?${query}`
}

/**
 * A staff list's page: its rows and their count.
 * @param {any} body
 * @returns {string | null}
 */
function isStaffList(body) {
  return Array.isArray(body.items) && typeof body.total === 'number' && body.total > 0
    ? null
    : `no list: ${JSON.stringify(body).slice(0, 120)}`
}

/**
 * Not a load scenario: what a guest's first page (`/`) ships on the wire (bench/wire.mjs), measured
 * once, at the first catalogue size. `--scenarios wire` runs only this check.
 */
export const WIRE_CHECK = { id: 'wire', label: 'initial page on the wire', path: '/' }

export const BUDGETS = {
  /** Compressed JS+CSS the initial page loads as it starts (KiB). */
  initialPageKiB: 200,
  /** Every scenario's p99 at the largest catalogue (100,000). */
  p99Ms: 50,
  /** Scenarios held to a tighter p99 than p99Ms (ms). */
  p99MsById: {
    'bin-control': 10,
    'search-dashboard': 100,
    'staff-orders': 100,
    'staff-customers': 100,
    'staff-products': 100,
    'quick-order': 300,
  },
  /** p50 and p99 at the largest catalogue against the smallest. */
  sizeRatio: 3,
  /** p50 and p99 of a subject scenario against its base, at every size. */
  pairs: [{ label: 'deep page vs page 1', subject: 'list-deep', base: 'list-page-1', max: 1.5 }],
  /**
   * The server's peak RSS (MiB) per database, from catalogues of `atSize` listed products on (each
   * run held to the largest step it reaches): one process holds its search index of every listed
   * product, so a million on PostgreSQL get a gibibyte (the embedded database is not meant for them,
   * and holds none there).
   */
  rssMiB: [
    { atSize: 100_000, postgres: 400, embedded: 700 },
    { atSize: 1_000_000, postgres: 1024 },
  ],
}
