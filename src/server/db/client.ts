import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { Logger } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { serialize } from 'pg-protocol'
import { createPglite, pgliteEngine, poolOverPglite } from './pglite-connection'
import { PgliteSession, type ProtocolEngine, type SessionStats } from './pglite-session'
import { pgliteInWorker } from './pglite-thread'
import { markTransactions } from './transaction-context'

/** One type for both drivers: repositories never know which one runs under them. */
export type Db = PgDatabase<PgQueryResultHKT>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Counts statements sent, so tests can prove a request does not do N+1 queries. */
  queries: { count: number }
  /** What the pool (and the embedded database's one session) is doing now: for the metrics. */
  stats: () => DatabaseStats
  /**
   * The embedded database's data directory as a gzipped tarball (PGlite's dumpDataDir), taken between
   * transactions after a checkpoint: every transaction committed before it, none half. Requests wait
   * while it is taken. null on PostgreSQL, which has pg_dump (docs/operations.md).
   */
  backup: (() => Promise<Uint8Array>) | null
  close: () => Promise<void>
}

export type DatabaseStats = {
  /** node-postgres' pool: clients open, of them idle, and queries waiting for a client. */
  pool: { total: number; idle: number; waiting: number }
  /** The embedded database's session (db/pglite-session.ts); null on PostgreSQL. */
  session: SessionStats | null
}

const poolStats = (pool: pg.Pool): DatabaseStats['pool'] => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
})

export type DatabaseTarget =
  // dataDir undefined: in memory. workerFile: the built db/pglite-worker.js, to run PGlite in a
  // thread of its own (db/pglite-thread.ts); without it PGlite runs in this thread. onFailure: that
  // thread failed or ended unasked (every later statement fails). loadDataDir: a backup (Database.backup's
  // tarball) to start an empty dataDir from, in this thread only (the tests' migrated template).
  // running: an engine already started, closed by its own close (the tests' reused databases).
  | {
      kind: 'pglite'
      dataDir: string | undefined
      workerFile?: string
      onFailure?: (err: Error) => void
      loadDataDir?: Blob
      running?: { engine: ProtocolEngine; close: () => Promise<void> }
    }
  | { kind: 'postgres'; url: string; poolSize?: number }

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const queries = { count: 0 }
  const logger: Logger = {
    logQuery() {
      queries.count++
    },
  }
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // When the server is down or every connection is busy, a request waits at most this long for
      // one and is then answered 503 (isDatabaseUnavailable), never left hanging.
      connectionTimeoutMillis: 3000,
      // A server that vanished without closing the socket (host gone, cable pulled) is noticed.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A transaction its client abandoned (process frozen, network gone) releases its locks. No
      // statement_timeout: migrations and imports may rightly run for minutes (docs/decisions.md).
      idle_in_transaction_session_timeout: 60_000,
    })
    // An idle connection the server closes (restart, failover, a dropped test database) must not
    // crash the process: the pool drops it and opens a new one when needed.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`))
    // The pool listens only to its idle connections. A connection in use (a transaction between two
    // statements) that the server drops emits 'error' too, and an 'error' nobody listens to ends the
    // process: the whole app died with its database (found by src/server/fault/crash.int.test.ts).
    // The statement in flight fails on its own; the pool discards the broken connection on release.
    pool.on('connect', (client) =>
      client.on('error', (err) => console.error(`database connection lost while in use: ${err.message}`)),
    )
    await pool.query('select 1')
    if (process.env.DB_TRACE === '1') traceQueries(pool)
    const db = markTransactions(drizzlePg({ client: pool, logger }) as unknown as Db)
    return {
      db,
      kind: 'postgres',
      queries,
      stats: () => ({ pool: poolStats(pool), session: null }),
      backup: null,
      close: () => pool.end(),
    }
  }
  if (target.dataDir) mkdirSync(path.dirname(target.dataDir), { recursive: true })
  const { engine, close } = await startPglite(target)
  // Both databases speak through the same driver (node-postgres and Drizzle's node-postgres
  // dialect), so named prepared statements work on PGlite too (docs/decisions.md "One driver for both
  // databases").
  const session = new PgliteSession(engine)
  const pool = poolOverPglite(engine, session)
  pool.on('error', (err) => console.error(`embedded database client failed: ${err.message}`))
  if (process.env.DB_TRACE === '1') traceQueries(pool)
  const db = markTransactions(drizzlePg({ client: pool, logger }) as unknown as Db)
  return {
    db,
    kind: 'pglite',
    queries,
    stats: () => ({ pool: poolStats(pool), session: session.stats() }),
    // The checkpoint writes out what only the WAL held, so the restored copy starts without replaying
    // it; the dump would be consistent without (a restore replays the WAL like a crash recovery).
    backup: () =>
      session.exclusive(async () => {
        await engine.run(serialize.query('CHECKPOINT'))
        return engine.dump()
      }),
    close: async () => {
      await pool.end()
      await close()
    },
  }
}

async function startPglite({
  dataDir,
  workerFile,
  onFailure,
  loadDataDir,
  running,
}: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<{
  engine: ProtocolEngine
  close: () => Promise<void>
}> {
  if (running) return running
  if (workerFile) {
    const engine = pgliteInWorker(workerFile, dataDir, onFailure)
    await engine.ready
    return { engine, close: engine.close }
  }
  const pglite = await createPglite(dataDir, loadDataDir)
  return { engine: pgliteEngine(pglite), close: () => pglite.close() }
}

/**
 * DB_TRACE=1: every statement with its duration on stderr, to find the slow one. Diagnostics only.
 * Each pooled client's query is timed, so statements inside transactions are traced too.
 */
function traceQueries(pool: pg.Pool) {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>
    client.query = (async (config: unknown, ...rest: unknown[]) => {
      const started = performance.now()
      const text = typeof config === 'string' ? config : ((config as { text?: string })?.text ?? '')
      try {
        return await query(config, ...rest)
      } finally {
        console.error(
          `[db ${(performance.now() - started).toFixed(1)} ms] ${text.replace(/\s+/g, ' ').slice(0, process.env.DB_TRACE_FULL ? 100_000 : 300)}`,
        )
      }
    }) as typeof client.query
  })
}
