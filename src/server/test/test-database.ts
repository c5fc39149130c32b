import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { createPglite, pgliteEngine } from '../db/pglite-connection'
import type { ProtocolEngine } from '../db/pglite-session'
import { seedDemo } from '../db/seed/demo'
import { readTemplateState, resetToTemplate, type TemplateState } from './pglite-reuse'
import type { Provided } from './template-database'

/** Vitest's inject with template-database.ts's keys (undefined when no setup provided one). */
const provided = inject as unknown as <K extends keyof Provided>(key: K) => Provided[K] | undefined

/** What a test database holds besides the migrated schema and its base rows. */
export type TestDatabaseOptions = {
  /** The demo data (db/seed/demo.ts), as `npm start` loads it into an empty database. */
  demo?: boolean
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite (often one an earlier file of the
 * same worker used, reset to the template on its close: pglite-reuse.ts), or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server that is dropped again on close. Both are copies of the
 * database the run migrated once (template-database.ts); without it (a file run outside the
 * integration projects) each is migrated here. With `demo`, the demo data is in it: on PGlite seeded
 * once per worker and reset to that afterwards.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadDataDir = await migratedPgliteSnapshot()
    if (loadDataDir) {
      const running = await reusedPglite(loadDataDir, options.demo ? 'demo' : 'migrated')
      return openDatabase({ kind: 'pglite', dataDir: undefined, running })
    }
    const database = await createPgliteAt(undefined)
    if (options.demo) await seedDemo(database.db)
    return database
  }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const database = await createPostgresTestDatabase(serverUrl)
  if (options.demo) await seedDemo(database.db)
  return database
}

/**
 * A migrated PGlite database in the empty directory `dataDir` on disk (in memory without one), for a
 * test that restarts processes on it: a copy of the run's migrated template (about a second) rather
 * than an initdb and every migration (4–6 s), when the run has one.
 */
export async function createPgliteAt(dataDir: string | undefined): Promise<Database> {
  const loadDataDir = await migratedPgliteSnapshot()
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir })
  if (!loadDataDir) await runMigrations(database, process.cwd())
  return database
}

let snapshot: Promise<Blob | undefined> | undefined

type Template = 'migrated' | 'demo'
/** Databases of this worker reset to their template and waiting for the next test file (pglite-reuse.ts). */
const spare: Record<Template, PGlite[]> = { migrated: [], demo: [] }
const MAX_SPARE = 2
const templates: Partial<Record<Template, Promise<TemplateState>>> = {}

/**
 * An in-memory PGlite holding `kind`: a spare one reset after its last use, or one loaded from the
 * snapshot (and seeded, for the demo). Closing the database resets it for the next file, or closes it
 * when it cannot be reset.
 */
async function reusedPglite(
  snapshot: Blob,
  kind: Template,
): Promise<{ engine: ProtocolEngine; close: () => Promise<void> }> {
  let pglite = spare[kind].pop()
  if (!pglite) {
    pglite = await createPglite(undefined, snapshot)
    // Read from the first database loaded, before anything is written to it.
    templates.migrated ??= readTemplateState(pglite)
    if (kind === 'demo') {
      await templates.migrated
      await seedDemoInto(pglite)
      templates.demo ??= readTemplateState(pglite)
    }
  }
  const state = await templates[kind]!
  const used = pglite
  return {
    engine: pgliteEngine(used),
    close: async () => {
      if (spare[kind].length < MAX_SPARE && (await resetToTemplate(used, state))) spare[kind].push(used)
      else await used.close()
    },
  }
}

/** The demo data written into `pglite` through the app's own driver, leaving the PGlite open. */
async function seedDemoInto(pglite: PGlite): Promise<void> {
  const running = { engine: pgliteEngine(pglite), close: async () => {} }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, running })
  try {
    await seedDemo(database.db)
  } finally {
    await database.close()
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
