import { sql } from 'drizzle-orm'
import { daysBetween } from '../../../domain/ledger'
import {
  istanbulMidnight,
  periodDays,
  periodFirstDay,
  type SearchPeriod,
  searchPeriods,
} from '../../../domain/search-periods'
import type { Db } from '../../db/client'
import { searchStatState } from '../../db/schema/search-stats'

/*
 * The running totals behind the search dashboard (schema/search-stats.ts): kept in step with
 * search_logs by the log's flush (addToSearchStats, in the flush's transaction) and moved on a day
 * when the day changes (rollSearchStats). Every change happens under one transaction-scoped advisory
 * lock, so two processes never interleave a flush with a roll.
 */

/** A searched batch as the stats count it: the rows the flush writes into search_logs. */
export type StatEntry = {
  userId: number | null
  query: string
  queryKey: string
  resultCount: number
  hits: number
  createdAt: Date
}

/** Arbitrary, fixed: the advisory lock every change of the running totals takes. */
const STATS_LOCK = 727_001

/** The day each period's totals end on; a period never built is missing. */
async function readState(db: Db): Promise<Map<SearchPeriod, string>> {
  const rows = await db.select().from(searchStatState)
  return new Map(rows.map((r) => [r.period as SearchPeriod, r.throughDay]))
}

/** True when every period's totals already end on `today` (or later: another clock ran ahead). */
function isCurrent(state: Map<SearchPeriod, string>, today: string): boolean {
  return searchPeriods.every((p) => {
    const through = state.get(p)
    return through !== undefined && through >= today
  })
}

/**
 * Moves every period on to `today`: the days that left a period are subtracted from its totals (the
 * oldest searches go, so the latest date and spelling kept stay right); a period never built, or so
 * far behind that none of its days remain, is built again from the log. Runs in the caller's
 * transaction; answers the day each period now ends on.
 */
export async function rollSearchStats(tx: Db, today: string): Promise<Map<SearchPeriod, string>> {
  await tx.execute(sql`select pg_advisory_xact_lock(${STATS_LOCK})`)
  const state = await readState(tx)
  for (const period of searchPeriods) {
    const through = state.get(period)
    if (through !== undefined && through >= today) continue
    const since = istanbulMidnight(periodFirstDay(period, today))
    if (through === undefined || daysBetween(through, today) >= periodDays[period]) {
      await rebuildPeriod(tx, period, since)
    } else {
      await subtractRange(tx, period, istanbulMidnight(periodFirstDay(period, through)), since)
    }
    await tx
      .insert(searchStatState)
      .values({ period, throughDay: today })
      .onConflictDoUpdate({ target: searchStatState.period, set: { throughDay: today } })
    state.set(period, today)
  }
  return state
}

/** Rolls the periods on to `today` unless they are there already (one small read in that case). */
export async function rollSearchStatsIfBehind(db: Db, today: string): Promise<void> {
  if (isCurrent(await readState(db), today)) return
  await db.transaction(async (tx) => {
    await rollSearchStats(tx, today)
  })
}

