import { type SQL, sql } from 'drizzle-orm'
import {
  DETAIL_LIMIT,
  MATCHED_USERS_LIMIT,
  SEARCH_RESULT_LIMIT,
  TOP_LIMIT,
} from '../../../contracts/search-dashboard'
import { type SearchPeriod, searchPeriods } from '../../../domain/search-periods'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'
import type { Db } from '../../db/client'
import { escapeLike } from '../../db/like'

/*
 * The dashboard's reads over the running totals of a period (search-stats.repository.ts). Each
 * answer is ONE statement returning one row: whether the totals end on today, and the data as one
 * JSON value. On PGlite every statement is planned anew and every answer field is decoded in
 * JavaScript, which cost more than the index walks themselves; one statement and one JSON value
 * keep a request to a few milliseconds (the four tables of 30 days over the bench's million
 * searches: about 3.5 ms in the database, 5 ms a request; as six statements 8 ms). Each list walks an index backwards from the largest count
 * (ties: the latest first, then the larger key, the order each index keeps) and stops at its limit,
 * each row's detail another that stops at DETAIL_LIMIT. Instants are epoch milliseconds.
 */

/** Epoch milliseconds of a timestamptz, as a JSON-safe number. */
const ms = (column: SQL) => sql`date_part('epoch', ${column}) * 1000`

/**
 * A user's name by id, one primary-key lookup; null for a guest (0) or a user deleted since. A
 * subquery rather than a join, so the plan never depends on how well the planner knows the users
 * table (the embedded database has no autovacuum to keep its statistics).
 */
const nameOf = (userId: SQL) => sql`(select u.name from users u where u.id = ${userId})`

/**
 * One JSON array of `fields` of each row `x` of `rows` (a statement ending in ORDER BY … LIMIT), in
 * that order; [] when there are none. The aggregate reads the limited subquery's rows as they come
 * out of its sort or index walk: PostgreSQL feeds a sorted subquery to an aggregate in order (its
 * documented way to order an aggregate's input besides ORDER BY inside the call), and an ORDER BY
 * inside each of the 40-odd aggregates of a table cost half as much again on PGlite. The tests check
 * the order on both databases.
 */
const jsonList = (fields: SQL, rows: SQL) =>
  sql`(select coalesce(json_agg(json_build_object(${fields})), '[]'::json) from (${rows}) x)`

type Answer<T> = { current: boolean; data: T }

/** Reads `data` together with whether every period's totals end on `today` (or later). */
async function readWithState<T>(db: Db, today: string, data: SQL): Promise<Answer<T>> {
  const result = (await db.execute(sql`
    select (select count(*) = ${searchPeriods.length} and min(through_day) >= ${today}::date
            from search_stat_state) as current,
      ${data} as data`)) as unknown as { rows: Array<Answer<T>> }
  const row = result.rows[0]!
  return { current: row.current === true, data: row.data }
}

export type Tables = {
  words: Array<{
    query: string
    hits: number
    lastMs: number
    detail: Array<{ name: string | null; hits: number }>
  }>
  users: Array<{ name: string; hits: number; detail: Array<{ query: string; hits: number; lastMs: number }> }>
  last: Array<{ name: string | null; query: string; createdMs: number }>
  zero: Array<{ query: string; hits: number; lastMs: number }>
}

/**
 * The dashboard's four tables: the most searched words with who searched each most, the users who
 * searched most with their words, the latest searches since `since`, the words most often searched
 * without a result.
 */
