import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bundleServer, freePort } from './test/app-process'

/**
 * The server as a process, started the ways package.json and a deployment start it: whether it
 * refuses the sandbox POS nobody named, and says so. Runs once (on the embedded database); the
 * PostgreSQL pass would start the same processes again.
 */
const onPostgresPass = process.env.TEST_DB === 'postgres'
let dir = ''
let bundle = ''

beforeAll(async () => {
  if (onPostgresPass) return
  // Inside the project, where the bundle finds node_modules (its packages stay external).
  dir = path.join(process.cwd(), '.tmp', `start-up-${randomBytes(4).toString('hex')}`)
  mkdirSync(dir, { recursive: true })
  bundle = await bundleServer(path.join(dir, 'server'))
}, 60_000)
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> }

/** Every process a test started: one still running when its test ends (a failed one) is killed. */
const runs: Run[] = []
afterEach(async () => {
  for (const run of runs.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL')
    await run.exited
  }
})

function start(env: Record<string, string>, args: string[] = []): Run {
  let output = ''
  const child = spawn(process.execPath, [bundle, ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(dir, 'data-')),
      DEMO_DATA: '0',
      SERVER_RENDER: '0',
      PGLITE_THREAD: 'main',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const run = { child, output: () => output, exited }
  runs.push(run)
  return run
}

/** Resolves with the bootstrap data once the server answers, or fails with its output if it stopped. */
async function bootstrapOf(run: Run, port: number): Promise<{ testMode: boolean }> {
  const deadline = Date.now() + 60_000
  let stopped = false
  void run.exited.then(() => {
    stopped = true
  })
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`the server stopped:\n${run.output()}`)
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/bootstrap`)
      if (res.ok) return (await res.json()) as { testMode: boolean }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the server did not answer:\n${run.output()}`)
}

describe.skipIf(onPostgresPass)('starting the server', () => {
  it.each([
    ['no NODE_ENV', {}],
    [
      'NODE_ENV=production',
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://bayi.example.com' },
    ],
  ])('with %s and no PAYMENT_GATEWAY refuses to start, and says what to set', async (_, env) => {
    const run = start({ PORT: String(await freePort()), ...env })
    const outcome = await Promise.race([
      run.exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ])
    expect(outcome).toBe(1)
    expect(run.output()).toContain('PAYMENT_GATEWAY is required unless NODE_ENV is development or test')
    expect(run.output()).toContain('PAYMENT_GATEWAY=sandbox on purpose')
  })

  // A first start seeds the demo data: on two busy cores that took 26–30 s, so the test waits as long
  // as bootstrapOf does (60 s) rather than Vitest's 30 s.
  it('as `npm start` does (--demo) takes the sandbox on purpose and is in test mode', {
    timeout: 75_000,
  }, async () => {
    const port = await freePort()
    const run = start({ PORT: String(port) }, ['--demo'])
    expect((await bootstrapOf(run, port)).testMode).toBe(true)
    expect(run.output()).toContain('TEST MODE')
  })

  it('with NODE_ENV=development takes the sandbox by default, without test mode', {
    timeout: 75_000,
  }, async () => {
    const port = await freePort()
    const run = start({ PORT: String(port), NODE_ENV: 'development' })
    expect((await bootstrapOf(run, port)).testMode).toBe(false)
  })
})
