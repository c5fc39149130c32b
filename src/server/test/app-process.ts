import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/**
 * Real server processes for integration tests: the server bundled once (as scripts/build-server.mjs
 * does), started with node on a free port, ready when /healthz answers, stopped with SIGTERM. Used by
 * the tests that need more than one process on one database (PostgreSQL pass only).
 */
const root = process.cwd()

export type AppProcess = { url: string; child: ChildProcess; output: () => string }

/** The server bundled into `dir`, believing it is dist/server/main.js (where it finds the migrations). */
export async function bundleServer(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true })
  const outfile = path.join(dir, 'main.js')
  await bundle(path.join(root, 'src/server/main.ts'), outfile, {
    'import.meta.url': JSON.stringify(pathToFileURL(path.join(root, 'dist/server/main.js')).href),
  })
  return outfile
}

/** One entry bundled as scripts/build-server.mjs bundles the server's (dependencies stay external). */
export async function bundle(entry: string, outfile: string, define?: Record<string, string>): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    define,
  })
}

/** The environment of a test server on `databaseUrl`: quiet, no demo data, no server rendering. */
export function appEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(24).toString('hex'),
    DEMO_DATA: '0',
    SERVER_RENDER: '0',
    LOG_LEVEL: 'warn',
    PAYMENT_GATEWAY: 'sandbox',
    ...extra,
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts the bundle with `env` (plus PORT and DATA_DIR) without waiting for it: for a process that
 * may die at a fault point before it ever answers.
 */
export async function spawnAppProcess(
  bundle: string,
  env: Record<string, string>,
  dataDir: string,
): Promise<AppProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, [bundle], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  return { url: `http://127.0.0.1:${port}`, child, output: () => output }
}

/** Starts the bundle with `env` (plus PORT and DATA_DIR) and resolves once /healthz answers 200. */
export async function startAppProcess(
  bundle: string,
  env: Record<string, string>,
  dataDir: string,
): Promise<AppProcess> {
  const server = await spawnAppProcess(bundle, env, dataDir)
  const { child, url, output } = server
  const deadline = Date.now() + 60_000
  while (true) {
    // A signal leaves exitCode null: a process killed while starting is stopped too.
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server stopped while starting (${child.signalCode ?? child.exitCode}):\n${output()}`,
      )
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`the server did not start within 60 s:\n${output()}`)
    }
    // A server that takes the connection and never answers must not hang the start past its deadline.
    const ready = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).then(
      (res) => res.status === 200,
      () => false,
    )
    if (ready) return server
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** SIGTERM, then SIGKILL after 10 s; resolves when the process has exited. */
export async function stopAppProcess(server: AppProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGTERM')
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** Far above any answer of a test server, even one busy settling payments after a restart. */
const REQUEST_TIMEOUT_MS = 60_000

/**
 * A browser's session against a real server: the cookie and the CSRF token, as the web app keeps
 * them. `request` takes a path (sent to baseUrl) or a whole address (sent there with the same
 * cookie: one browser talking to another process).
 */
export class Browser {
  cookie = ''
  csrf = ''

  private constructor(readonly baseUrl: string) {}

  /** A guest with the page's CSRF token. */
  static async guest(baseUrl: string): Promise<Browser> {
    const browser = new Browser(baseUrl)
    const page = await browser.request('/')
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1]
    if (!token) throw new Error('the page has no CSRF token')
    browser.csrf = token
    return browser
  }

  static async login(baseUrl: string, account: { email: string; password: string }): Promise<Browser> {
    const browser = await Browser.guest(baseUrl)
    const res = await browser.tryLogin(account)
    if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`)
    browser.csrf = ((await res.json()) as { csrfToken: string }).csrfToken
    return browser
  }

  /** POST /api/account/login as it is, whatever it answers. */
  tryLogin(account: { email: string; password: string }, baseUrl = this.baseUrl): Promise<Response> {
    return this.request(`${baseUrl}/api/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.cookie) headers.set('cookie', this.cookie)
    const target = /^https?:\/\//.test(url) ? url : this.baseUrl + url
    if (init.method && init.method !== 'GET') {
      headers.set('x-csrf-token', this.csrf)
      headers.set('x-requested-with', 'XMLHttpRequest')
    }
    // A browser names the page's origin on every write (csrf.ts's same-origin check): the server's own.
    if (init.method && init.method !== 'GET' && !headers.has('origin'))
      headers.set('origin', new URL(target).origin)
    // A hung request fails with its address rather than running the test out with no word.
    const res = await fetch(target, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...init,
      headers,
      redirect: 'manual',
    }).catch((error: Error) => {
      // The name kept: callers tell a timeout (a hung server) from a refused connection by it.
      throw Object.assign(
        new Error(`${init.method ?? 'GET'} ${target}: ${error.message}`, { cause: error }),
        {
          name: error.name,
        },
      )
    })
    const sid = res.headers
      .getSetCookie()
      .map((line) => /^toptan_sid=([^;]*)/.exec(line)?.[1])
      .find(Boolean)
    if (sid) this.cookie = `toptan_sid=${sid}`
    return res
  }
}
