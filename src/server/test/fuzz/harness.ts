import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance, FastifySchema, InjectOptions, LightMyRequestResponse } from 'fastify'
import { csrfTokenFor, newSessionToken, SESSION_COOKIE, sessionIdOf } from '../../http/session'
import { createSession } from '../../http/session.repository'
import { createUser, DEALER_PASSWORD, type TestUser } from '../dealers'
import { seedAccounts } from '../fixtures'
import { testPasswordHash } from '../passwords'
import { cardProduct } from '../payments'
import { createTestApp, type TestApp, TestClient } from '../test-app'
import {
  HOSTILE_BODIES,
  HOSTILE_HEADERS,
  HOSTILE_PATH_SEGMENTS,
  HOSTILE_QUERIES,
  HOSTILE_STRINGS,
  type RawBody,
} from './hostile'
import { arbitraryFor } from './schema-arbitrary'
import { type Checksums, changedTables, TableWatch, writtenTables } from './tables'

/**
 * Inputs per route and the fixed seed (FUZZ_SEED). 40 by default, the size of every run: the first
 * go through each of the route's doors (doorInputs: every caller, every hostile class that reaches
 * it), the rest are drawn freely; FUZZ_RUNS=1000 is the full run (README, "Commands").
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40)
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_114)
/** FUZZ_PATH (with FUZZ_SEED): replay only that input of each route, as the failure report names it. */
const FUZZ_PATH = process.env.FUZZ_PATH

export type Caller = 'guest' | 'dealer' | 'admin'
const CALLERS: Caller[] = ['guest', 'dealer', 'admin']

/** One route as fuzzed: GET with its HEAD twin (Fastify derives HEAD from the GET's options) as one. */
export type FuzzRoute = {
  label: string
  methods: string[]
  url: string
  schema?: FastifySchema
  files?: string[]
}

/** The route groups: one test file each, so Vitest runs them in parallel. Unknown routes fall in 'other'. */
export const ROUTE_GROUPS = ['account', 'catalog', 'cart', 'orders', 'payments', 'staff', 'other'] as const
export type RouteGroup = (typeof ROUTE_GROUPS)[number]

export function groupOf(url: string): RouteGroup {
  if (/^\/api\/(account\/|bootstrap$|catalog\/(account\/|settings$|cookies$))/.test(url)) return 'account'
  if (/^\/api\/catalog\/(order|offer)/.test(url)) return 'orders'
  if (/^\/api\/catalog\/(cart|bin-control)/.test(url)) return 'cart'
  if (/^\/api\/catalog\/|^\/autocomplete$/.test(url)) return 'catalog'
  if (/^\/(api\/payment|payment\/|sandbox-pos\/)/.test(url)) return 'payments'
  if (/^\/(yonetim|ws)(\/|$)/.test(url)) return 'staff'
  return 'other'
}

/** A file of dist/web, served as it is: no input schema, no parameters, a file name's extension. */
const isStaticFile = (url: string, schema: FastifySchema | undefined) =>
  !schema?.params &&
  !schema?.querystring &&
  !schema?.body &&
  !url.startsWith('/api/') &&
  /\.[a-z0-9]+$/i.test(url) &&
  !/[:*]/.test(url)

/**
 * Every route of the app's route table at run time, for one group. The static files of the build
 * (hundreds, one route each, all the same handler) are fuzzed as one route, each input at one of them.
 */
export function fuzzRoutes(t: TestApp, group: RouteGroup): FuzzRoute[] {
  const byUrl = new Map<string, FuzzRoute>()
  const files: string[] = []
  for (const entry of t.app.routeTable) {
    if (isStaticFile(entry.url, entry.schema)) {
      if (entry.method === 'GET') files.push(entry.url)
      continue
    }
    if (groupOf(entry.url) !== group) continue
    const twin = entry.method === 'GET' || entry.method === 'HEAD' ? 'GET' : entry.method
    const key = `${twin} ${entry.url}`
    const route = byUrl.get(key)
    if (route) {
      if (!route.methods.includes(entry.method)) route.methods.push(entry.method)
      route.schema ??= entry.schema
    } else {
      byUrl.set(key, { label: key, methods: [entry.method], url: entry.url, schema: entry.schema })
    }
  }
  const routes = [...byUrl.values()]
  for (const r of routes) if (r.methods.length > 1) r.label = `${r.methods.join('+')} ${r.url}`
  if (group === 'other' && files.length > 0) {
    routes.push({
      label: `GET+HEAD <${files.length} static files>`,
      methods: ['GET', 'HEAD'],
      url: files[0]!,
      files,
    })
  }
  return routes
}

