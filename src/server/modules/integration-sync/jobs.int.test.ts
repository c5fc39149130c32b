import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../../contracts/integration-jobs'
import { issueApiKey } from '../../test/api-keys'
import { queryRows } from '../../test/db-helpers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/test-app'
import { claimJob } from './jobs.repository'
import { JOB_CHUNK_ROWS, JOB_STALE_MS, runOneJob, writeNextChunk } from './jobs.service'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>
let clock = Date.now()
const now = () => new Date(clock)
const log = { error: () => {}, info: () => {} }

beforeAll(async () => {
  t = await createTestApp({ now, throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  erp = await issueApiKey(t, ['catalogue:write', 'stock:write', 'jobs:write'])
})
afterAll(() => t.close())

const tag = () => randomBytes(3).toString('hex').toUpperCase()

async function products(count: number) {
  const cat = `K-${tag()}`
  await erp.call('POST', 'categories', { items: [{ code: cat, name: `Kategori ${cat}` }] })
  const prefix = `J${tag()}-`
  const codes = Array.from({ length: count }, (_, i) => `${prefix}${i}`)
  for (let i = 0; i < codes.length; i += 5000) {
    const items = codes.slice(i, i + 5000).map((code) => ({
      code,
      name: `Ürün ${code}`,
      categoryCode: cat,
      salePrice: 1,
      currency: 'TRY',
      taxRate: 20,
    }))
    expect((await erp.call('POST', 'products', { items })).statusCode).toBe(200)
  }
  return codes
}

async function warehouse() {
  const code = `W-${tag()}`
  await erp.call('POST', 'warehouses', { items: [{ code, name: `Depo ${code}` }] })
  return code
}

const ndjson = (rows: object[]) => `${rows.map((r) => JSON.stringify(r)).join('\n')}\n`

async function startJob(resource: string, body: string, type = 'application/x-ndjson', key = erp) {
  return key.call('POST', `jobs?resource=${resource}`, body as unknown as object, { 'content-type': type })
}

const status = async (id: number, key = erp) => (await key.call('GET', `jobs/${id}`)).json() as Job

async function drain() {
  while (await runOneJob({ db: t.database.db, now, log }, { pollMs: 0, pauseMs: 0 })) {}
}

describe('jobs', () => {
  it('takes an NDJSON stock load at once, writes it in chunks, and keeps the rejected rows with reasons', async () => {
    const codes = await products(3)
    const wh = await warehouse()
    const rows = Array.from({ length: JOB_CHUNK_ROWS + 500 }, (_, i) => ({
      productCode: i % 500 === 7 ? `=HYPERLINK("x")${i}` : codes[i % 3],
      warehouseCode: wh,
      quantity: i,
    }))
    const res = await startJob('stock', `${ndjson(rows)}not json\n`)
    expect(res.statusCode, res.body).toBe(202)
    const { jobId } = res.json() as { jobId: number }
    expect(await status(jobId)).toMatchObject({ status: 'queued', total: rows.length + 1, done: 0 })
    await drain()
    const done = await status(jobId)
    expect(done).toMatchObject({ status: 'done', total: rows.length + 1, done: rows.length + 1 })
    // Each product's last row wins across chunks; rows repeating a key in one chunk are rejected.
    expect(done.counts.rejected).toBeGreaterThan(5)
    expect(done.rejectedRowsUrl).toBe(`/api/integration/v1/jobs/${jobId}/rejected`)
    const file = await erp.call('GET', `jobs/${jobId}/rejected`)
    expect(file.headers['content-type']).toContain('text/csv')
    const lines = file.body.replace(/^\ufeff/, '').split('\r\n')
    const header = lines[0]!.split(';')
    expect([...header.slice(0, 3), header.at(-1)]).toEqual(['Satır', 'Kod', 'Hatalar', 'Diğer alanlar'])
    expect(header.slice(3, -1).sort()).toEqual(['productCode', 'quantity', 'warehouseCode'])
    expect(file.body).toContain(`"'=HYPERLINK(""x"")7/${wh}"`)
    expect(lines.length).toBe(done.counts.rejected + 2)
    expect(lines.slice(-3).join('\n')).toContain('(not a JSON object)')
  })

  it('reads CSV with a header row and a BOM, in the resource of its query', async () => {
    const codes = await products(2)
    const wh = await warehouse()
    const csv = `\ufeffproductCode;warehouseCode;quantity\r\n${codes[0]};${wh};12\r\n${codes[1]};${wh};x\r\n`
    const { jobId } = (await startJob('stock', csv, 'text/csv')).json() as { jobId: number }
    await drain()
    expect((await status(jobId)).counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 })
    const [row] = await queryRows<{ quantity: number }>(
      t.database.db,
      sql`select quantity from products where code = ${codes[0]!}`,
    )
    expect(row?.quantity).toBe(12)
  })

  it('resumes after a restart at the first chunk left, counting every row once', async () => {
    const codes = await products(JOB_CHUNK_ROWS + 10)
    const wh = await warehouse()
    const rows = codes.map((code, i) => ({ productCode: code, warehouseCode: wh, quantity: i + 1 }))
    const { jobId } = (await startJob('stock', ndjson(rows))).json() as { jobId: number }
    // A process takes the job, writes one chunk and dies (its heartbeat stops).
    const job = await claimJob(t.database.db, now(), new Date(clock - JOB_STALE_MS))
    expect(job?.id).toBe(jobId)
    await writeNextChunk(t.database.db, job!, now())
    expect(await status(jobId)).toMatchObject({ status: 'running', done: JOB_CHUNK_ROWS })
    // Within the stale time nobody takes it; after, the next process resumes it.
    expect(await runOneJob({ db: t.database.db, now, log }, { pollMs: 0, pauseMs: 0 })).toBe(false)
    clock += JOB_STALE_MS + 1000
    await drain()
    expect(await status(jobId)).toMatchObject({
      status: 'done',
      done: rows.length,
      counts: { created: rows.length, updated: 0, unchanged: 0, rejected: 0 },
    })
    const [sum] = await queryRows<{ total: number }>(
      t.database.db,
      sql`select sum(quantity)::int as total from product_stocks s join warehouses w on w.id = s.warehouse_id where w.code = ${wh}`,
    )
    expect(sum?.total).toBe((rows.length * (rows.length + 1)) / 2)
  })

  it('runs one job per resource at a time', async () => {
    // Tests run in any order; another test may have left a job queued.
    clock += JOB_STALE_MS + 1000
    await drain()
    const wh = await warehouse()
    const codes = await products(1)
    const line = ndjson([{ productCode: codes[0], warehouseCode: wh, quantity: 1 }])
    const first = (await startJob('stock', line)).json().jobId as number
    const second = (await startJob('stock', line)).json().jobId as number
    const other = (await startJob('warehouses', ndjson([{ code: `W-${tag()}`, name: 'Başka' }]))).json()
      .jobId as number
    const stale = new Date(clock - JOB_STALE_MS)
    const claimed = [await claimJob(t.database.db, now(), stale), await claimJob(t.database.db, now(), stale)]
    expect(claimed.map((j) => j?.id).sort()).toEqual([first, other].sort())
    expect(await claimJob(t.database.db, now(), stale)).toBeNull()
    await drain()
    clock += JOB_STALE_MS + 1000
    await drain()
    expect((await status(second)).status).toBe('done')
  })

  it('needs the resource scope, and shows a job to its own key only', async () => {
    const jobsOnly = await issueApiKey(t, ['jobs:write'])
    const refused = await startJob('stock', ndjson([{}]), 'application/x-ndjson', jobsOnly)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('api_key_scope')
    const { jobId } = (await startJob('warehouses', ndjson([{ code: `W-${tag()}`, name: 'X' }]))).json()
    expect((await jobsOnly.call('GET', `jobs/${jobId}`)).statusCode).toBe(404)
    expect((await startJob('stock', 'a,b', 'text/plain')).statusCode).toBe(415)
    await drain()
  })
})
