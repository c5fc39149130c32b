// A tiny HTTP client that keeps the session cookie, logs in as the demo dealer, and finds what the
// scenarios need (a busy leaf category, product ids, page counts, real autocomplete prefixes).

/**
 * @typedef {import('./types.ts').Login} Login
 * @typedef {import('./types.ts').Answer} Answer
 * @typedef {import('./types.ts').Context} Context
 */

export const DEALER = { email: 'bayi@toptan.test', password: 'Bayi1234!' }
const SESSION_COOKIE = 'toptan_sid'

export class Client {
  /** @param {string} baseUrl */
  constructor(baseUrl) {
    this.baseUrl = baseUrl
    this.sid = ''
    this.csrf = ''
  }

  /**
   * Headers that make a request come from this session and pass the CSRF and same-origin checks for
   * writes (a browser names the page's origin on every write: src/server/http/same-origin.ts).
   */
  authHeaders() {
    return {
      cookie: `${SESSION_COOKIE}=${this.sid}`,
      'x-csrf-token': this.csrf,
      'x-requested-with': 'XMLHttpRequest',
      origin: new URL(this.baseUrl).origin,
    }
  }

  /**
   * @param {string} path
   * @param {{ method?: string, headers?: Record<string, string>, body?: string }} init
   * @returns {Promise<Answer>}
   */
  async request(path, { method = 'GET', headers = {}, body } = {}) {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { ...(this.sid ? this.authHeaders() : {}), ...headers },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
    for (const line of res.headers.getSetCookie()) {
      const m = new RegExp(`^${SESSION_COOKIE}=([^;]*)`).exec(line)
      if (m?.[1] !== undefined) this.sid = m[1]
    }
    const text = await res.text()
    return { status: res.status, text, json: () => JSON.parse(text) }
  }