export function readTables(
  db: Db,
  period: SearchPeriod,
  today: string,
  since: Date,
): Promise<Answer<Tables>> {
  const wordDetail = jsonList(
    sql`'name', ${nameOf(sql`x.user_id`)}, 'hits', x.hits`,
    sql`select user_id, hits, last_at from search_stat_pairs
      where period = ${period} and query_key = w.query_key
      order by hits desc, last_at desc, user_id desc limit ${DETAIL_LIMIT}`,
  )
  const userDetail = jsonList(
    sql`'query', x.query, 'hits', x.hits, 'lastMs', ${ms(sql`x.last_at`)}`,
    sql`select query_key, query, hits, last_at from search_stat_pairs
      where period = ${period} and user_id = s.user_id
      order by hits desc, last_at desc, query_key desc limit ${DETAIL_LIMIT}`,
  )
  return readWithState<Tables>(
    db,
    today,
    sql`json_build_object(
      'words', ${jsonList(
        sql`'query', x.query, 'hits', x.hits, 'lastMs', ${ms(sql`x.last_at`)}, 'detail', x.detail`,
        sql`select w.query_key, w.query, w.hits, w.last_at, ${wordDetail} as detail from search_stat_words w
          where w.period = ${period} order by w.hits desc, w.last_at desc, w.query_key desc limit ${TOP_LIMIT}`,
      )},
      'users', ${jsonList(
        sql`'name', x.name, 'hits', x.hits, 'detail', x.detail`,
        sql`select s.user_id, ${nameOf(sql`s.user_id`)} as name, s.hits, s.last_at, ${userDetail} as detail
          from search_stat_users s
          where s.period = ${period} order by s.hits desc, s.last_at desc, s.user_id desc limit ${TOP_LIMIT}`,
      )},
      'last', ${jsonList(
        sql`'name', ${nameOf(sql`x.user_id`)}, 'query', x.query, 'createdMs', ${ms(sql`x.created_at`)}`,
        sql`select id, user_id, query, created_at from search_logs
          where created_at >= ${since} order by created_at desc, id desc limit ${TOP_LIMIT}`,
      )},
      'zero', ${jsonList(
        sql`'query', x.query, 'hits', x.zero_hits, 'lastMs', ${ms(sql`x.zero_last_at`)}`,
        sql`select query_key, query, zero_hits, zero_last_at from search_stat_words
          where period = ${period} and zero_hits > 0
          order by zero_hits desc, zero_last_at desc, query_key desc limit ${TOP_LIMIT}`,
      )})`,
  )
}

export type WordUsers = Array<{ name: string | null; hits: number; lastMs: number }>

/** At most this many of the period's searches holding the word are summed per user (the most searched). */
const PHRASES_LIMIT = 500

/**
 * Who searched the word (its folded key) in the period, most often first: the searches of the word
 * itself and of every phrase holding it as a whole word ('vida' counts 'ahşap vida' and 'vida 4x40',
 * not 'vidalı'), summed per user. The period's searches are found by their running totals (one row
 * per search), then each one's users through the word index.
 */
export function readUsersOfWord(
  db: Db,
  period: SearchPeriod,
  today: string,
  queryKey: string,
): Promise<Answer<WordUsers>> {
  const asWord = `% ${escapeLike(queryKey)} %`
  return readWithState<WordUsers>(
    db,
    today,
    jsonList(
      sql`'name', ${nameOf(sql`x.user_id`)}, 'hits', x.hits, 'lastMs', ${ms(sql`x.last_at`)}`,
      sql`select p.user_id, sum(p.hits)::int as hits, max(p.last_at) as last_at
        from (
          select query_key from search_stat_words
          where period = ${period} and (' ' || query_key || ' ') like ${asWord}
          order by hits desc, query_key limit ${PHRASES_LIMIT}
        ) w
        join search_stat_pairs p on p.period = ${period} and p.query_key = w.query_key
        group by p.user_id
        order by hits desc, last_at desc, p.user_id desc limit ${SEARCH_RESULT_LIMIT}`,
    ),
  )
}

export type UsersWords = Array<{ name: string; query: string; hits: number; lastMs: number }>

/**
 * The words searched in the period by the users whose name or company name (Turkish letters folded)
 * or e-mail contains the folded term: at most MATCHED_USERS_LIMIT users, each read through its own
 * index range.
 */
export function readWordsOfUsers(
  db: Db,
  period: SearchPeriod,
  today: string,
  foldedTerm: string,
): Promise<Answer<UsersWords>> {
  const pattern = `%${escapeLike(foldedTerm)}%`
  return readWithState<UsersWords>(
    db,
    today,
    jsonList(
      sql`'name', x.name, 'query', x.query, 'hits', x.hits, 'lastMs', ${ms(sql`x.last_at`)}`,
      sql`select m.id, m.name, p.query_key, p.query, p.hits, p.last_at
        from (
          select u.id, u.name from users u
          left join customers c on c.id = u.customer_id
          where ${foldTurkishSql(sql`u.name`)} like ${pattern} or lower(u.email) like ${pattern}
            or ${foldTurkishSql(sql`c.name`)} like ${pattern}
          order by u.id limit ${MATCHED_USERS_LIMIT}
        ) m
        cross join lateral (
          select query_key, query, hits, last_at from search_stat_pairs
          where period = ${period} and user_id = m.id
          order by hits desc, last_at desc, query_key desc limit ${SEARCH_RESULT_LIMIT}
        ) p
        order by p.hits desc, p.last_at desc, m.id desc, p.query_key desc
        limit ${SEARCH_RESULT_LIMIT}`,
    ),
  )
}