/** One generated request: who sends it and what, as it goes on the wire. */
export type FuzzInput = {
  caller: Caller
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | Buffer
  remoteAddress: string
  /** How the input was made (schema-shaped, mutated, hostile body…), for the report. */
  kind: string
  /** The classes of the hostile corpus it carries. */
  hostile: HostileClass[]
}

/** The parts of a request the hostile corpus (hostile.ts) replaces. */
export type HostileClass = 'path' | 'query' | 'header' | 'body'

/**
 * What every route must have been sent in a run: each caller, and each hostile class that reaches it
 * (a path segment where the route has parameters, a body where its method takes one).
 */
export function expectedVisits(route: FuzzRoute): string[] {
  const visits: string[] = [...CALLERS, 'hostile query', 'hostile header']
  if (/[:*]/.test(route.url)) visits.push('hostile path')
  if (route.methods.some(hasBody)) visits.push('hostile body')
  return visits
}

const hasBody = (method: string) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)

/** The callers and hostile classes an input carries, as expectedVisits names them. */
const visitsOf = (input: FuzzInput) => [input.caller, ...input.hostile.map((c) => `hostile ${c}`)]

/**
 * One input through each of the route's doors (expectedVisits), drawn from the seed: a run sends
 * these first, so however few its inputs (FUZZ_RUNS), every caller and every hostile class that
 * reaches the route is among them, and the rest are drawn freely.
 */
export function doorInputs(route: FuzzRoute): FuzzInput[] {
  const inputs = inputArbitrary(route)
  return expectedVisits(route).map(
    (visit, i) =>
      fc.sample(
        inputs.filter((input) => visitsOf(input).includes(visit)),
        { numRuns: 1, seed: FUZZ_SEED + i },
      )[0]!,
  )
}

/** A value as a path segment or query value: strings as they are, the rest as JSON. */
const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v))

/**
 * Percent-encoding that also carries a lone surrogate, as the three bytes a careless encoder sends
 * for it (invalid UTF-8: '\ud800' → '%ED%A0%80'); encodeURIComponent itself throws on one.
 */
function encodePart(value: string, keepSlashes: boolean): string {
  let out = ''
  for (const part of value.split(/([\ud800-\udfff])/u)) {
    const code = part.length === 1 ? part.charCodeAt(0) : 0
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('')
    } else out += keepSlashes ? encodeURI(part) : encodeURIComponent(part)
  }
  return out
}

function fillPath(url: string, params: Record<string, unknown>, raw: boolean): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g, (match, name: string | undefined) => {
    const value = asText(params[name ?? '*'])
    return raw ? value : encodePart(value, match === '*')
  })
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return ''
  const search = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue
    if (Array.isArray(v)) for (const item of v) search.append(k, asText(item))
    else search.append(k, asText(v))
  }
  const s = search.toString()
  return s ? `?${s}` : ''
}