  /**
   * @param {string} path
   * @returns {Promise<any>}
   */
  async getJson(path) {
    const res = await this.request(path)
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 300)}`)
    return res.json()
  }

  /**
   * GET / for a session and its CSRF token, then POST /api/account/login; checks the role.
   * @param {Login} login
   */
  async login({ email, password } = DEALER) {
    const page = await this.request('/')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)?.[1]
    if (page.status !== 200 || !token || !this.sid) {
      throw new Error(`GET / gave no session cookie or CSRF token (status ${page.status})`)
    }
    this.csrf = token
    const res = await this.request('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
    if (res.status !== 200)
      throw new Error(`Login as ${email} answered ${res.status}: ${res.text.slice(0, 300)}`)
    this.csrf = res.json().csrfToken
    const boot = await this.getJson('/api/bootstrap')
    if (boot.user?.email !== email) throw new Error(`Logged in, but /api/bootstrap shows ${boot.user?.email}`)
    return boot.user
  }
}

/** Logged-in clients by server and e-mail: a scenario's own sessions are opened once per server. */
/** @type {Map<string, Client>} */
const sessions = new Map()

/**
 * A client logged in as `login` ({ email, password }) on the server at `baseUrl`, reused if there is one.
 * @param {string} baseUrl
 * @param {Login} login
 */
export async function session(baseUrl, login) {
  const key = `${baseUrl} ${login.email.toLowerCase()}`
  let client = sessions.get(key)
  if (!client) {
    client = new Client(baseUrl)
    await client.login(login)
    sessions.set(key, client)
  }
  return client
}

// ---------------------------------------------------------------------------------------------------

/** Prefixes every run tries first (docs/design.md §6: Turkish letters, mixed case, a product code). */
/** @type {Record<number, string[]>} */
const PREFERRED = { 1: ['ş'], 2: ['vi'], 3: ['viD'], 4: ['kabl'], 5: ['somun', 'HRD-0'] }
/** Different prefixes per length, so that one cached answer cannot stand for the whole scenario. */
export const PREFIXES_PER_LENGTH = 8
const PRODUCT_SAMPLE = 50
/** List pages whose products make the random detail scenario's ids (24 each: about 2,000 ids). */
const RANDOM_ID_PAGES = 84

/**
 * A repeatable sequence of numbers in [0, 1) (the same draws on every run, so runs compare).
 * @param {number} seed
 */
export function seededRandom(seed) {
  let state = seed >>> 0 || 1
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}
const TURKISH = /[çğıöşü]/

/**
 * @typedef {{ slug: string, name: string, children: CategoryNode[] }} CategoryNode
 * @param {CategoryNode[]} nodes
 * @returns {CategoryNode[]}
 */
const leaves = (nodes) => nodes.flatMap((n) => (n.children.length ? leaves(n.children) : [n]))

/**
 * Everything the scenarios need, found through the API as the logged-in dealer; the caller adds the
 * fixtures.
 * @param {Client} client
 * @param {{ log: (line: string) => void }} options
 * @returns {Promise<Omit<Context, 'fixtures'>>}
 */
export async function discover(client, { log }) {
  const first = await client.getJson('/api/catalog/products?page=1')
  const { total, pages, limit } = first

  // The busiest leaf category (its first page is the category scenario).
  const tree = await client.getJson('/api/catalog/categories')
  /** @type {Context['category'] | null} */
  let category = null
  // Every leaf with products, for the scenarios that draw a category at random.
  /** @type {Context['categories']} */
  const categories = []
  for (const leaf of leaves(tree.categories)) {
    const list = await client.getJson(`/api/catalog/products/${encodeURIComponent(leaf.slug)}?page=1`)
    if (list.total > 0) categories.push({ slug: leaf.slug, total: list.total, pages: list.pages })
    if (!category || list.total > category.total)
      category = { slug: leaf.slug, name: leaf.name, total: list.total }
  }
  if (!category) throw new Error('The category tree has no leaf categories')

  // Ids from RANDOM_ID_PAGES list pages drawn over the whole catalogue: the random detail reads.
  const draw = seededRandom(20261127)
  /** @type {number[]} */
  const randomIds = []
  for (let i = 0; i < Math.min(RANDOM_ID_PAGES, pages); i++) {
    const p = 1 + Math.floor(draw() * pages)
    for (const item of (await client.getJson(`/api/catalog/products?page=${p}`)).items)
      randomIds.push(item.id)
  }

  // Products from five places across the name order, to sample ids, names and codes.
  const samplePages = [
    ...new Set([1, 0.25, 0.5, 0.75, 1].map((f, i) => (i === 0 ? 1 : Math.max(1, Math.round(pages * f))))),
  ]
  /** @type {Array<{ id: number, url: string, name: string, code: string }>} */
  const sampled = []
  for (const p of samplePages)
    sampled.push(...(await client.getJson(`/api/catalog/products?page=${p}`)).items)
  const step = Math.max(1, sampled.length / PRODUCT_SAMPLE)
  /** @type {number[]} */
  const productIds = []
  /** @type {string[]} */
  const productPaths = []
  for (let i = 0; i < sampled.length && productIds.length < PRODUCT_SAMPLE; i += step) {
    const product = /** @type {(typeof sampled)[number]} */ (sampled[Math.floor(i)])
    productIds.push(product.id)
    productPaths.push(product.url)
  }
  // Twenty list pages spread over the whole catalogue, for the pages drawn on the server.
  const listPages = [...new Set(Array.from({ length: 20 }, (_, i) => 1 + Math.floor((i * (pages - 1)) / 19)))]

  /** @type {Record<number, string[]>} */
  const prefixes = {}
  for (let n = 1; n <= 5; n++) prefixes[n] = await prefixPool(client, sampled, n)

  const ctx = {
    total,
    pages,
    limit,
    deepPage: Math.min(2000, pages),
    priceSortPage: Math.min(50, pages),
    category,
    categories,
    randomIds: [...new Set(randomIds)],
    productIds,
    productPaths,
    listPages,
    prefixes,
  }
  log(
    `Catalogue: ${total} listed, ${pages} pages of ${limit}; category '${category.slug}' (${category.total}); ` +
      `${categories.length} categories with products; ${randomIds.length} random ids; ${productIds.length} product ids; prefixes ${Object.values(
        prefixes,
      )
        .map((p) => p.join('|'))
        .join(' · ')}`,
  )
  return ctx
}

/**
 * Up to PREFIXES_PER_LENGTH real prefixes of length n that autocomplete answers with ≥ 1 product.
 * @param {Client} client
 * @param {Array<{ name: string, code: string }>} products
 * @param {number} n
 */
async function prefixPool(client, products, n) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  /** @param {string} prefix */
  const add = (prefix) => counts.set(prefix, (counts.get(prefix) ?? 0) + 1)
  for (const p of products) {
    for (const word of p.name.toLocaleLowerCase('tr-TR').split(/[^\p{L}\p{N}]+/u)) {
      if ([...word].length >= n) add([...word].slice(0, n).join(''))
    }
  }
  const byFrequency = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w]) => w)
  const codes = products
    .map((p) => p.code)
    .filter((c) => c.length >= n)
    .map((c) => c.slice(0, n))
  const candidates = [
    ...(PREFERRED[n] ?? []),
    ...byFrequency.filter((w) => TURKISH.test(w)).slice(0, 2),
    ...(n >= 3 ? codes.slice(0, 1) : []),
    ...byFrequency,
  ]
  /** @type {string[]} */
  const pool = []
  for (const q of new Set(candidates)) {
    if (pool.length >= PREFIXES_PER_LENGTH) break
    if ([...q].length !== n) continue
    const answer = await client.getJson(`/autocomplete?q=${encodeURIComponent(q)}`)
    if (Array.isArray(answer) && answer.length > 0) pool.push(q)
  }
  if (pool.length === 0) throw new Error(`No ${n}-character prefix found that autocomplete answers`)
  return pool
}
