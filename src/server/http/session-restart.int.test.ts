import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { DEALER, seedAccounts } from '../test/fixtures'
import { createTestApp, TestClient } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'

const onPglite = process.env.TEST_DB !== 'postgres'
const dir = mkdtempSync(path.join(tmpdir(), 'toptan-restart-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** On PGlite the database itself is closed and reopened from its files, as a process restart does. */
async function open(): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pgdata') })
  await runMigrations(database, process.cwd())
  return database
}

describe('a restart', () => {
  it('keeps the data and keeps people logged in', async () => {
    const first = onPglite ? await open() : await createTestDatabase()
    await seedAccounts(first.db)
    const app1 = await createTestApp({ database: first })
    const client = new TestClient(app1.app)
    expect((await client.login(DEALER.email, DEALER.password)).statusCode).toBe(200)
    const prefs = await client.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'productListView', value: 'list' },
    })
    expect(prefs.statusCode).toBe(200)
    await app1.close()

    let second = first
    if (onPglite) {
      await first.close()
      second = await open()
    }
    const app2 = await createTestApp({ database: second })
    const res = await app2.app.inject({
      method: 'GET',
      url: '/api/bootstrap',
      headers: { cookie: client.cookie },
    })
    expect(res.json().user?.email).toBe(DEALER.email)
    expect(res.json().preferences.productListView).toBe('list')
    await app2.close()
    await second.close()
  })
})