function multipart(fields: Record<string, unknown>): RawBody {
  const boundary = 'FuzzBoundary7MA4YWxk'
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${asText(v)}\r\n`,
  )
  return {
    label: 'multipart',
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: `${parts.join('')}--${boundary}--\r\n`,
  }
}

/** The JSON text of a value with one key added at the front (own "__proto__" keys survive only as text). */
function withKey(value: unknown, key: string, inner: string): string {
  const json = JSON.stringify(value) ?? 'null'
  if (!json.startsWith('{')) return json
  return json === '{}' ? `{"${key}":${inner}}` : `{"${key}":${inner},${json.slice(1)}`
}

/** A body made from a schema-shaped value: JSON mostly, sometimes a form or multipart, sometimes mutated. */
function bodyFrom(value: unknown, how: number): RawBody {
  const flat =
    value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  switch (how) {
    case 0:
      return {
        label: 'form',
        contentType: 'application/x-www-form-urlencoded',
        payload: queryString(flat).slice(1),
      }
    case 1:
      return multipart(flat)
    case 2:
      return {
        label: 'json + __proto__',
        contentType: 'application/json',
        payload: withKey(value, '__proto__', '{"role":"admin"}'),
      }
    case 3:
      return {
        label: 'json + constructor',
        contentType: 'application/json',
        payload: withKey(value, 'constructor', '{"prototype":{"role":"admin"}}'),
      }
    case 4:
      return { label: 'json in an array', contentType: 'application/json', payload: JSON.stringify([value]) }
    case 5:
      return {
        label: 'json + unknown key',
        contentType: 'application/json',
        payload: withKey(value, 'zzUnknown', '1'),
      }
    default:
      return { label: 'json', contentType: 'application/json', payload: JSON.stringify(value) ?? '' }
  }
}

/**
 * The arbitrary of a route's inputs: mostly derived from its own schemas (params, querystring, body),
 * valid-shaped with boundary and hostile values mixed into the fields, and a share of inputs taken
 * whole from the hostile corpus (path segments, raw query strings, raw bodies, headers).
 */
export function inputArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzInput> {
  const schema = (route.schema ?? {}) as Record<string, unknown>
  const params = arbitraryFor(schema.params) ?? fc.constant({})
  const query = arbitraryFor(schema.querystring) ?? fc.constant({})
  const body =
    arbitraryFor(schema.body) ??
    fc.oneof(
      fc.constant({}),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
    )
  const wildcard = fc.oneof(
    fc.constantFrom('', 'vida', 'a/b/c', 'urun-1', 'x.json'),
    fc.constantFrom(...HOSTILE_STRINGS),
  )
  const hostilePath = fc.constantFrom(...HOSTILE_PATH_SEGMENTS)
  const pathArb = fc.oneof(
    {
      arbitrary: fc
        .tuple(params, wildcard)
        .map(([p, w]) => ({ raw: false, params: { '*': w, ...(p as object) } })),
      weight: 4,
    },
    {
      arbitrary: hostilePath.map((seg) => ({ raw: true, params: new Proxy({}, { get: () => seg }) })),
      weight: 1,
    },
  )
  const queryArb = fc.oneof(
    { arbitrary: query.map((q) => ({ text: queryString(q), hostile: false })), weight: 4 },
    {
      arbitrary: fc.constantFrom(...HOSTILE_QUERIES).map((q) => ({ text: `?${q}`, hostile: true })),
      weight: 1,
    },
    { arbitrary: fc.constant({ text: '', hostile: false }), weight: 1 },
  )
  const bodyArb: fc.Arbitrary<(RawBody & { hostile?: boolean }) | undefined> = fc.oneof(
    {
      arbitrary: fc.tuple(body, fc.integer({ min: 0, max: 13 })).map(([v, how]) => bodyFrom(v, how)),
      weight: 5,
    },
    { arbitrary: fc.constantFrom(...HOSTILE_BODIES).map((b) => ({ ...b, hostile: true })), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  )
  const headersArb = fc.oneof(
    { arbitrary: fc.constant({}), weight: 6 },
    { arbitrary: fc.constantFrom(...HOSTILE_HEADERS), weight: 1 },
  )
  const files = route.files
  return fc
    .record({
      caller: fc.constantFrom(...CALLERS),
      method: fc.constantFrom(...route.methods),
      file: files ? fc.constantFrom(...files) : fc.constant(route.url),
      path: pathArb,
      query: queryArb,
      body: bodyArb,
      headers: headersArb,
      ip: fc.ipV4(),
    })
    .map(({ caller, method, file, path, query, body, headers, ip }) => {
      const input: FuzzInput = {
        caller,
        method,
        url: fillPath(file, path.params as Record<string, unknown>, path.raw) + query.text,
        headers: { ...headers },
        remoteAddress: ip,
        kind: [path.raw ? 'hostile path' : 'schema path', query.hostile ? 'hostile query' : 'schema query']
          .concat(Object.keys(headers).length > 0 ? ['hostile header'] : [])
          .join(', '),
        hostile: [
          ...(path.raw ? (['path'] as const) : []),
          ...(query.hostile ? (['query'] as const) : []),
          ...(Object.keys(headers).length > 0 ? (['header'] as const) : []),
        ],
      }
      if (hasBody(method) && body) {
        if (body.contentType) input.headers['content-type'] = body.contentType
        input.payload = body.payload
        input.kind = `${input.kind}, body: ${body.label}`
        if (body.hostile) input.hostile.push('body')
      }
      return input
    })
}

type World = {
  t: TestApp
  watch: TableWatch
  clients: Record<Caller, TestClient>
  users: { dealer: TestUser; admin: TestUser }
  passwordHash: string
  renewals: number
}

let ipCounter = 0
/** A fresh source address for the suite's own logins, so the throttle of fuzzed logins never closes them. */
const freshIp = () => `10.77.${(++ipCounter >> 8) & 255}.${ipCounter & 255}`

async function login(world: World, caller: 'dealer' | 'admin') {
  const user = world.users[caller]
  // A fuzzed settings change may have set another password: the user's own one back first.
  await world.t.database.db.execute(
    sql`update users set password_hash = ${world.passwordHash} where id = ${user.id}`,
  )
  const client = new TestClient(world.t.app)
  await client.openPage()
  const res = await send(world.t.app, client, {
    method: 'POST',
    url: '/api/account/login',
    payload: { email: user.email, password: user.password },
    remoteAddress: freshIp(),
  })
  if (res.statusCode !== 200) throw new Error(`fuzz: ${caller} login failed (${res.statusCode}): ${res.body}`)
  world.clients[caller] = client
}

async function newGuest(world: World) {
  const client = new TestClient(world.t.app)
  await client.openPage()
  world.clients.guest = client
}

/**
 * A fresh app and database with the suite's fixtures: the store of seedAccounts (whose dealer and
 * administrator logins are in the fuzz's plausible values), a product with stock, a dealer and an
 * administrator of the suite's own, and the row watch installed.
 */
export async function createFuzzWorld(options: Parameters<typeof createTestApp>[0] = {}): Promise<World> {
  const t = await createTestApp(options)
  const seeded = await seedAccounts(t.database.db)
  await cardProduct(t, { price: '100', cardPrice: '110', stock: 50 })
  const dealer = await createUser(t.database.db, seeded.customers.c1.id)
  const admin = await createUser(t.database.db, null)
  const watch = new TableWatch(t.database.db)
  await watch.install()
  const world: World = {
    t,
    watch,
    clients: {} as Record<Caller, TestClient>,
    users: { dealer, admin },
    passwordHash: await testPasswordHash(DEALER_PASSWORD),
    renewals: 0,
  }
  await newGuest(world)
  await login(world, 'dealer')
  await login(world, 'admin')
  return world
}

/**
 * A caller's session may be gone or changed after a login, logout or settings change: it gets a new
 * one straight in the session table (a real login costs a password hash; the login route itself is
 * fuzzed), and the user's own password back in case a fuzzed settings change set another.
 */
async function renewCaller(world: World, caller: Caller) {
  const token = newSessionToken()
  const client = new TestClient(world.t.app)
  client.cookie = `${SESSION_COOKIE}=${token}`
  client.csrf = csrfTokenFor(world.t.deps.config.sessionSecret, token)
  if (caller !== 'guest') {
    const user = world.users[caller]
    const db = world.t.database.db
    await db.execute(sql`update users set password_hash = ${world.passwordHash} where id = ${user.id}`)
    await createSession(db, {
      id: sessionIdOf(token),
      userId: user.id,
      expiresAt: new Date(world.t.deps.now().getTime() + 24 * 60 * 60 * 1000),
      ip: null,
      userAgent: null,
    })
  }
  world.clients[caller] = client
  world.renewals++
}

/**
 * What TestClient.send does (the session cookie, the page's CSRF token and the X-Requested-With header
 * on every method but GET, the new token of a login or logout) and a browser's same-origin headers,
 * without reading a HEAD answer's empty body as JSON.
 */
async function send(
  app: FastifyInstance,
  client: TestClient,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...(options.headers as Record<string, string>) }
  if (client.cookie) headers.cookie = client.cookie
  if (options.method !== 'GET') {
    headers['x-csrf-token'] = client.csrf
    headers['x-requested-with'] = 'XMLHttpRequest'
    // What a browser on our own pages sends (same-origin.ts), unless the input brings its own origin.
    if (headers.origin === undefined) headers.origin = 'http://localhost:80'
    headers['sec-fetch-site'] ??= 'same-origin'
  }
  const res = await app.inject({ ...options, headers })
  const sid = res.cookies.find((c) => c.name === 'toptan_sid')
  if (sid) client.cookie = `toptan_sid=${sid.value}`
  if (res.statusCode === 200 && String(res.headers['content-type'] ?? '').includes('json') && res.body) {
    try {
      const token = (JSON.parse(res.body) as { csrfToken?: unknown }).csrfToken
      if (typeof token === 'string') client.csrf = token
    } catch {
      // Not JSON after all: the error-shape check reports what matters.
    }
  }
  return res
}

const SESSION_ROUTES = /login|logout|account\/settings/

/** `index`: the generated input's number, FUZZ_PATH's value to replay it; or 'door N', the seed's Nth door input. */
export type FuzzFailure = { problem: string; index: string; input: FuzzInput; status: number; answer: string }

const excerpt = (v: string | Buffer | undefined, n = 300) => {
  if (v === undefined) return '(none)'
  const s = typeof v === 'string' ? v : `<${v.length} bytes> ${v.toString('latin1')}`
  return JSON.stringify(s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s)
}

/**
 * The documented error body (docs/design.md §3): {error: {code, messages: {type}, fields?}}. Outside the
 * API (/api/, /yonetim/) a browser is shown pages, and a page's refusal is a page: the sandbox POS's
 * challenge page, the card payment frame, the web app's pages.
 */
function errorShapeProblem(url: string, res: LightMyRequestResponse): string | null {
  const type = String(res.headers['content-type'] ?? '')
  const api = /^\/(api|yonetim)(\/|$|\?)/.test(url)
  if (!api && type.startsWith('text/html')) return null
  if (!type.startsWith('application/json')) {
    return `error answer is not JSON (content-type ${res.headers['content-type']})`
  }
  let body: unknown
  try {
    body = res.json()
  } catch {
    return 'error answer is not valid JSON'
  }
  const error = (body as { error?: Record<string, unknown> })?.error
  const messages = error?.messages as Record<string, unknown> | undefined
  if (!error || typeof error.code !== 'string' || !error.code) return 'error answer without error.code'
  if (!messages || typeof messages.type !== 'string' || !messages.type)
    return 'error answer without error.messages.type'
  if (
    error.fields !== undefined &&
    (typeof error.fields !== 'object' ||
      error.fields === null ||
      Object.values(error.fields).some((m) => typeof m !== 'string'))
  ) {
    return 'error.fields is not an object of messages'
  }
  return null
}

export function describeFailure(route: FuzzRoute, f: FuzzFailure): string {
  return [
    `${route.label}: ${f.problem}`,
    `  input #${f.index} (${f.input.kind}) as ${f.input.caller} from ${f.input.remoteAddress}`,
    `  ${f.input.method} ${excerpt(f.input.url, 200)}`,
    `  headers ${excerpt(JSON.stringify(f.input.headers), 200)}`,
    `  body ${excerpt(f.input.payload)}`,
    `  answer ${f.status} ${excerpt(f.answer)}`,
  ].join('\n')
}

