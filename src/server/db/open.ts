import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { type Database, openDatabase } from './client'
import { runMigrations } from './migrate'

/**
 * The configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated. PGlite
 * runs in a thread of its own when the build made its worker (dist/server/db/pglite-worker.js, by
 * `npm run build`; run from the sources, as the tests do, there is none); PGLITE_THREAD=main keeps it
 * in this thread (docs/decisions.md "The embedded database in a thread of its own").
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const workerFile = path.join(config.rootDir, 'dist', 'server', 'db', 'pglite-worker.js')
  const inWorker = config.pgliteThread === 'worker' && existsSync(workerFile)
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({
        kind: 'pglite',
        dataDir: path.join(config.dataDir, 'pgdata'),
        workerFile: inWorker ? workerFile : undefined,
        // As when PGlite aborted in the server's own thread: the process ends, to be started again,
        // rather than answer every request with an error.
        onFailure: (err) => {
          console.error(`The embedded database stopped: ${err.message}`)
          process.exit(1)
        },
      })
  await runMigrations(database, config.rootDir)
  return database
}
