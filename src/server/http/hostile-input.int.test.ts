import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedInUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { translate } from './messages'

// What an outside probe once sent that the server answered with a 500. Each request
// here is malformed or hostile; the answer must be a 4xx in the documented error shape, never a 5xx.

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
let logText = ''
/** A value that cannot turn up in a log line by chance (a timestamp, an id, a hash). */
const SECRET = `Sekrit-${randomBytes(9).toString('hex')}-Değer`

function addFailingRoute(app: FastifyInstance) {
  // A route that fails in the database with the request's value as a query parameter, as a bug would.
  app.post('/api/test/failing-query', async (request) => {
    const { value } = request.body as { value: string }
    await t.database.db.execute(sql`select cast(${value} as integer) as n`)
    return { ok: true }
  })
}

beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write(line: string) {
        logText += line
      },
    },
    beforeReady: addFailingRoute,
  })
  fx = await seedAccounts(t.database.db)
})
afterAll(() => t.close())

type Res = Awaited<ReturnType<TestClient['send']>>

/** A 4xx in the error shape: { error: { code, messages: { type } } }. */
function expectRefused(res: Res, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status)
  const body = res.json() as { error: { code: string; messages: { type: string } } }
  expect(body.error.messages.type).toEqual(expect.any(String))
  if (code) expect(body.error.code).toBe(code)
  return body
}

async function guest() {
  const client = new TestClient(t.app)
  await client.openPage()
  return client
}

const control = (locale: 'tr' | 'en') => translate(locale, 'field.controlCharacters')