/**
 * Sends `FUZZ_RUNS` generated inputs to one route (fast-check, fixed seed) and collects what breaks
 * the rules: an answer of 500 or more; an error answer without the documented shape; a refused
 * request (4xx) that wrote rows; a run of refused requests after which a table's checksum moved.
 * Accepted requests (2xx/3xx) may write: after one that did, the checksums are the new baseline.
 */
export async function fuzzRoute(
  world: World,
  route: FuzzRoute,
  runs = FUZZ_RUNS,
): Promise<{
  failures: FuzzFailure[]
  runs: number
  statuses: Record<number, number>
  /** The callers and hostile classes ('hostile path'…) the route was sent. */
  visited: Set<string>
}> {
  const failures: FuzzFailure[] = []
  const statuses: Record<number, number> = {}
  const visited = new Set<string>()
  let baseline: Checksums = await world.watch.checksums()
  let writes = await world.watch.writes()
  let index = 0
  let refusedSinceCheck: FuzzInput | null = null
  // A replay (FUZZ_PATH) sends only the generated input it names.
  const doors = FUZZ_PATH ? [] : doorInputs(route).slice(0, runs)
  const inputNo = (at: number) => (at < doors.length ? `door ${at + 1}` : String(at - doors.length))

  const verifyRun = async (at: number) => {
    if (!refusedSinceCheck) return
    const now = await world.watch.checksums()
    const moved = changedTables(baseline, now)
    if (moved.length > 0) {
      failures.push({
        problem: `table checksums changed over a run of refused requests: ${moved.join(', ')} (last refused input shown)`,
        index: inputNo(at),
        input: refusedSinceCheck,
        status: 0,
        answer: '',
      })
      baseline = now
    }
    refusedSinceCheck = null
  }

  const send1 = async (input: FuzzInput) => {
    const at = index++
    visited.add(input.caller)
    for (const c of input.hostile) visited.add(`hostile ${c}`)
    const client = world.clients[input.caller]
    const options: InjectOptions = {
      method: input.method as InjectOptions['method'],
      url: input.url,
      headers: input.headers,
      remoteAddress: input.remoteAddress,
      ...(input.payload !== undefined ? { payload: input.payload } : {}),
    }
    const res = await send(world.t.app, client, options)
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
    const fail = (problem: string) =>
      failures.push({ problem, index: inputNo(at), input, status: res.statusCode, answer: res.body })
    const accepted = res.statusCode < 400
    if (res.statusCode >= 500) fail(`answered ${res.statusCode}`)
    else if (!accepted && input.method !== 'HEAD') {
      const shape = errorShapeProblem(input.url, res)
      if (shape) fail(shape)
    }
    const nowWrites = await world.watch.writes()
    if (nowWrites !== writes) {
      if (!accepted) fail(`refused request wrote rows: ${writtenTables(writes, nowWrites).join(', ')}`)
      // The refused run before this request was checked request by request (the write counter did
      // not move); its checksums cannot be told apart from this request's writes.
      refusedSinceCheck = null
      baseline = await world.watch.checksums()
      writes = nowWrites
    } else if (!accepted) {
      refusedSinceCheck = input
      if (at % 100 === 99) await verifyRun(at)
    }
    const sessionMayHaveChanged =
      (accepted && SESSION_ROUTES.test(route.url)) || (res.statusCode === 401 && input.caller !== 'guest')
    if (sessionMayHaveChanged) {
      await verifyRun(at)
      await renewCaller(world, input.caller)
      baseline = await world.watch.checksums()
      writes = await world.watch.writes()
    }
  }
  for (const input of doors) await send1(input)
  if (runs > doors.length) {
    await fc.assert(fc.asyncProperty(inputArbitrary(route), send1), {
      numRuns: runs - doors.length,
      seed: FUZZ_SEED,
      ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
      endOnFailure: true,
    })
  }
  await verifyRun(index)
  return { failures, runs: index, statuses, visited }
}

/** The failures of one route as one readable report: each distinct problem once, with its first input. */
export function failureReport(route: FuzzRoute, failures: FuzzFailure[]): string {
  const seen = new Map<string, { first: FuzzFailure; count: number }>()
  for (const f of failures) {
    const key = `${f.problem} ${f.status} ${f.input.kind}`
    const entry = seen.get(key)
    if (entry) entry.count++
    else seen.set(key, { first: f, count: 1 })
  }
  const lines = [...seen.values()].map(
    ({ first, count }) => `${describeFailure(route, first)}\n  (${count} inputs like this)`,
  )
  return `${failures.length} failing inputs of ${route.label} (replay one: FUZZ_SEED=${FUZZ_SEED} FUZZ_PATH=<input #>)\n${lines.join('\n')}`
}

export { CALLERS, type World }
