import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new database
 * on the TEST_DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    await runMigrations(database, process.cwd())
    return database
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  return createPostgresTestDatabase(serverUrl)
}

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl`, dropped again on close; `url` is
 * its address (for a test that starts server processes on it).
 */
export async function createPostgresTestDatabase(serverUrl: string): Promise<Database & { url: string }> {
  const name = `toptan_t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 })
  await runMigrations(database, process.cwd())
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: serverUrl })
      await dropper.connect()
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await dropper.end()
    },
  }
}
