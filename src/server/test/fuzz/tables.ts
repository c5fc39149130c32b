import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { queryRows } from '../db-helpers'

/**
 * Tables a refused request may legitimately write, left out of the watch (each with its reason):
 * - sessions: every request of a client carries its session, whose expiry slides forward (a refused
 *   request too), and a guest's first request opens one;
 * - throttle_counters: a refused login (wrong password) is *meant* to count a failure there;
 * - search_logs and search_stat_*: the search log is written by its own flush, after the answer, so a
 *   write there lands during whichever request comes next (and a search is logged as asked, even when
 *   it finds nothing).
 */
export const UNWATCHED_TABLES = new Set([
  'sessions',
  'throttle_counters',
  'search_logs',
  'search_stat_pairs',
  'search_stat_state',
  'search_stat_users',
  'search_stat_words',
])

/** Where the row-write counter lives; test-only, created in this file's own database. */
const COUNTER = 'fuzz_row_writes'

export type Checksums = Record<string, string>

/**
 * The row watch of the fuzz suite, over every base table of the database but the unwatched ones:
 * - `checksums()`: md5 of every table's rows (in row-text order), all tables in one statement;
 * - `writes()`: a per-table count of committed row writes, kept by an AFTER row trigger on each
 *   watched table, so each single request can be checked cheaply (a rolled-back write counts nothing,
 *   as its transaction's counter update is rolled back with it).
 */
export class TableWatch {
  private checksumQuery = ''
  tables: string[] = []

  constructor(private readonly db: Db) {}

  async install() {
    const rows = await queryRows<{ table_name: string }>(
      this.db,
      sql`select table_name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    )
    this.tables = rows.map((r) => r.table_name).filter((name) => !UNWATCHED_TABLES.has(name))
    await this.db.execute(sql.raw(`create table ${COUNTER} (t text primary key, n bigint not null)`))
    await this.db.execute(
      sql.raw(`create function ${COUNTER}_count() returns trigger language plpgsql as $$
        begin
          insert into ${COUNTER} as w (t, n) values (TG_TABLE_NAME, 1) on conflict (t) do update set n = w.n + 1;
          return null;
        end $$`),
    )
    for (const table of this.tables) {
      await this.db.execute(
        sql.raw(`create trigger ${COUNTER}_count after insert or update or delete on "${table}"
                 for each row execute function ${COUNTER}_count()`),
      )
    }
    this.checksumQuery = this.tables
      .map(
        (table) =>
          `select '${table}' as t, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from "${table}" x`,
      )
      .join(' union all ')
  }

  async checksums(): Promise<Checksums> {
    const rows = await queryRows<{ t: string; h: string }>(this.db, sql.raw(this.checksumQuery))
    return Object.fromEntries(rows.map((r) => [r.t, r.h]))
  }

  /** The row-write counts so far, as one comparable string ('' when nothing was written). */
  async writes(): Promise<string> {
    const rows = await queryRows<{ w: string | null }>(
      this.db,
      sql.raw(`select string_agg(t || ':' || n, ',' order by t) as w from ${COUNTER}`),
    )
    return rows[0]?.w ?? ''
  }
}

/** The tables whose checksum differs between two takes. */
export function changedTables(before: Checksums, after: Checksums): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t])
}

/** The tables whose write count moved between two `writes()` strings. */
export function writtenTables(before: string, after: string): string[] {
  const parse = (s: string) => new Map(s ? s.split(',').map((p) => p.split(':') as [string, string]) : [])
  const a = parse(before)
  const b = parse(after)
  return [...b.keys()].filter((t) => a.get(t) !== b.get(t))
}
