import { type ChildProcess, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export interface OwnServer {
  baseURL: string
  stop: () => Promise<void>
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * A server of a spec's own, with the environment it needs beyond the suite's (another time zone, a
 * stand-in bank), started as the suite's are (`--demo`: the sandbox POS named on purpose) on the demo
 * data scripts/run-e2e.mjs seeded once, copied (seeding again cost about 10 s of a core), or seeded by
 * the server itself when the spec runs outside that script.
 */
export async function startOwnServer(name: string, env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), `toptan-e2e-${name}-`))
  const seeded = path.join(process.env.E2E_DATA_DIR ?? '', 'seeded', 'pgdata')
  if (process.env.E2E_DATA_DIR && existsSync(seeded))
    cpSync(seeded, path.join(dataDir, 'pgdata'), { recursive: true })
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // No fetch of the exchange rates leaves the machine (playwright.config.ts says why).
      TCMB_URL: 'http://127.0.0.1:9/kurlar/today.xml',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 200_000
  for (;;) {
    if (server.exitCode !== null) {
      await stop()
      throw new Error(`the ${name} server stopped (${server.exitCode})`)
    }
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (healthy) return { baseURL, stop }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the ${name} server did not start in time`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
