/**
 * node dist/bench/search-logs.js [--searches N] [--json]
 *
 * The search dashboard's bench data (docs/operations.md, "Benchmarks"), written into the configured
 * database (DATA_DIR's PGlite or DATABASE_URL) before the bench starts its server:
 *  - SEARCHERS dealer logins of one bench company, with Turkish first and last names;
 *  - N logged searches (default 1,000,000) over the last 365 days, inserted by one generate_series
 *    statement: words from a vocabulary of 3,000, drawn log-uniformly (Zipf-like: the word of rank r
 *    about 1/r as often as the first; the first ten take about 30 % of the searches), searchers
 *    likewise, one in twenty a guest, one in ten with repeats (hits 2–4), about 3 % without a result;
 * then the dashboard's running totals built from the log. Running it again adds only what is missing.
 * Answers (--json) the words and user terms the bench's search requests draw from.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import { ledgerDay } from '../src/domain/ledger'
import { runWhenStarted } from '../src/server/cli/run-cli'
import { loadConfig } from '../src/server/config'
import type { Db } from '../src/server/db/client'
import { openConfiguredDatabase } from '../src/server/db/open'
import { customers, users } from '../src/server/db/schema/accounts'
import { rebuildSearchStats } from '../src/server/modules/search-dashboard/search-stats.repository'
import { hashPassword } from '../src/server/security/password'
import { BENCH_PASSWORD } from './bench-accounts'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

export const USAGE = 'Usage: node dist/bench/search-logs.js [--searches <N>] [--json]'
export const BENCH_SEARCHES = 1_000_000
const SEARCH_COMPANY = 'BENCH-SEARCH'
const FIRST_NAMES = [
  'Ahmet',
  'Ayşe',
  'Mehmet',
  'Fatma',
  'Mustafa',
  'Emine',
  'Ali',
  'Hatice',
  'Hüseyin',
  'Zeynep',
  'İbrahim',
  'Elif',
  'Hasan',
  'Şule',
  'Murat',
  'Özlem',
  'Gökhan',
  'Çiğdem',
  'Ümit',
  'Gülşen',
]
const LAST_NAMES = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
]
/** Every first name with every last name: 300 searchers. */
export const SEARCHERS = FIRST_NAMES.length * LAST_NAMES.length
const PRODUCTS = [
  'vida',
  'somun',
  'şanzıman',
  'kablo',
  'rulman',
  'conta',
  'pul',
  'cıvata',
  'dübel',
  'menteşe',
  'kilit',
  'çekiç',
  'tornavida',
  'pense',
  'matkap',
  'ampul',
  'priz',
  'sigorta',
  'boru',
  'dirsek',
  'vana',
  'musluk',
  'hortum',
  'kelepçe',
  'zincir',
  'halat',
  'bant',
  'silikon',
  'boya',
  'fırça',
  'zımpara',
  'testere',
  'keski',
  'mengene',
  'anahtar',
  'lokma',
  'cırcır',
  'yay',
  'rondela',
  'perçin',
  'çivi',
  'tel',
  'ızgara',
  'süzgeç',
  'filtre',
  'kayış',
  'dişli',
  'mil',
  'burç',
  'keçe',
]
const KINDS = [
  'm3',
  'm4',
  'm5',
  'm6',
  'm8',
  'm10',
  'm12',
  '6mm',
  '8mm',
  '10mm',
  '12mm',
  '16mm',
  '20mm',
  '25mm',
  'çelik',
  'paslanmaz',
  'galvaniz',
  'plastik',
  'pirinç',
  'bakır',
  'siyah',
  'beyaz',
  'kırmızı',
  'mavi',
  'sarı',
  'büyük',
  'küçük',
  'orta',
  'uzun',
  'kısa',
  'ağır',
  'hafif',
  'set',
  'kutu',
  'paket',
  'tekli',
  'ikili',
  'üçlü',
  'dörtlü',
  'beşli',
  '1/2',
  '3/4',
  '1"',
  '2"',
  '3"',
  'a',
  'b',
  'c',
  'd',
  'e',
  'x',
  'y',
  'z',
  'pro',
  'eko',
  'plus',
  'max',
  'mini',
  'xl',
  'xxl',
]
/** Every product word with every kind: 3,000 words, in rank order (the first the most searched). */
export const VOCABULARY = PRODUCTS.flatMap((p) => KINDS.map((k) => `${p} ${k}`))

const pad = (n: number) => String(n).padStart(3, '0')
export const searcherEmail = (n: number) => `bench-searcher-${pad(n)}@toptan.test`

export type BenchSearchLogsOptions = { searches: number; json: boolean }
export type BenchSearchLogsReport = {
  searches: number
  inserted: number
  searchers: number
  /** Words the bench searches for: frequent, middling and rare ones, and one never searched. */
  words: string[]
  /** User terms the bench searches for: full names, a last name, first names, e-mail parts. */
  userTerms: string[]
  elapsedMs: number
}

export class UsageError extends Error {}

