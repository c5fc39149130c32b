import path from 'node:path'
import type { Config } from '../config'
import { type Database, openDatabase } from './client'
import { runMigrations } from './migrate'

/** The configured database (PostgreSQL with DATABASE_URL, else PGlite under DATA_DIR), migrated. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pgdata') })
  await runMigrations(database, config.rootDir)
  return database
}
