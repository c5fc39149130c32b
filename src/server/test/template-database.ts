import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { createPglite } from '../db/pglite-connection'

/** What this setup hands the test files (through Vitest's provide and inject). */
export type Provided = {
  /** A tarball of a migrated PGlite data directory (integration project). */
  pgliteSnapshot: string
  /** A migrated database on the TEST_DATABASE_URL server to copy (integration-postgres project). */
  postgresTemplate: { serverUrl: string; name: string }
}

// Vitest types provide/inject by its ProvidedContext, which a module augmentation does not reach
// through vitest's re-export: the keys are typed here instead.
const provide = <K extends keyof Provided>(project: TestProject, key: K, value: Provided[K]) =>
  (project.provide as unknown as (key: K, value: Provided[K]) => void)(key, value)

/**
 * Vitest globalSetup of the integration projects: the migrations run once per run and database, and
 * every test file starts from a copy of the result (test-database.ts) instead of migrating its own.
 * On PGlite a fresh data directory costs an initdb as well, which loading the snapshot skips.
 * Migrations themselves are still tested: they make the snapshot, and migrations.int.test.ts runs
 * them again over it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB === 'postgres') {
    return postgresTemplate(project)
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined })
  await runMigrations(database, process.cwd())
  const compressed = await database.backup!()
  await database.close()
  // Kept as a plain tarball: each test file's load then skips a gunzip of ~45 MB (0.86 → 0.47–0.57 s a file).
  const pglite = await createPglite(undefined, new Blob([Buffer.from(compressed)]))
  const snapshot = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer())
  await pglite.close()
  const dir = mkdtempSync(path.join(tmpdir(), 'toptan-template-'))
  const file = path.join(dir, 'pgdata.tar')
  writeFileSync(file, snapshot)
  provide(project, 'pgliteSnapshot', file)
  return async () => rmSync(dir, { recursive: true, force: true })
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const name = `toptan_tpl_${randomBytes(6).toString('hex')}`
  await admin(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 1 })
  await runMigrations(database, process.cwd())
  await database.close()
  // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template, and a closed
  // connection's server process may linger a moment: wait until it is gone.
  await waitForNoSessions(serverUrl, name)
  provide(project, 'postgresTemplate', { serverUrl, name })
  return () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function waitForNoSessions(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      )
      if (rows[0]?.n === 0) return
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`sessions on the template database ${name} did not end`)
  } finally {
    await client.end()
  }
}
