import { existsSync } from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { DataDirLock } from './backup'
import { type Database, openDatabase } from './client'
import { runMigrations } from './migrate'

/**
 * The configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated. PGlite
 * runs in a thread of its own when the build made its worker (dist/server/db/pglite-worker.js, by
 * `npm run build`; run from the sources, as the tests do, there is none); PGLITE_THREAD=main keeps it
 * in this thread (docs/decisions.md "The embedded database in a thread of its own"). The process
 * holds DATA_DIR's backup socket while it has PGlite open (db/backup.ts): it refuses to open a
 * directory another process has open, and takes the backups `npm run db:backup` asks for.
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const database = await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    await runMigrations(database, config.rootDir)
    return database
  }
  const lock = await DataDirLock.claim(config.dataDir)
  const workerFile = path.join(config.rootDir, 'dist', 'server', 'db', 'pglite-worker.js')
  const inWorker = config.pgliteThread === 'worker' && existsSync(workerFile)
  let database: Database
  try {
    database = await openDatabase({
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
  } catch (err) {
    await lock.close()
    throw err
  }
  lock.serve(database, console)
  return {
    ...database,
    close: async () => {
      await database.close()
      await lock.close()
    },
  }
}
