import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import tls from 'node:tls'
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { Agent, type Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessions } from '../db/schema/accounts'
import { Browser, freePort } from '../test/app-process'
import { createUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { type AccessLogEntry, nginxForTests, type RunningNginx, startNginx } from '../test/nginx'
import { createTestApp, type TestApp } from '../test/test-app'
import { isOnlineList, openSocket } from '../test/ws-client'

/**
 * deploy/nginx.conf as shipped (its FILL lines, ports and log paths filled in, nothing else changed)
 * run by Debian's nginx in front of the app: TLS ends there and the app learns https, the client and
 * the host from it; plain HTTP is sent to https; hosts other than the site's are refused; the build's
 * hashed files come from disk for a year; the staff socket upgrades; bodies are limited as the app
 * limits them; payment-link tokens stay out of its log; /metrics is not served through it.
 *
 * Nothing here depends on the database, so it runs in the embedded pass only.
 */
const nginx = process.env.TEST_DB === 'postgres' ? null : nginxForTests('the nginx configuration test')
if (process.env.TEST_DB === 'postgres') {
  console.info(
    'deploy/nginx.conf is tested in the embedded-database pass (it does not depend on the database).',
  )
}

/** A hashed build file as Vite names them, with the .gz copy scripts/compress-assets.mjs writes. */
const ASSET = 'app-Ab12Cd34.js'
const ASSET_BODY = `console.log(${JSON.stringify('toptan '.repeat(200))})\n`

describe.skipIf(!nginx)('the app behind deploy/nginx.conf', () => {
  let t: TestApp
  let proxy: RunningNginx
  let fx: Awaited<ReturnType<typeof seedAccounts>>
  let previousDispatcher: Dispatcher
  const work = mkdtempSync(path.join(tmpdir(), 'toptan-nginx-'))

  beforeAll(async () => {
    const webRoot = path.join(work, 'web')
    mkdirSync(path.join(webRoot, 'assets'), { recursive: true })
    writeFileSync(path.join(webRoot, 'assets', ASSET), ASSET_BODY)
    writeFileSync(path.join(webRoot, 'assets', `${ASSET}.gz`), gzipSync(ASSET_BODY))
    writeFileSync(path.join(webRoot, 'assets', `${ASSET}.map`), '{"sources":["secret.ts"]}')
    const ports: [number, number] = [await freePort(), await freePort()]
    // PUBLIC_URL is another host on purpose: a write through nginx then passes the same-origin check
    // only as the request's own scheme and host, which the app learns from X-Forwarded-Proto and Host.
    t = await createTestApp({ env: { TRUST_PROXY: '1', PUBLIC_URL: 'https://bayi.example.com' } })
    fx = await seedAccounts(t.database.db)
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as AddressInfo
    proxy = await startNginx({
      nginx: nginx!,
      prefix: path.join(work, 'nginx'),
      upstreams: [`127.0.0.1:${port}`],
      webRoot,
      tls: true,
      ports,
    })
    previousDispatcher = getGlobalDispatcher()
    setGlobalDispatcher(new Agent({ connect: { ca: proxy.certificate! } }))
  }, 60_000)

  afterAll(async () => {
    if (previousDispatcher) setGlobalDispatcher(previousDispatcher)
    await proxy?.stop()
    await t?.close()
    rmSync(work, { recursive: true, force: true })
  })

  /** The access log's entry for `path` (the log line is written as the answer goes out). */
  async function logged(match: (entry: AccessLogEntry) => boolean): Promise<AccessLogEntry> {
    for (let i = 0; i < 40; i++) {
      const entry = proxy.accessLog().findLast(match)
      if (entry) return entry
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`not in the access log:\n${JSON.stringify(proxy.accessLog(), null, 1)}`)
  }

  it('ends TLS and passes https, the host and the client on: writes pass the same-origin check, the client IP is the one nginx saw', async () => {
    const user = await createUser(t.database.db, fx.customers.c1.id)
    const browser = await Browser.guest(proxy.url)
    // A client naming an address of its choosing: with TRUST_PROXY=1 the app takes nginx's appended one.
    const res = await browser.request('/api/account/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(res.headers.get('strict-transport-security')).toContain('max-age=')
    expect(res.headers.getSetCookie().find((c) => c.startsWith('toptan_sid='))).toMatch(/;\s*Secure/i)
    const [session] = await t.database.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
    expect(session?.ip).toBe('127.0.0.1')
    expect((await logged((e) => e.path === '/api/account/login')).tls).toMatch(/^TLSv1\.[23]$/)

    // The same write sent to the app directly, as http: its own scheme and host are not the page's.
    const { port } = t.app.server.address() as AddressInfo
    const direct = await browser.request(`http://127.0.0.1:${port}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: proxy.url },
      body: JSON.stringify({ email: user.email, password: user.password }),
    })
    expect(direct.status).toBe(403)
  })

  it('sends plain HTTP to https and refuses hosts other than the site', async () => {
    const res = await fetch(`${proxy.httpUrl}/urunler?page=2`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('https://localhost/urunler?page=2')

    // Another Host on the plain port: the connection is closed without an answer (444).
    const { port: httpPort } = new URL(proxy.httpUrl)
    const foreign = await new Promise<string>((resolve) => {
      const req = http.get({
        host: '127.0.0.1',
        port: httpPort,
        path: '/',
        headers: { host: 'evil.example' },
      })
      req.on('response', (answer) => resolve(`answered ${answer.statusCode}`))
      req.on('error', (err) => resolve(`refused: ${(err as NodeJS.ErrnoException).code ?? err.message}`))
    })
    expect(foreign).toMatch(/^refused/)

    // Another name in TLS: no handshake at all.
    const { port: sitePort } = new URL(proxy.url)
    const handshake = await new Promise<string>((resolve) => {
      const socket = tls.connect({
        host: '127.0.0.1',
        port: Number(sitePort),
        servername: 'evil.example',
        ca: proxy.certificate!,
      })
      socket.on('secureConnect', () => {
        socket.destroy()
        resolve('connected')
      })
      socket.on('error', (err) => resolve(`refused: ${err.message}`))
    })
    expect(handshake).toMatch(/^refused/)
  })

  it("serves the build's hashed files from disk for a year (the .gz copy to gzip), never a copy by its own name or a source map", async () => {
    const res = await fetch(`${proxy.url}/assets/${ASSET}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(await res.text()).toBe(ASSET_BODY)
    expect((await logged((e) => e.path === `/assets/${ASSET}`)).upstream).toBe('')

    for (const name of [`${ASSET}.gz`, `${ASSET}.map`]) {
      const copy = await fetch(`${proxy.url}/assets/${name}`)
      expect(copy.status, name).toBe(404)
      expect(copy.headers.get('cache-control'), name).toBeNull()
    }

    // A name not on disk goes to the app, which answers it (here 404), never kept for a year.
    const missing = await fetch(`${proxy.url}/assets/other-Zz98Yy76.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable')
    expect((await logged((e) => e.path === '/assets/other-Zz98Yy76.js')).upstream).toMatch(/^127\.0\.0\.1:/)
  })

  it("upgrades the staff screens' socket", async () => {
    const admin = await Browser.login(proxy.url, await createUser(t.database.db, null))
    const socket = await openSocket(
      `${proxy.url.replace('https:', 'wss:')}/ws/online-users`,
      { cookie: admin.cookie, origin: proxy.url },
      { ca: proxy.certificate! },
    )
    try {
      socket.ask()
      expect((await socket.next(isOnlineList)).type).toBe('updateOnlineUsers')
    } finally {
      socket.close()
    }
  })

  it("limits bodies as the app does: 1 MiB, the fault report's photo up to 6 MB", async () => {
    const browser = await Browser.guest(proxy.url)
    const big = await browser.request('/api/catalog/cart', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `description=${'x'.repeat(2 * 1024 * 1024)}`,
    })
    expect(big.status).toBe(413)
    expect((await logged((e) => e.path === '/api/catalog/cart' && e.status === 413)).upstream).toBe('')

    // 5.5 MB reaches the app, which turns the guest away itself.
    const photo = await browser.request('/api/catalog/fault-reports', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      body: `--b\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n${'x'.repeat(5_500_000)}\r\n--b--\r\n`,
    })
    expect(photo.status).toBe(401)
    expect((await logged((e) => e.path === '/api/catalog/fault-reports')).upstream).toMatch(/^127\.0\.0\.1:/)
  })

  it("keeps a payment link's token and every query string out of its log", async () => {
    const token = randomBytes(16).toString('hex')
    for (const address of [
      `/odeme-linki/${token}?q=gizli`,
      `/en/odeme-linki/${token}`,
      `/api/payment-link/${token}`,
    ]) {
      await (await fetch(`${proxy.url}${address}`)).arrayBuffer()
    }
    await logged((e) => e.path === '/api/payment-link/:token')
    const paths = proxy.accessLog().map((e) => e.path)
    expect(paths).toEqual(
      expect.arrayContaining(['/odeme-linki/:token', '/en/odeme-linki/:token', '/api/payment-link/:token']),
    )
    expect(JSON.stringify(proxy.accessLog())).not.toContain(token)
    expect(JSON.stringify(proxy.accessLog())).not.toContain('gizli')
  })

  it('does not serve /metrics', async () => {
    const res = await fetch(`${proxy.url}/metrics`)
    expect(res.status).toBe(404)
    expect((await logged((e) => e.path === '/metrics')).upstream).toBe('')
  })
})