function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const boundary = `----hostile${randomBytes(8).toString('hex')}`
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  )
  const chunks: Buffer[] = parts.map((p) => Buffer.from(p))
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="a.jpg"\r\n` +
          'Content-Type: image/jpeg\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

describe('NUL and other control characters in text', () => {
  it('the product list and the autocomplete refuse ?q=%00 from a guest, naming the field', async () => {
    const client = await guest()
    for (const url of ['/api/catalog/products?q=%00', '/api/catalog/products/hirdavat?q=vi%00da']) {
      const body = expectRefused(await client.send({ method: 'GET', url }), 400, 'validation')
      expect(body.error).toMatchObject({ fields: { q: control('tr') } })
    }
    const auto = expectRefused(await client.send({ method: 'GET', url: '/autocomplete?q=a%00' }), 400)
    expect(auto.error).toMatchObject({ fields: { q: control('tr') } })
    // Escape sequences, DEL and the C1 range are refused as well; in English for an English page.
    for (const q of ['%1B%5B31m', '%7F', '%C2%85']) {
      const res = await client.send({
        method: 'GET',
        url: `/api/catalog/products?q=${q}`,
        headers: { 'accept-language': 'en' },
      })
      expect(expectRefused(res, 400).error).toMatchObject({ fields: { q: control('en') } })
    }
    // A NUL in the path (the category segments) as well.
    expectRefused(await client.send({ method: 'GET', url: '/api/catalog/products/a%00b' }), 400)
    // Ordinary searches still work.
    expect((await client.send({ method: 'GET', url: '/api/catalog/products?q=vida' })).statusCode).toBe(200)
    expect((await client.send({ method: 'GET', url: '/autocomplete?q=vida' })).statusCode).toBe(200)
  })

  it("a dealer's offer customer, offer note and order note refuse a NUL; a note keeps its line breaks", async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    const customer = await dealer.send({
      method: 'PATCH',
      url: '/api/catalog/offer/update/customer',
      payload: { 'T2026-000001': { customerName: 'Ali\u0000', customerCompanyName: 'A\u0000Ş' } },
    })
    expect(expectRefused(customer, 400, 'validation').error).toMatchObject({
      fields: {
        'T2026-000001.customerName': control('tr'),
        'T2026-000001.customerCompanyName': control('tr'),
      },
    })
    for (const url of ['/api/catalog/cart/offer', '/api/catalog/cart']) {
      const res = await dealer.send({ method: 'POST', url, payload: { description: 'not\u0000e' } })
      expect(expectRefused(res, 400).error).toMatchObject({ fields: { description: control('tr') } })
      // Line breaks and tabs pass the contract (the empty cart is what refuses this one).
      const multiLine = await dealer.send({ method: 'POST', url, payload: { description: 'a\r\n\tb' } })
      expect(multiLine.statusCode).toBeLessThan(500)
      expect(multiLine.json().error?.fields?.description).toBeUndefined()
    }
  })

  it('a NUL in a urlencoded or multipart form field is a 400 with the field named', async () => {
    const client = await guest()
    const form = await client.send({
      method: 'POST',
      url: '/api/catalog/WarrantyInquiry',
      payload: 'serialNumber=TP%00X',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(form.statusCode).toBeLessThan(500)
    const login = await client.send({
      method: 'POST',
      url: '/api/account/login',
      ...multipartBody({ email: 'bayi@toptan.test', password: 'x\u0000y' }),
    })
    expect(expectRefused(login, 400, 'validation').error).toMatchObject({
      fields: { password: control('tr') },
    })
  })
})

describe('integers beyond PostgreSQL integer', () => {
  it('the branch and currency preferences refuse 2147483648 as a number and as text', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    for (const key of ['branch', 'defaultCurrency']) {
      for (const value of [2147483648, '2147483648', 99999999999, 2 ** 53]) {
        const res = await dealer.send({
          method: 'POST',
          url: '/api/catalog/settings',
          payload: { key, value },
        })
        expect(expectRefused(res, 400, 'validation').error).toMatchObject({
          fields: { value: expect.any(String) },
        })
      }
      // The largest id is a valid number that names no row: refused by the service, not the database.
      const largest = await dealer.send({
        method: 'POST',
        url: '/api/catalog/settings',
        payload: { key, value: 2147483647 },
      })
      expect(largest.statusCode).toBeGreaterThanOrEqual(400)
      expect(largest.statusCode).toBeLessThan(500)
    }
    const branch = fx.branches.find((b) => b.customerId === fx.customers.c1.id)!
    const ok = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      payload: { key: 'branch', value: branch.id },
    })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('ids in paths and bodies stop at 2^31−1', async () => {
    const dealer = await loggedInUser(t, fx.customers.c1.id)
    for (const url of [
      '/api/catalog/product/2147483648',
      '/api/catalog/order/2147483648',
      '/api/catalog/fault-reports/2147483648/photo',
    ]) {
      const res = await dealer.send({ method: 'GET', url })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.statusCode, url).toBeLessThan(500)
    }
    const pay = await dealer.send({
      method: 'POST',
      url: '/api/payments/start',
      payload: {
        paymentType: 'pay',
        card: '4111111111111111',
        ccv: '123',
        expire: '12/30',
        holder: 'Ali Veli',
        amount: '10',
        planId: 2147483648,
        settleEntryIds: [2147483648],
      },
    })
    expect(expectRefused(pay, 400, 'validation').error).toMatchObject({
      fields: { planId: expect.any(String), 'settleEntryIds.0': expect.any(String) },
    })
  })
})

describe('malformed bodies', () => {
  it('multipart without a boundary, or with a body that is not multipart, is a 400 for a guest', async () => {
    const client = await guest()
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=xyz',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ]) {
      const res = await client.send({
        method: 'POST',
        url: '/api/account/login',
        payload: '{"email":"bayi@toptan.test","password":"x"}',
        headers: { 'content-type': contentType },
      })
      expect(res.statusCode, contentType).toBe(400)
      expect(res.json().error.code, contentType).toMatch(/^(invalid_multipart|validation)$/)
    }
  })

  it('a truncated multipart body is a 400', async () => {
    const client = await guest()
    const whole = multipartBody({ email: 'bayi@toptan.test', password: 'Bayi1234!' })
    for (const cut of [20, whole.payload.length - 10]) {
      const res = await client.send({
        method: 'POST',
        url: '/api/account/login',
        payload: whole.payload.subarray(0, cut),
        headers: whole.headers,
      })
      expect(res.statusCode, `cut at ${cut}`).toBe(400)
    }
    const garbled = Buffer.from(`--x\r\nContent-Disposition: form-data; name\r\n\r\nv\r\n--x--`)
    const res = await client.send({
      method: 'POST',
      url: '/api/account/login',
      payload: garbled,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(500)
  })

  it('a file sent to a route that takes none, and too many fields, are a 413', async () => {
    const client = await guest()
    const withFile = multipartBody(
      { email: 'bayi@toptan.test', password: 'Bayi1234!' },
      { name: 'photo', bytes: randomBytes(200) },
    )
    expectRefused(await client.send({ method: 'POST', url: '/api/account/login', ...withFile }), 413)
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']))
    const many = multipartBody(fields)
    expectRefused(await client.send({ method: 'POST', url: '/api/account/login', ...many }), 413)
  })

  it('__proto__ and constructor as a field name are refused in every body type', async () => {
    const client = await guest()
    // (an object literal's __proto__ is its prototype, so the multipart part is written by hand)
    const proto = multipartBody({ email: 'bayi@toptan.test', password: 'y' })
    const boundary = proto.headers['content-type'].split('boundary=')[1]!
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n`),
      proto.payload,
    ])
    for (const req of [
      { payload, headers: proto.headers },
      {
        payload: '__proto__=x&email=bayi%40toptan.test&password=y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        payload: 'constructor=x&email=bayi%40toptan.test&password=y',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      {
        payload: '{"__proto__":{"x":1},"email":"bayi@toptan.test","password":"y"}',
        headers: { 'content-type': 'application/json' },
      },
    ]) {
      const res = await client.send({ method: 'POST', url: '/api/account/login', ...req })
      expectRefused(res, 400)
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('invalid percent-encoding in a form body or a query string is a 400', async () => {
    const client = await guest()
    for (const payload of ['email=%E0%A4%A&password=x', 'email=a%FFb&password=x', 'email=%&password=x']) {
      const res = await client.send({
        method: 'POST',
        url: '/api/account/login',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expectRefused(res, 400, 'bad_encoding')
    }
    for (const url of ['/api/catalog/products?q=%E0%A4%A', '/autocomplete?q=%C3%28', '/urunler?q=%FF']) {
      expectRefused(await client.send({ method: 'GET', url }), 400, 'bad_encoding')
    }
    // Well-formed encodings still read as before: '+' is a space, a key given twice is a list.
    const ok = await client.send({ method: 'GET', url: '/api/catalog/products?q=vida+somun&q=%C3%A7' })
    expect(ok.statusCode).toBeLessThan(500)
  })

  it('invalid JSON, deep nesting, wrong and unknown types and an oversized body are 4xx', async () => {
    const client = await guest()
    const post = (payload: string | Buffer, contentType: string) =>
      client.send({
        method: 'POST',
        url: '/api/account/login',
        payload,
        headers: { 'content-type': contentType },
      })
    expectRefused(await post('{"email":', 'application/json'), 400, 'invalid_json')
    expectRefused(await post(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), 'application/json'), 400)
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expectRefused(await post(deep, 'application/json'), 400)
    const deepObject = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`
    expectRefused(await post(deepObject, 'application/json'), 400)
    expectRefused(await post('<email/>', 'application/xml'), 415, 'bad_request')
    expectRefused(await post('x'.repeat(1024 * 1024 + 10), 'application/json'), 413)
  })
})

describe('the log of an unexpected error', () => {
  it('keeps the error class, code, statement and stack, and never the values the request sent', async () => {
    logText = ''
    const client = await guest()
    const res = await client.send({
      method: 'POST',
      url: '/api/test/failing-query',
      payload: { value: SECRET },
    })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain(SECRET)
    await new Promise((resolve) => setImmediate(resolve))
    expect(logText).not.toContain(SECRET)
    expect(logText).not.toContain('Sekrit')
    const line = logText
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string; error?: Record<string, unknown> })
      .find((l) => l.msg === 'unexpected error')
    expect(line?.error).toMatchObject({
      type: expect.any(String),
      message: expect.stringContaining('Failed query: select cast($1 as integer)'),
      stack: expect.stringContaining('    at '),
      cause: { code: '22P02', message: expect.stringContaining('integer') },
    })
    expect(String(line?.error?.message)).not.toContain('params')
  })
})
