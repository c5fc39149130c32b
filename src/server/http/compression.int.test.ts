import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { COMPRESS_THRESHOLD_BYTES } from './compression'

/**
 * A built web app of its own (dist/web under a temp root): a page template, a hashed script with the
 * .br and .gz copies the build writes beside it, an unhashed file and a translation file.
 */
const SCRIPT = 'assets/index-AbCd12_-.js'
const script = `export const greet = (name) => 'Merhaba ' + name\n`.repeat(400)
const template = `<!doctype html>
<html lang="tr">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/${SCRIPT}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
let rootDir = ''
let t: TestApp

function writeBuild(files: Record<string, string | Buffer>) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(rootDir, 'dist', 'web', rel)
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, content)
  }
}

beforeAll(async () => {
  rootDir = mkdtempSync(path.join(tmpdir(), 'toptan-wire-'))
  writeBuild({
    'index.html': template,
    [SCRIPT]: script,
    [`${SCRIPT}.br`]: brotliCompressSync(script),
    [`${SCRIPT}.gz`]: gzipSync(script),
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'locales/tr.json': JSON.stringify({ hello: 'Merhaba' }),
    // A map the build should not have made (vite.config.ts): served, it would hand out the sources.
    [`${SCRIPT}.map`]: JSON.stringify({ version: 3, sources: ['src/web/main.tsx'], mappings: 'AAAA' }),
    'assets/vendor.js.map': JSON.stringify({ version: 3, sources: [], mappings: '' }),
  })
  t = await createTestApp({ rootDir })
})
afterAll(async () => {
  await t.close()
  rmSync(rootDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

/** The body as the client reads it, undoing the content encoding the answer declares. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8')
  expect(encoding).toBeUndefined()
  return res.body
}

const varies = (res: LightMyRequestResponse) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding')

describe('built assets', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('are sent as the build compressed them for Accept-Encoding %s', async (accept, encoding) => {
    const res = await get(`/${SCRIPT}`, accept)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe(encoding)
    expect(res.headers['content-type']).toContain('javascript')
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(res.rawPayload.length).toBeLessThan(script.length / 10)
    expect(decoded(res)).toBe(script)
    expect(varies(res)).toBe(true)
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('go out as they are to a client that accepts no compression, still varying on it', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get(`/${SCRIPT}`, accept)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.body).toBe(script)
      expect(varies(res)).toBe(true)
    }
  })

  it('answer a revalidation with 304 and HEAD with the headers only', async () => {
    const first = await get(`/${SCRIPT}`, 'br')
    const again = await t.app.inject({
      method: 'GET',
      url: `/${SCRIPT}`,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    const head = await get(`/${SCRIPT}`, 'br', 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(head.rawPayload.length).toBe(0)
  })

  it('give unhashed files a short cache, and never serve the copies, the template or the texts', async () => {
    const robots = await get('/robots.txt', 'br, gzip')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['cache-control']).toBe('public, max-age=3600')
    expect(robots.headers['content-encoding']).toBeUndefined()
    expect(robots.body).toBe('User-agent: *\nAllow: /\n')
    for (const url of [`/${SCRIPT}.br`, `/${SCRIPT}.gz`, '/index.html', '/locales/tr.json']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(404)
      expect(res.headers['cache-control'], url).not.toBe('public, max-age=31536000, immutable')
    }
  })
})

describe('source maps', () => {
  it('are never served, even one left in the build', async () => {
    for (const url of [`/${SCRIPT}.map`, '/assets/vendor.js.map']) {
      const res = await get(url, 'br, gzip')
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('mappings')
    }
  })
})

describe('pages', () => {
  it('are compressed on the fly, per visitor, revalidated every time and never shared', async () => {
    const one = await get('/urunler', 'br, gzip')
    const two = await get('/urunler', 'gzip')
    expect(one.headers['content-encoding']).toBe('br')
    expect(two.headers['content-encoding']).toBe('gzip')
    const tokens = [one, two].map((res) => {
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-cache')
      expect(varies(res)).toBe(true)
      const html = decoded(res)
      expect(html).toContain(`src="/${SCRIPT}"`)
      expect(html).toContain('<script id="bootstrap" type="application/json">')
      return /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1]
    })
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(tokens[1]).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(tokens[0]).not.toBe(tokens[1])
  })

  it('go out as they are to a client that accepts no compression, and answer HEAD', async () => {
    const plain = await get('/', undefined)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('private, no-cache')
    expect(plain.body).toContain('<meta name="csrf-token"')
    const head = await get('/', 'br', 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['cache-control']).toBe('private, no-cache')
    expect(head.rawPayload.length).toBe(0)
  })

  it('keep the CSRF token of the page working with a compressed answer', async () => {
    const client = new TestClient(t.app)
    const page = await client.send({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } })
    client.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(decoded(page))?.[1] ?? ''
    const res = await client.send({
      method: 'POST',
      url: '/api/account/logout',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.statusCode).toBe(200)
  })
})

describe('API answers', () => {
  it('are compressed on the fly above the threshold: br, else gzip, else not', async () => {
    const identity = await get('/api/openapi.json')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES * 10)
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const res = await get('/api/openapi.json', accept)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding'], accept).toBe(encoding)
      expect(JSON.parse(decoded(res))).toEqual(identity.json())
      if (encoding) {
        expect(varies(res)).toBe(true)
        expect(res.rawPayload.length).toBeLessThan(identity.rawPayload.length / 4)
      }
    }
  })

  it('below the threshold, and empty or error answers, go out as they are', async () => {
    const small = await get('/api/nope', 'br, gzip')
    expect(small.statusCode).toBe(404)
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().error.code).toBe('route_not_found')
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { 'accept-encoding': 'br' },
    })
    expect(forbidden.statusCode).toBe(403)
    expect(forbidden.headers['content-encoding']).toBeUndefined()
    expect(forbidden.json().error.code).toBe('csrf')
  })
})