/** Every period built again from the log (the bench's seed and tests that write the log directly). */
export async function rebuildSearchStats(db: Db, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${STATS_LOCK})`)
    await tx.delete(searchStatState)
    await rollSearchStats(tx, today)
  })
}

async function rebuildPeriod(tx: Db, period: SearchPeriod, since: Date) {
  await tx.execute(sql`delete from search_stat_words where period = ${period}`)
  await tx.execute(sql`delete from search_stat_users where period = ${period}`)
  await tx.execute(sql`delete from search_stat_pairs where period = ${period}`)
  await tx.execute(sql`
    insert into search_stat_words (period, query_key, query, hits, last_at, zero_hits, zero_last_at)
    select ${period}, query_key, (array_agg(query order by created_at desc, id desc))[1], sum(hits),
      max(created_at), coalesce(sum(hits) filter (where result_count = 0), 0),
      max(created_at) filter (where result_count = 0)
    from search_logs where created_at >= ${since} group by query_key`)
  await tx.execute(sql`
    insert into search_stat_users (period, user_id, hits, last_at)
    select ${period}, l.user_id, sum(l.hits), max(l.created_at)
    from search_logs l join users u on u.id = l.user_id
    where l.created_at >= ${since} group by l.user_id`)
  await tx.execute(sql`
    insert into search_stat_pairs (period, query_key, user_id, query, hits, last_at)
    select ${period}, query_key, coalesce(user_id, 0), (array_agg(query order by created_at desc, id desc))[1],
      sum(hits), max(created_at)
    from search_logs where created_at >= ${since} group by query_key, coalesce(user_id, 0)`)
}

/**
 * Takes the searches made from `from` up to (not including) `to` out of a period: a total that falls
 * to nothing is deleted, the others are lowered. Only the oldest searches of a period ever go, so
 * the latest date and spelling each total keeps are still its latest.
 */
async function subtractRange(tx: Db, period: SearchPeriod, from: Date, to: Date) {
  const range = sql`created_at >= ${from} and created_at < ${to}`
  await tx.execute(sql`
    with gone as (
      select query_key, sum(hits)::int as hits,
        coalesce(sum(hits) filter (where result_count = 0), 0)::int as zero
      from search_logs where ${range} group by query_key
    ), dropped as (
      delete from search_stat_words w using gone
      where w.period = ${period} and w.query_key = gone.query_key and w.hits <= gone.hits
    )
    update search_stat_words w set hits = w.hits - gone.hits, zero_hits = w.zero_hits - gone.zero,
      zero_last_at = case when w.zero_hits > gone.zero then w.zero_last_at end
    from gone where w.period = ${period} and w.query_key = gone.query_key and w.hits > gone.hits`)
  await tx.execute(sql`
    with gone as (
      select user_id, sum(hits)::int as hits from search_logs
      where ${range} and user_id is not null group by user_id
    ), dropped as (
      delete from search_stat_users s using gone
      where s.period = ${period} and s.user_id = gone.user_id and s.hits <= gone.hits
    )
    update search_stat_users s set hits = s.hits - gone.hits
    from gone where s.period = ${period} and s.user_id = gone.user_id and s.hits > gone.hits`)
  await tx.execute(sql`
    with gone as (
      select query_key, coalesce(user_id, 0) as user_id, sum(hits)::int as hits from search_logs
      where ${range} group by query_key, coalesce(user_id, 0)
    ), dropped as (
      delete from search_stat_pairs s using gone
      where s.period = ${period} and s.query_key = gone.query_key and s.user_id = gone.user_id
        and s.hits <= gone.hits
    )
    update search_stat_pairs s set hits = s.hits - gone.hits
    from gone where s.period = ${period} and s.query_key = gone.query_key and s.user_id = gone.user_id
      and s.hits > gone.hits`)
}

/**
 * Adds a batch the flush has just written to the log to every period it falls in (a search made
 * before a period's first midnight, flushed after it, belongs to the longer periods only). Runs in
 * the flush's transaction, after rollSearchStats, with the days it answered. Of two spellings typed
 * at the same instant the later in the batch (the larger id in the log) is kept, as a rebuild would.
 */
export async function addToSearchStats(
  tx: Db,
  entries: StatEntry[],
  through: Map<SearchPeriod, string>,
): Promise<void> {
  if (entries.length === 0) return
  const batch = JSON.stringify(
    entries.map((e, ord) => ({
      ord,
      query_key: e.queryKey,
      query: e.query,
      user_id: e.userId,
      hits: e.hits,
      zero: e.resultCount === 0,
      created_at: e.createdAt.toISOString(),
    })),
  )
  const periods = sql.join(
    searchPeriods.map((p) => {
      const since = istanbulMidnight(periodFirstDay(p, through.get(p) ?? '9999-12-31'))
      return sql`(${p}, ${since.toISOString()}::timestamptz)`
    }),
    sql`, `,
  )
  const source = sql`json_to_recordset(${batch}::json)
      as e(ord int, query_key text, query text, user_id int, hits int, zero boolean, created_at timestamptz)
    join (values ${periods}) as p(period, since) on e.created_at >= p.since`
  await tx.execute(sql`
    insert into search_stat_words as w (period, query_key, query, hits, last_at, zero_hits, zero_last_at)
    select p.period, e.query_key, (array_agg(e.query order by e.created_at desc, e.ord desc))[1], sum(e.hits),
      max(e.created_at), coalesce(sum(e.hits) filter (where e.zero), 0), max(e.created_at) filter (where e.zero)
    from ${source} group by p.period, e.query_key
    on conflict (period, query_key) do update set
      hits = w.hits + excluded.hits,
      query = case when excluded.last_at >= w.last_at then excluded.query else w.query end,
      last_at = greatest(w.last_at, excluded.last_at),
      zero_hits = w.zero_hits + excluded.zero_hits,
      zero_last_at = greatest(w.zero_last_at, excluded.zero_last_at)`)
  await tx.execute(sql`
    insert into search_stat_users as s (period, user_id, hits, last_at)
    select p.period, e.user_id, sum(e.hits), max(e.created_at)
    from ${source} join users u on u.id = e.user_id group by p.period, e.user_id
    on conflict (period, user_id) do update set
      hits = s.hits + excluded.hits, last_at = greatest(s.last_at, excluded.last_at)`)
  await tx.execute(sql`
    insert into search_stat_pairs as s (period, query_key, user_id, query, hits, last_at)
    select p.period, e.query_key, coalesce(e.user_id, 0), (array_agg(e.query order by e.created_at desc, e.ord desc))[1],
      sum(e.hits), max(e.created_at)
    from ${source} group by p.period, e.query_key, coalesce(e.user_id, 0)
    on conflict (period, query_key, user_id) do update set
      hits = s.hits + excluded.hits,
      query = case when excluded.last_at >= s.last_at then excluded.query else s.query end,
      last_at = greatest(s.last_at, excluded.last_at)`)
}
