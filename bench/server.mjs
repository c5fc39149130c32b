// Starts the bundled server (dist/server/main.js) on 127.0.0.1 and a free port, against one data dir.
import { spawn } from 'node:child_process'
import { createWriteStream, readFileSync } from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { stopChild, track } from './children.mjs'
import { childEnv } from './seed.mjs'

const HOST = '127.0.0.1'

/**
 * @typedef {{ url: string, port: number, pid: number | undefined, logFile: string, stop: () => Promise<void>,
 *   exited: () => string | null }} RunningServer
 */
const READY_TIMEOUT_MS = 120_000

/**
 * How long a server of this catalogue size may take to answer: it builds the search index before it
 * listens (seconds per 100,000 products on a quiet machine, many times that on a busy one), so a
 * million products get ten minutes.
 * @param {number} size
 */
export const readyTimeoutFor = (size) => Math.max(READY_TIMEOUT_MS, size * 0.6)

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.once('error', reject)
    probe.listen(0, HOST, () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address())
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Resolves when GET /api/bootstrap answers 200. `cacheSeconds` (optional) sets CACHE_SECONDS; the
 * server's own default applies otherwise. `cpuProfDir` (optional) receives the server's CPU profile;
 * `nodeFlags` (optional) go to node before the script.
 * The server's output goes to <dataDir>/server.log.
 * @param {{ root: string, dataDir: string, databaseUrl?: string, cacheSeconds?: number, cpuProfDir?: string,
 *   nodeFlags?: string[], log: (line: string) => void, readyTimeoutMs?: number }} options
 * @returns {Promise<RunningServer>}
 */
export async function startServer({
  root,
  dataDir,
  databaseUrl,
  cacheSeconds,
  cpuProfDir,
  nodeFlags = [],
  log,
  readyTimeoutMs = READY_TIMEOUT_MS,
}) {
  const port = await freePort()
  const logFile = path.join(dataDir, 'server.log')
  const out = createWriteStream(logFile)
  /** @type {Record<string, string>} */
  const extra = {
    PORT: String(port),
    HOST,
    DEMO_DATA: '0',
    // Every bench payment comes from one address with the sandbox's three success cards: the
    // card-testing limits (20 starts per address, 30 per BIN an hour) would refuse all but the first.
    PAYMENT_START_LIMITS: 'ip=9999999/1,bin=9999999/1,link=9999999/1,user=9999999/1',
  }
  if (cacheSeconds !== undefined) extra.CACHE_SECONDS = String(cacheSeconds)
  const env = childEnv(dataDir, extra, databaseUrl)
  if (cacheSeconds === undefined) delete env.CACHE_SECONDS
  // Node writes the profile when the server exits (the bench stops it with SIGTERM).
  const profileArgs = [...nodeFlags, ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : [])]
  const started = performance.now()
  const child = track(
    // --demo: as `npm start` runs it, the sandbox POS named on purpose (the card payment scenario).
    spawn(process.execPath, [...profileArgs, path.join(root, 'dist', 'server', 'main.js'), '--demo'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  child.stdout.pipe(out)
  child.stderr.pipe(out)
  const url = `http://${HOST}:${port}`
  const tail = () => {
    try {
      return readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n')
    } catch {
      return ''
    }
  }

  /** @type {string | null} */
  let exited = null
  child.once('exit', (code, signal) => {
    exited = signal ?? `exit code ${code}`
  })
  const stop = () => stopChild(child, 10_000)
  try {
    while (true) {
      if (exited)
        throw new Error(`The server stopped while starting (${exited}). Its log (${logFile}):\n${tail()}`)
      if (performance.now() - started > readyTimeoutMs) {
        throw new Error(`The server did not answer within ${readyTimeoutMs / 1000} s. Its log:\n${tail()}`)
      }
      try {
        const res = await fetch(`${url}/api/bootstrap`, { signal: AbortSignal.timeout(2000) })
        await res.arrayBuffer()
        if (res.status === 200) break
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  } catch (err) {
    await stop()
    throw err
  }
  log(
    `Server ready at ${url} after ${((performance.now() - started) / 1000).toFixed(1)} s (log: ${path.relative(root, logFile)}).`,
  )
  // `exited()`: how the server stopped ('SIGKILL', 'exit code 1'), null while it runs (the soak checks it).
  return { url, port, pid: child.pid, logFile, stop, exited: () => exited }
}
