// The shapes the bench's modules hand each other, for their JSDoc (`import('./types.ts').Context`): the
// bench itself is JavaScript node runs as it is, type-checked through tsconfig.tools.json.

import type { BenchBackOfficeReport } from './back-office'
import type { Client } from './client.mjs'
import type { BenchFixturesReport } from './fixtures'
import type { BenchSearchLogsReport } from './search-logs'

export type Log = (line: string) => void

export type Login = { email: string; password: string }

/** The bench tools' reports: the order fixtures, and the search log when a scenario needed it. */
export type Fixtures = BenchFixturesReport & {
  searchLogs?: BenchSearchLogsReport
  backOffice?: BenchBackOfficeReport
}

/** A product a dealer can add in its default unit (bench/scenarios.mjs, cartProducts). */
export type CartProduct = { id: number; unitId: number; stock: number }

/** Everything the scenarios need, found through the API (bench/client.mjs, discover). */
export type Context = {
  /** Listed products the dealer sees. */
  total: number
  pages: number
  limit: number
  /** min(2000, pages) */
  deepPage: number
  /** min(50, pages) */
  priceSortPage: number
  /** The busiest leaf category. */
  category: { slug: string; name: string; total: number }
  /** Every leaf with products. */
  categories: Array<{ slug: string; total: number; pages: number }>
  /** About 2,000 ids from list pages drawn over the whole catalogue. */
  randomIds: number[]
  /** About 50 ids from across the catalogue. */
  productIds: number[]
  /** The same products' page addresses. */
  productPaths: string[]
  /** Twenty list pages spread over the catalogue. */
  listPages: number[]
  /** Autocomplete prefixes by length 1–5. */
  prefixes: Record<number, string[]>
  /** The bench tools' accounts, set by the caller after discover(). */
  fixtures: Fixtures
  /** Filled by the staff product table's setup: what its requests filter and search by. */
  staffCatalogue?: { categoryIds: number[]; brandIds: number[]; words: string[] }
  /** Filled by the cart and order scenarios' setup. */
  cartProducts?: CartProduct[]
  orderProducts?: CartProduct[][]
  orderStock?: number
}

/** One request a scenario sends: autocannon's request, and what the check sends. */
export type BenchRequest = {
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** Its own figures in the results (`parts`). */
  label?: string
}

/** A client's answer: its status, its text, and the text as JSON. */
// biome-ignore lint/suspicious/noExplicitAny: the JSON of whichever route answered; its reader knows its shape
export type Answer = { status: number; text: string; json: () => any }

/** A flow's timed fetch (bench/measure.mjs, timedSend). */
export type Send = (
  label: string,
  path: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; as?: 'api' | 'page' | 'none' },
) => Promise<Answer>

/** Latency figures of a run or one of its parts (ms). */
export type LatencyStats = {
  requests: number
  rps: number
  p50: number
  p90: number
  p99: number
  max: number
  mean: number
}

/** What runScenario answers (bench/measure.mjs), and a `run` scenario returns the same. */
export type ScenarioStats = LatencyStats & {
  seconds?: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  connections: number
  sessions: number
  loadAverage?: number
  parts?: Array<LatencyStats & { label: string; ok: number }>
  throughput?: { label: string; name: string; value: number }
  flows?: { completed: number; failed: number }
  failures?: Array<{ message: string; count: number }>
  /** Lines a `run` scenario prints under its line. */
  notes?: string[]
  /** The server's RSS while the scenario ran (MiB), filled in by the caller. */
  rssPeakMiB?: number | null
  rss?: Record<string, number | null>
  /** The staff sockets' memory figures (bench/staff-sockets.mjs). */
  memory?: Record<string, number | null>
}

export type RunArgs = {
  baseUrl: string
  client: Client
  ctx: Context
  duration: number
  warmup: number
  serverPid: number | undefined
  /** With several processes behind a proxy: each process's own address (reads only; writes go by the proxy). */
  processUrls?: string[]
}

export type Scenario = {
  id: string
  label: string
  describe?: (ctx: Context) => string
  requests?: (ctx: Context, connection: number) => BenchRequest[]
  // biome-ignore lint/suspicious/noExplicitAny: the answer of the scenario's own route, which its check knows
  verify?: (body: any, req: BenchRequest, ctx: Context) => string | null
  setup?: (ctx: Context, client: Client, clients: Client[]) => Promise<void>
  teardown?: (ctx: Context, client: Client, clients: Client[]) => Promise<void>
  flow?: (ctx: Context, send: Send, at: { worker: number; iteration: number }) => Promise<void>
  run?: (args: RunArgs) => Promise<ScenarioStats>
  /** A `run` scenario that `--processes` runs too (it is given each process's address). */
  acrossProcesses?: boolean
  sessions?: (ctx: Context) => Login[]
  connections?: (ctx: Context) => number
  throughput?: { label: string; name: string }
  p99Budget?: boolean
  html?: boolean
  searchLogs?: boolean
  /** Needs the staff lists' companies and orders (bench/back-office.ts). */
  backOffice?: boolean
}

/** A scenario's figures as a size's run records them (bench/run.mjs, measureServer). */
export type ScenarioResult = ScenarioStats & { id: string; label: string; detail: string; p99Budget: boolean }

/** What the first page ships (bench/wire.mjs, measureInitialPage). */
export type WireResult = {
  path: string
  html: { wire: number; raw: number; encoding: string }
  assets: Array<{ path: string; kind: 'js' | 'css'; wire: number; raw: number; encoding: string }>
  jsCss: { wire: number; raw: number }
}

/** One server on one catalogue size (bench/run.mjs); the matrix adds its cache. */
export type SizeRun = {
  size: number
  database: 'embedded' | 'postgres'
  memory?: { readyMiB: number | null; peakMiB: number | null }
  listed?: number
  seedSeconds?: number | null
  reused?: boolean
  context?: Context
  wire?: WireResult | undefined
  scenarios: ScenarioResult[]
  cache?: 'warm' | 'cold'
  cacheSeconds?: number | null
}

/** One budget check (bench/report.mjs, evaluate). */
export type Check = {
  kind: 'wire' | 'errors' | 'memory' | 'p99' | 'size' | 'pair'
  label: string
  value: number
  limit: number
  pass: boolean
  scenario?: string
  size?: number
  quantile?: 'p50' | 'p99'
}

export type Budgets = {
  initialPageKiB: number
  p99Ms: number
  p99MsById?: Record<string, number>
  sizeRatio: number
  pairs: Array<{ label: string; subject: string; base: string; max: number }>
  /** Steps: a run is held to the step of the largest atSize it reaches (a database without a limit there: none). */
  rssMiB?: Array<{ atSize: number; postgres?: number; embedded?: number }>
}

/** What every report records of a run (bench/run.mjs, runMeta). */
export type RunMeta = {
  date: string
  commit: string
  node: string
  cpu: string
  connections: number
  duration: number
  warmup: number
  cache?: string
  budgets?: Partial<Budgets>
  loadAverage?: { min: number; max: number; cpus: number }
  totalSeconds?: number
}
