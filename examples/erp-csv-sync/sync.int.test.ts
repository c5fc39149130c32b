import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { issueApiKey } from '../../src/server/test/api-keys'
import { seedAccounts } from '../../src/server/test/fixtures'
import { createTestApp, type TestApp } from '../../src/server/test/test-app'
import { syncFolder } from './sync.mjs'

let t: TestApp
let url: string
let dir: string

beforeAll(async () => {
  t = await createTestApp({ jobWorker: { pollMs: 20, pauseMs: 0 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  dir = await mkdtemp(path.join(tmpdir(), 'erp-sync-'))
  await cp(path.join(import.meta.dirname, 'sample'), dir, { recursive: true })
})
afterAll(async () => {
  await t.close()
  await rm(dir, { recursive: true, force: true })
})

it('sends the sample folder in order, each file a job, and saves the rejected rows', async () => {
  const key = await issueApiKey(t, ['catalogue:write', 'stock:write', 'jobs:write'])
  const lines: string[] = []
  const results = await syncFolder({ url, key: key.key, dir, log: (l: string) => lines.push(l), pollMs: 20 })
  expect(results.map((r) => [r.resource, r.status, r.counts])).toEqual([
    ['categories', 'done', { created: 2, updated: 0, unchanged: 0, rejected: 0 }],
    ['warehouses', 'done', { created: 2, updated: 0, unchanged: 0, rejected: 0 }],
    ['products', 'done', { created: 2, updated: 0, unchanged: 0, rejected: 0 }],
    ['stock', 'done', { created: 3, updated: 0, unchanged: 0, rejected: 1 }],
  ])
  const rejected = await readFile(results[3]!.rejectedFile!, 'utf8')
  expect(rejected).toContain('KBL-9/MERKEZ')
  expect(rejected).toContain('koduyla bir kayıt yok')
  // The same folder again changes nothing.
  const again = await syncFolder({ url, key: key.key, dir, log: () => {}, pollMs: 20 })
  expect(again.map((r) => r.counts?.unchanged)).toEqual([2, 2, 2, 3])
})