export function parseBenchSearchLogsArgs(argv: string[]): BenchSearchLogsOptions {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { searches: { type: 'string' }, json: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    })
    const searches =
      values.searches === undefined ? BENCH_SEARCHES : Number(values.searches.replace(/_/g, ''))
    if (!Number.isInteger(searches) || searches < 0 || searches > 10_000_000) {
      throw new Error('--searches must be a whole number from 0 to 10000000')
    }
    return { searches, json: values.json ?? false }
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`)
  }
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

/** The bench company and its searchers, added when missing; answers their ids in searcher order. */
async function ensureSearchers(db: Db): Promise<number[]> {
  await db
    .insert(customers)
    .values({ code: SEARCH_COMPANY, name: 'Bench Arama Bayileri A.Ş.', riskLimit: '0' })
    .onConflictDoNothing()
  const [company] = await rows<{ id: number }>(
    db,
    sql`select id from customers where code = ${SEARCH_COMPANY}`,
  )
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  await db
    .insert(users)
    .values(
      FIRST_NAMES.flatMap((first, i) =>
        LAST_NAMES.map((last, j) => ({
          email: searcherEmail(i * LAST_NAMES.length + j + 1),
          name: `${first} ${last}`,
          role: 'dealer',
          customerId: company!.id,
          passwordHash,
        })),
      ),
    )
    .onConflictDoNothing()
  const found = await rows<{ id: number }>(
    db,
    sql`select id from users where email like 'bench-searcher-%@toptan.test' order by email`,
  )
  return found.map((u) => u.id)
}

/**
 * `count` searches over the 365 days before now, in one statement. Rank r of the vocabulary (and of
 * the searchers) is drawn as floor((n + 1)^u) for a uniform u in [0, 1): log-uniform over 1…n, so
 * rank r is drawn about 1/r as often as rank 1. A fixed seed makes every run draw the same.
 */
async function insertSearches(db: Db, searcherIds: number[], count: number) {
  await db.execute(sql`select setseed(0.13)`)
  await db.execute(sql`
    with vocabulary as (
      select ordinality::int as rank, word
      from json_array_elements_text(${JSON.stringify(VOCABULARY)}::json) with ordinality as w(word, ordinality)
    ),
    searchers as (
      select ordinality::int as rank, id::int as id
      from json_array_elements_text(${JSON.stringify(searcherIds)}::json) with ordinality as s(id, ordinality)
    ),
    drawn as (
      select floor(exp(random() * ln(${VOCABULARY.length + 1}::float8)))::int as word_rank,
        floor(exp(random() * ln(${searcherIds.length + 1}::float8)))::int as user_rank,
        random() as guest, random() as repeat, random() as found, random() as source,
        now() - random() * interval '365 days' as created_at
      from generate_series(1, ${count}::int)
    )
    insert into search_logs (user_id, query, query_key, result_count, hits, source, created_at)
    select case when d.guest < 0.05 then null else s.id end, v.word,
      lower(translate(v.word, 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu')),
      case when d.found < 0.03 then 0 else 1 + (d.word_rank * 7) % 120 end,
      case when d.repeat < 0.9 then 1 else 2 + floor(d.repeat * 1000)::int % 3 end,
      case when d.source < 0.7 then 'autocomplete' else 'search' end,
      d.created_at
    from drawn d
    join vocabulary v on v.rank = d.word_rank
    join searchers s on s.rank = d.user_rank
    order by d.created_at`)
}

export async function runBenchSearchLogs(
  db: Db,
  options: Pick<BenchSearchLogsOptions, 'searches'>,
  log: (line: string) => void = () => {},
): Promise<BenchSearchLogsReport> {
  const started = performance.now()
  const searcherIds = await ensureSearchers(db)
  if (searcherIds.length !== SEARCHERS)
    throw new Error(`Expected ${SEARCHERS} searchers, found ${searcherIds.length}`)
  const [logged] = await rows<{ n: number }>(db, sql`select count(*)::int as n from search_logs`)
  const missing = options.searches - (logged?.n ?? 0)
  if (missing > 0) {
    log(`Inserting ${missing.toLocaleString('en')} searches…`)
    await db.transaction((tx) => insertSearches(tx, searcherIds, missing))
    await db.execute(sql`vacuum analyze search_logs`)
    log('Building the search dashboard totals…')
    await rebuildSearchStats(db, ledgerDay(new Date()))
    await db.execute(sql`vacuum analyze search_stat_words, search_stat_users, search_stat_pairs`)
  } else {
    log(`The log already holds ${logged?.n.toLocaleString('en')} searches.`)
  }
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from search_logs`)
  return {
    searches: total?.n ?? 0,
    inserted: Math.max(0, missing),
    searchers: searcherIds.length,
    words: [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 3000]
      .map((rank) => VOCABULARY[rank - 1]!)
      .concat(['ŞANZIMAN M8', 'Vida M3', 'hiç aranmamış kelime']),
    userTerms: [
      'Ahmet Yılmaz',
      'şule',
      'ozturk',
      'ÇİĞDEM',
      'gokhan cetin',
      'bench-searcher-1',
      'searcher-25',
      'Kaya',
    ],
    elapsedMs: Math.round(performance.now() - started),
  }
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  let options: BenchSearchLogsOptions
  try {
    options = parseBenchSearchLogsArgs(argv)
  } catch (err) {
    console.error((err as Error).message)
    return 2
  }
  const config = loadConfig(process.env, rootDir, { takesPayments: false })
  const say = options.json ? (line: string) => console.error(line) : (line: string) => console.log(line)
  const database = await openConfiguredDatabase(config)
  try {
    const report = await runBenchSearchLogs(database.db, options, say)
    if (options.json) console.log(JSON.stringify(report))
    else
      say(
        `Done in ${(report.elapsedMs / 1000).toFixed(1)} s: ${report.searches.toLocaleString('en')} searches ` +
          `by ${report.searchers} searchers (${searcherEmail(1)}…; password ${BENCH_PASSWORD}).`,
      )
    return 0
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
