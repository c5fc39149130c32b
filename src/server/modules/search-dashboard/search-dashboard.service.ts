import type { Locale } from '../../../contracts/common'
import type { SearchQueries, SearchType, TopQueries } from '../../../contracts/search-dashboard'
import { formatDateTime } from '../../../domain/date-format'
import { ledgerDay } from '../../../domain/ledger'
import { istanbulMidnight, periodFirstDay, type SearchPeriod } from '../../../domain/search-periods'
import { foldTurkish } from '../../../domain/turkish-text'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { loadStoreSettings } from '../store/store.service'
import { readTables, readUsersOfWord, readWordsOfUsers } from './search-dashboard.repository'
import {
  addToSearchStats,
  rollSearchStats,
  rollSearchStatsIfBehind,
  type StatEntry,
} from './search-stats.repository'

/**
 * How a search's date is written: the page's language's date-time format in the store's time zone
 * (its periods stay Istanbul's calendar days, as its running totals are counted in them).
 */
async function dateWriter(data: CachedDb, locale: Locale): Promise<(epochMs: number) => string> {
  const { timeZone } = await loadStoreSettings(data)
  return (epochMs) => formatDateTime(epochMs, locale, timeZone)
}

/**
 * A read of the running totals that must see them end on today: when no search has moved them on
 * since midnight (the read says so), they are rolled and the read made again. Once a day at most.
 */
async function readCurrent<T>(
  db: Db,
  today: string,
  read: () => Promise<{ current: boolean; data: T }>,
): Promise<T> {
  const first = await read()
  if (first.current) return first.data
  await rollSearchStatsIfBehind(db, today)
  return (await read()).data
}

/**
 * GET /yonetim/top-queries: the period's most searched words and most active users (each with a
 * hover detail), the latest searches and the words searched without a result.
 */
export async function topQueries(
  data: CachedDb,
  period: SearchPeriod,
  now: Date,
  locale: Locale,
): Promise<TopQueries> {
  const { db } = data
  const dateOf = await dateWriter(data, locale)
  const today = ledgerDay(now)
  const since = istanbulMidnight(periodFirstDay(period, today))
  const tables = await readCurrent(db, today, () => readTables(db, period, today, since))
  return {
    period,
    topQueries: tables.words.map((w) => ({
      query: w.query,
      count: w.hits,
      formattedCreatedAt: dateOf(w.lastMs),
      // A guest, or a user deleted since, has no name.
      detail: w.detail.map((d) => ({ userName: d.name, totalCount: d.hits })),
    })),
    topUsers: tables.users.map((u) => ({
      name: u.name,
      count: u.hits,
      detail: u.detail.map((d) => ({
        searchQuery: d.query,
        searchCount: d.hits,
        formattedCreatedAt: dateOf(d.lastMs),
      })),
    })),
    lastQueries: tables.last.map((l) => ({
      name: l.name,
      query: l.query,
      formattedCreatedAt: dateOf(l.createdMs),
    })),
    zeroResultQueries: tables.zero.map((z) => ({
      query: z.query,
      count: z.hits,
      formattedCreatedAt: dateOf(z.lastMs),
    })),
  }
}

/**
 * GET /yonetim/search_queries: a word search lists who searched the word (Turkish letters folded, as
 * the log keys it); a user search lists the words of the users whose name or e-mail contains the
 * term. A blank term is refused with the spec's text.
 */
export async function searchQueries(
  data: CachedDb,
  input: { query: string; type: SearchType; period: SearchPeriod },
  now: Date,
  locale: Locale,
): Promise<SearchQueries> {
  const { db } = data
  const term = input.query.trim()
  const folded = foldTurkish(term)
  if (!folded) {
    throw new AppError('validation', 'searchDashboard.blankTerm', undefined, 'validation', {
      query: { key: 'searchDashboard.blankTerm' },
    })
  }
  const today = ledgerDay(now)
  const dateOf = await dateWriter(data, locale)
  const { period } = input
  if (input.type === 'kelime') {
    const rows = await readCurrent(db, today, () => readUsersOfWord(db, period, today, folded.slice(0, 200)))
    return {
      success: true,
      type: 'kelime',
      period,
      searchQuery: term,
      searchResult: rows.map((r) => ({
        userName: r.name,
        totalCount: r.hits,
        formattedCreatedAt: dateOf(r.lastMs),
      })),
    }
  }
  const rows = await readCurrent(db, today, () => readWordsOfUsers(db, period, today, folded))
  return {
    success: true,
    type: 'kullanıcı',
    period,
    searchQuery: term,
    searchResult: rows.map((r) => ({
      userName: r.name,
      searchQuery: r.query,
      searchCount: r.hits,
      formattedCreatedAt: dateOf(r.lastMs),
    })),
  }
}

// The search log's flush keeps the running totals in its own transaction (search/search.repository.ts):
// first they move on to today, then the batch it wrote is added to every period it falls in.

/** Moves the running totals on to `today` in the caller's transaction; answers each period's first day. */
export function rollStatsTo(tx: Db, today: string): Promise<Map<SearchPeriod, string>> {
  return rollSearchStats(tx, today)
}

/** Adds a batch just written to the search log to the running totals, in the same transaction. */
export function addToStats(tx: Db, entries: StatEntry[], through: Map<SearchPeriod, string>): Promise<void> {
  return addToSearchStats(tx, entries, through)
}
