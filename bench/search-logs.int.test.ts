import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerDay } from '../src/domain/ledger'
import { istanbulMidnight, periodFirstDay } from '../src/domain/search-periods'
import type { Database } from '../src/server/db/client'
import { createTestDatabase } from '../src/server/test/test-database'
import {
  type BenchSearchLogsReport,
  parseBenchSearchLogsArgs,
  runBenchSearchLogs,
  SEARCHERS,
  UsageError,
  VOCABULARY,
} from './search-logs'

const SEARCHES = 20_000
let database: Database
let first: BenchSearchLogsReport

const rows = async <T>(query: SQL): Promise<T[]> =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows

beforeAll(async () => {
  database = await createTestDatabase()
  first = await runBenchSearchLogs(database.db, { searches: SEARCHES })
}, 120_000)
afterAll(() => database?.close())

describe('bench search logs', () => {
  it('parses --searches and --json and refuses anything else', () => {
    expect(parseBenchSearchLogsArgs([])).toEqual({ searches: 1_000_000, json: false })
    expect(parseBenchSearchLogsArgs(['--searches', '5_000', '--json'])).toEqual({
      searches: 5000,
      json: true,
    })
    expect(() => parseBenchSearchLogsArgs(['--searches', '-1'])).toThrow(UsageError)
    expect(() => parseBenchSearchLogsArgs(['--nope'])).toThrow(UsageError)
  })

  it('logs the searches over a year, Zipf-like, with guests, repeats and ~3 % not found', async () => {
    expect(first).toMatchObject({ searches: SEARCHES, inserted: SEARCHES, searchers: SEARCHERS })
    const [shape] = await rows<Record<string, number>>(sql`
      select count(*)::int as n,
        avg((user_id is null)::int)::float8 as guests,
        avg((result_count = 0)::int)::float8 as zero,
        avg((hits > 1)::int)::float8 as repeats,
        avg((query = ${VOCABULARY[0]})::int)::float8 as first_word,
        count(distinct query_key)::int as words,
        count(distinct user_id)::int as users,
        extract(epoch from now() - min(created_at))::float8 / 86400 as oldest_days,
        extract(epoch from now() - max(created_at))::float8 / 86400 as newest_days
      from search_logs`)
    expect(shape!.n).toBe(SEARCHES)
    expect(shape!.guests).toBeGreaterThan(0.03)
    expect(shape!.guests).toBeLessThan(0.07)
    expect(shape!.zero).toBeGreaterThan(0.02)
    expect(shape!.zero).toBeLessThan(0.04)
    expect(shape!.repeats).toBeGreaterThan(0.07)
    expect(shape!.repeats).toBeLessThan(0.13)
    // Rank 1 of 3,000 drawn log-uniformly: ln 2 / ln 3001 ≈ 8.7 % of the searches.
    expect(shape!.first_word).toBeGreaterThan(0.07)
    expect(shape!.first_word).toBeLessThan(0.1)
    expect(shape!.words).toBeGreaterThan(1000)
    expect(shape!.users).toBeGreaterThan(200)
    expect(shape!.oldest_days).toBeGreaterThan(360)
    expect(shape!.oldest_days).toBeLessThanOrEqual(365)
    expect(shape!.newest_days).toBeLessThan(1)
  })

  it("builds the dashboard's totals from the log", async () => {
    const since = istanbulMidnight(periodFirstDay('30d', ledgerDay(new Date())))
    const [raw] = await rows<{ n: number }>(
      sql`select coalesce(sum(hits), 0)::int as n from search_logs where created_at >= ${since}`,
    )
    const [kept] = await rows<{ n: number }>(
      sql`select coalesce(sum(hits), 0)::int as n from search_stat_words where period = '30d'`,
    )
    expect(raw!.n).toBeGreaterThan(1000)
    expect(kept!.n).toBe(raw!.n)
  })

  it('adds nothing when run again', async () => {
    const again = await runBenchSearchLogs(database.db, { searches: SEARCHES })
    expect(again).toMatchObject({ searches: SEARCHES, inserted: 0, searchers: SEARCHERS })
  })
})
