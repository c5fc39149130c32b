import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../../contracts/integration-jobs'
import { issueApiKey } from '../../test/api-keys'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/test-app'
import { JOB_CHUNK_ROWS } from './jobs.service'

/**
 * A job shares its process (and on the embedded database the one session) with the dealers'
 * requests: between two chunks it waits until the requests this process is answering are answered.
 */
describe('a job beside requests in flight', () => {
  let t: TestApp
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let erp: Awaited<ReturnType<typeof issueApiKey>>

  beforeAll(async () => {
    t = await createTestApp({
      throttle: { maxPerIp: 10_000 },
      env: { INTEGRATION_RATE_LIMIT: '10000' },
      // A wait long enough that only the request's end lets the job go on.
      jobWorker: { pollMs: 20, pauseMs: 0, yieldMaxMs: 60_000 },
      beforeReady: (app) => {
        app.get('/test/slow-request', async () => {
          await released
          return { ok: true }
        })
      },
    })
    await seedAccounts(t.database.db)
    erp = await issueApiKey(t, ['catalogue:write', 'stock:write', 'jobs:write'])
  })
  afterAll(async () => {
    release()
    await t.close()
  })

  const status = async (id: number) => (await erp.call('GET', `jobs/${id}`)).json() as Job
  const until = async (check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms
    while (Date.now() < deadline) {
      if (await check()) return true
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    return false
  }

  it('writes no next chunk while a request is being answered, and goes on once it is', async () => {
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const category = `K-${tag}`
    const warehouse = `W-${tag}`
    await erp.call('POST', 'categories', { items: [{ code: category, name: `Kategori ${tag}` }] })
    await erp.call('POST', 'warehouses', { items: [{ code: warehouse, name: `Depo ${tag}` }] })
    const codes = Array.from({ length: JOB_CHUNK_ROWS + 10 }, (_, i) => `Y${tag}-${i}`)
    const items = codes.map((code) => ({
      code,
      name: `Ürün ${code}`,
      categoryCode: category,
      salePrice: 1,
      currency: 'TRY',
      taxRate: 20,
    }))
    expect((await erp.call('POST', 'products', { items })).statusCode).toBe(200)

    const slow = t.app.inject({ method: 'GET', url: '/test/slow-request' })
    const body = `${codes.map((code, i) => JSON.stringify({ productCode: code, warehouseCode: warehouse, quantity: i })).join('\n')}\n`
    const started = await erp.call('POST', 'jobs?resource=stock', body as unknown as object, {
      'content-type': 'application/x-ndjson',
    })
    const { jobId } = started.json() as { jobId: number }

    // The first chunk is written; the second waits for the slow request.
    expect(await until(async () => (await status(jobId)).done === JOB_CHUNK_ROWS, 20_000)).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    expect(await status(jobId)).toMatchObject({ status: 'running', done: JOB_CHUNK_ROWS })

    release()
    expect((await slow).statusCode).toBe(200)
    expect(await until(async () => (await status(jobId)).status === 'done', 20_000)).toBe(true)
    expect(await status(jobId)).toMatchObject({ done: codes.length, counts: { created: codes.length } })
  })
})
