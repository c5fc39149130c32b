import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkAnswer } from '../../../contracts/integration-sync'
import { issueApiKey } from '../../test/api-keys'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp } from '../../test/test-app'
import { RemoteFileWorker } from './remote-file-worker'

/**
 * The remote-file worker against a local HTTP server: invoice PDFs and product images downloaded,
 * checked and stored; failures retried on the schedule or given up; the same address not fetched
 * twice, a changed one fetched again.
 */

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>
let server: Server
let base = ''
/** What each path answers, set by each test for its own paths. */
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>()
const hits = new Map<string, number>()
/** The worker's clock runs ahead of the app's by this much (the app stamps a new address due now). */
let ahead = 0
const now = () => new Date(Date.now() + ahead)
const silent = { info: () => {}, warn: () => {}, error: () => {} }
let worker: RemoteFileWorker

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  erp = await issueApiKey(t, ['invoices:write', 'catalogue:write'])
  server = createServer((req, res) => {
    const path = req.url ?? ''
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const route = routes.get(path)
    if (route) route(req, res)
    else res.writeHead(404).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  worker = new RemoteFileWorker(t.database.db, now, silent, { pollMs: 60_000, timeoutMs: 5000 })
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await t.close()
})

const tag = () => randomBytes(4).toString('hex').toUpperCase()
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`)
const serve = (path: string, body: Buffer, type = 'application/octet-stream') =>
  routes.set(path, (_req, res) =>
    res.writeHead(200, { 'content-type': type, 'content-length': String(body.length) }).end(body),
  )

async function invoiceWithPdfUrl(path: string) {
  const customer = await createCustomer(t.database.db)
  const number = `FTR${tag()}`
  const res = await erp.call('POST', 'invoices', {
    items: [
      {
        number,
        customerCode: customer.code,
        date: '2026-03-02',
        ettn: randomUUID(),
        amount: 100,
        currency: 'TRY',
        pdfUrl: `${base}${path}`,
      },
    ],
  })
  expect((res.json() as BulkAnswer).results[0]!.status).toBe('created')
  return { number, customer }
}

const invoiceState = async (number: string) =>
  (
    await queryRows<{
      id: number
      state: string | null
      attempts: number
      error: string | null
      next: Date | null
      size: number | null
      source: string | null
    }>(
      t.database.db,
      sql`select i.id, i.pdf_fetch_state as state, i.pdf_fetch_attempts as attempts, i.pdf_fetch_error as error,
        i.pdf_fetch_next_at as next, p.size, p.source
      from erp_invoices i left join erp_invoice_pdfs p on p.invoice_id = i.id where i.number = ${number}`,
    )
  )[0]!

describe('invoice PDFs', () => {
  it('downloads a PDF, which the dealer then downloads', async () => {
    const path = `/pdf/${tag()}.pdf`
    const file = pdf(tag())
    serve(path, file, 'application/pdf')
    const { number, customer } = await invoiceWithPdfUrl(path)
    await worker.runNow()
    expect(await invoiceState(number)).toMatchObject({
      state: 'fetched',
      attempts: 1,
      size: file.length,
      source: 'url',
    })
    const dealer = await loggedInUser(t, customer.id)
    const { id } = await invoiceState(number)
    const res = await dealer.send({ method: 'GET', url: `/api/account/invoices/${id}/pdf` })
    expect(res.rawPayload.equals(file)).toBe(true)
  })

  it('retries a 404 on the schedule, and takes the file once it is there', async () => {
    const path = `/late/${tag()}.pdf`
    const { number } = await invoiceWithPdfUrl(path)
    await worker.runNow()
    const first = await invoiceState(number)
    expect(first).toMatchObject({ state: 'pending', attempts: 1, error: 'HTTP 404', size: null })
    const wait = new Date(first.next!).getTime() - now().getTime()
    expect(wait).toBeGreaterThan(50_000)
    expect(wait).toBeLessThanOrEqual(60_000)
    // Not due yet: nothing is fetched.
    await worker.runNow()
    expect(hits.get(path)).toBe(1)
    serve(path, pdf('late'))
    ahead += 61_000
    await worker.runNow()
    expect(await invoiceState(number)).toMatchObject({ state: 'fetched', attempts: 2, error: null })
  })

  it('gives up after the last attempt', async () => {
    const path = `/gone/${tag()}.pdf`
    routes.set(path, (_req, res) => res.writeHead(503).end())
    const { number } = await invoiceWithPdfUrl(path)
    for (let i = 0; i < 6; i++) {
      await worker.runNow()
      ahead += 13 * 60 * 60 * 1000
    }
    expect(await invoiceState(number)).toMatchObject({ state: 'failed', attempts: 6, error: 'HTTP 503' })
    await worker.runNow()
    expect(hits.get(path)).toBe(6)
  })

  it('times out a server that does not answer, and retries', async () => {
    const path = `/slow/${tag()}.pdf`
    routes.set(path, () => {})
    const { number } = await invoiceWithPdfUrl(path)
    const impatient = new RemoteFileWorker(t.database.db, now, silent, { pollMs: 60_000, timeoutMs: 300 })
    await impatient.runNow()
    expect(await invoiceState(number)).toMatchObject({
      state: 'pending',
      attempts: 1,
      error: 'timed out after 300 ms',
    })
    // Never answered: given up here, so no later pass of another test waits for it.
    await t.database.db.execute(
      sql`update erp_invoices set pdf_fetch_state = 'failed' where number = ${number}`,
    )
  })

  it('gives up at once on a file over 10 MB, with or without its length, and on a file that is no PDF', async () => {
    const big = `/big/${tag()}.pdf`
    serve(big, Buffer.concat([pdf('big'), Buffer.alloc(10 * 1024 * 1024)]))
    const streamed = `/streamed/${tag()}.pdf`
    routes.set(streamed, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' })
      const chunk = Buffer.alloc(1024 * 1024)
      for (let i = 0; i < 11; i++) res.write(chunk)
      res.end()
    })
    const html = `/html/${tag()}.pdf`
    serve(html, Buffer.from('<html>login</html>'), 'text/html')
    const a = await invoiceWithPdfUrl(big)
    const b = await invoiceWithPdfUrl(streamed)
    const c = await invoiceWithPdfUrl(html)
    await worker.runNow()
    expect(await invoiceState(a.number)).toMatchObject({ state: 'failed', attempts: 1, size: null })
    expect((await invoiceState(a.number)).error).toMatch(/^too large: 10485\d+ bytes/)
    expect(await invoiceState(b.number)).toMatchObject({
      state: 'failed',
      error: 'too large: over 10485760 bytes',
    })
    expect(await invoiceState(c.number)).toMatchObject({
      state: 'failed',
      error: 'not a PDF (no %PDF- at its start)',
    })
  })
})

const imageOf = async (code: string) =>
  (
    await queryRows<{
      image: string | null
      state: string | null
      attempts: number | null
      url: string | null
    }>(
      t.database.db,
      sql`select p.image, f.state, f.attempts, f.source_url as url
      from products p left join product_image_fetches f on f.product_id = p.id where p.code = ${code}`,
    )
  )[0]!

describe('product images', () => {
  const category = `K-${tag()}`
  beforeAll(async () => {
    const res = await erp.call('POST', 'categories', {
      items: [{ code: category, name: `Kategori ${category}` }],
    })
    expect(res.statusCode).toBe(200)
  })
  const product = (code: string, imageUrl: string | null) =>
    erp.call('POST', 'products', {
      items: [
        {
          code,
          name: `Ürün ${code}`,
          categoryCode: category,
          salePrice: 10,
          currency: 'TRY',
          taxRate: 20,
          imageUrl,
        },
      ],
    })
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer()

  it('resizes a large picture to 800 px WebP, serves it at /images/…, and fetches the same address only once', async () => {
    const path = `/img/${tag()}.png`
    serve(path, await picture(1600, 1200), 'image/png')
    const code = `URN-${tag()}`
    await product(code, `${base}${path}`)
    expect(await imageOf(code)).toMatchObject({ image: null, state: 'pending', attempts: 0 })
    await worker.runNow()
    const stored = await imageOf(code)
    expect(stored).toMatchObject({ state: 'fetched', attempts: 1 })
    expect(stored.image).toMatch(/^erp\/[0-9a-f]{32}\.webp$/)
    const res = await t.app.inject({ method: 'GET', url: `/images/${stored.image}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800, height: 600 })

    // The same address again: unchanged, not queued, not fetched.
    const again = await product(code, `${base}${path}`)
    expect((again.json() as BulkAnswer).results[0]!.status).toBe('unchanged')
    await worker.runNow()
    expect(hits.get(path)).toBe(1)
    expect((await imageOf(code)).state).toBe('fetched')
  })

  it('keeps a small picture its size, fetches a changed address again, and lets the old file go', async () => {
    const first = `/img/${tag()}.png`
    const second = `/img/${tag()}.jpg`
    serve(first, await picture(120, 80), 'image/png')
    serve(
      second,
      await sharp({ create: { width: 90, height: 90, channels: 3, background: '#cc3333' } })
        .jpeg()
        .toBuffer(),
    )
    const code = `URN-${tag()}`
    await product(code, `${base}${first}`)
    await worker.runNow()
    const before = (await imageOf(code)).image!
    const small = await t.app.inject({ method: 'GET', url: `/images/${before}` })
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 120, height: 80 })

    await product(code, `${base}${second}`)
    expect(await imageOf(code)).toMatchObject({ state: 'pending', attempts: 0, url: `${base}${second}` })
    await worker.runNow()
    const after = (await imageOf(code)).image!
    expect(after).not.toBe(before)
    expect((await t.app.inject({ method: 'GET', url: `/images/${before}` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/images/${after}` })).statusCode).toBe(200)
  })

  it('gives up on bytes that are no picture, and drops the download when the address is taken away', async () => {
    const path = `/img/${tag()}.png`
    serve(path, Buffer.from('definitely not a png'), 'image/png')
    const code = `URN-${tag()}`
    await product(code, `${base}${path}`)
    await worker.runNow()
    expect(await imageOf(code)).toMatchObject({ image: null, state: 'failed', attempts: 1 })
    await product(code, null)
    expect(await imageOf(code)).toMatchObject({ state: null, url: null })
  })
})
