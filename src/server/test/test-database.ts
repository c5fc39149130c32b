import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { createPglite, pgliteEngine } from '../db/pglite-connection'
import type { ProtocolEngine } from '../db/pglite-session'
import { readTemplateState, resetToTemplate, type TemplateState } from './pglite-reuse'
import type { Provided } from './template-database'

/** Vitest's inject with template-database.ts's keys (undefined when no setup provided one). */
const provided = inject as unknown as <K extends keyof Provided>(key: K) => Provided[K] | undefined

/**
 * A fresh, migrated database for one test file: in-memory PGlite (often one an earlier file of the
 * same worker used, reset to the template on its close: pglite-reuse.ts), or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server that is dropped again on close. Both are copies of the
 * database the run migrated once (template-database.ts); without it (a file run outside the
 * integration projects) each is migrated here.
 */
export async function createTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = await migratedPgliteSnapshot()
    if (loadDataDir)
      return openDatabase({ kind: 'pglite', dataDir: undefined, running: await reusedPglite(loadDataDir) })
    const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    await runMigrations(database, process.cwd())
    return database
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  return createPostgresTestDatabase(serverUrl)
}

let snapshot: Promise<Blob | undefined> | undefined

/** Databases of this worker reset to the template and waiting for the next test file (pglite-reuse.ts). */
const spare: PGlite[] = []
const MAX_SPARE = 2
let template: Promise<TemplateState> | undefined

/**
 * An in-memory PGlite holding the template: a spare one reset after its last use, or one loaded from
 * the snapshot. Closing the database resets it for the next file, or closes it when it cannot be reset.
 */
async function reusedPglite(snapshot: Blob): Promise<{ engine: ProtocolEngine; close: () => Promise<void> }> {
  const pglite = spare.pop() ?? (await createPglite(undefined, snapshot))
  // Read from the first database loaded, before any test has used it.
  template ??= readTemplateState(pglite)
  const state = await template
  return {
    engine: pgliteEngine(pglite),
    close: async () => {
      if (spare.length < MAX_SPARE && (await resetToTemplate(pglite, state))) spare.push(pglite)
      else await pglite.close()
    },
  }
}

/** The migrated PGlite data directory of this run as PGlite's loadDataDir takes it, if there is one. */
export function migratedPgliteSnapshot(): Promise<Blob | undefined> {
  snapshot ??= (async () => {
    const file = provided('pgliteSnapshot')
    return file ? new Blob([await readFile(file)]) : undefined
  })()
  return snapshot
}

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl`, dropped again on close; `url` is
 * its address (for a test that starts server processes on it).
 */
export async function createPostgresTestDatabase(serverUrl: string): Promise<Database & { url: string }> {
  const name = `toptan_t_${randomBytes(6).toString('hex')}`
  const template = provided('postgresTemplate')
  const copy = template?.serverUrl === serverUrl ? template.name : null
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(copy ? `CREATE DATABASE ${name} TEMPLATE ${copy}` : `CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 })
  if (!copy) await runMigrations(database, process.cwd())
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
