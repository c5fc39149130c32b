import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Job } from '../../contracts/integration-jobs'
import { type Database, openDatabase } from '../db/client'
import { createApiKey } from '../modules/integration-keys/integration-keys.service'
import { JOB_CHUNK_ROWS, JOB_STALE_MS } from '../modules/integration-sync/jobs.service'
import { type AppProcess, bundleServer, spawnAppProcess, startAppProcess } from '../test/app-process'
import { queryRows } from '../test/db-helpers'
import { createUser } from '../test/dealers'
import { seedAccounts } from '../test/fixtures'
import { createPgliteAt } from '../test/test-database'

/**
 * SLOW FAULT TEST: a stock job's server process is killed with SIGKILL inside its first chunk's
 * transaction, and the restarted one after that chunk committed; the process started after that
 * finishes the job. On the embedded database (one process, its data directory reopened after each
 * kill) the restarted process resumes the job at once: every row is written and counted once.
 */
const root = process.cwd()
const onPostgres = process.env.TEST_DB === 'postgres'
const ROWS = 2 * JOB_CHUNK_ROWS + 10
/** A job taken over only once its heartbeat is stale would come after this. */
const RESUMED_WITHIN_MS = (JOB_STALE_MS * 2) / 3

describe.skipIf(onPostgres)('an import job across process kills (slow fault test)', () => {
  const work = path.join(root, '.tmp', `jobs-restart-${randomBytes(4).toString('hex')}`)
  const dataDir = path.join(work, 'data')
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    DEMO_DATA: '0',
    SERVER_RENDER: '0',
    LOG_LEVEL: 'error',
    PAYMENT_GATEWAY: 'sandbox',
  }
  let bundle: string
  let key: string
  let app: AppProcess | null = null

  const withDatabase = async <T>(fn: (database: Database) => Promise<T>): Promise<T> => {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') })
    try {
      return await fn(database)
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    mkdirSync(dataDir, { recursive: true })
    bundle = await bundleServer(work)
    await (await createPgliteAt(path.join(dataDir, 'pgdata'))).close()
    key = await withDatabase(async (database) => {
      // The store's base data (currencies among it), as the crash test's database has.
      await seedAccounts(database.db)
      const owner = await createUser(database.db, null, { name: 'Anahtar Sahibi' })
      const issued = await createApiKey(
        database.db,
        { id: owner.id, name: owner.name, ip: '127.0.0.1' },
        { name: 'Depo ERP', scopes: ['catalogue:write', 'stock:write', 'jobs:write'] },
        new Date(),
      )
      return issued.key
    })
  }, 120_000)

  afterAll(async () => {
    if (app && app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL')
    rmSync(work, { recursive: true, force: true })
  })

  const call = (
    server: AppProcess,
    method: string,
    route: string,
    body?: string,
    type = 'application/json',
  ) =>
    fetch(`${server.url}/api/integration/v1/${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': type }) },
      body,
      signal: AbortSignal.timeout(60_000),
    })

  /** Resolves once the process has died by its own SIGKILL at the armed point, within `ms`. */
  const killedItself = (server: AppProcess, ms = 60_000) =>
    new Promise<string | null>((resolve, reject) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null)
        return resolve(server.child.signalCode)
      const timer = setTimeout(
        () =>
          reject(new Error(`the server did not die at its fault point:\n${server.output().slice(-3000)}`)),
        ms,
      )
      server.child.once('exit', (_code, signal) => {
        clearTimeout(timer)
        resolve(signal)
      })
    })

  const jobState = () =>
    withDatabase(async (database) => {
      const [job] = await queryRows<{ status: string; done: number; chunks: number }>(
        database.db,
        sql`select j.status, j.done, (select count(*)::int from integration_job_chunks c where c.job_id = j.id) as chunks
            from integration_jobs j order by j.id desc limit 1`,
      )
      return job
    })

  it('killed inside a chunk and after one, finishes with every row written and counted once', async () => {
    app = await startAppProcess(bundle, { ...env, FAULT_KILL_AT: 'job.inside-chunk' }, dataDir)
    const tag = randomBytes(3).toString('hex').toUpperCase()
    const warehouse = `W-${tag}`
    const category = `K-${tag}`
    const codes = Array.from({ length: ROWS }, (_, i) => `R${tag}-${i}`)
    const setup = [
      ['categories', { items: [{ code: category, name: `Kategori ${tag}` }] }],
      ['warehouses', { items: [{ code: warehouse, name: `Depo ${tag}` }] }],
      [
        'products',
        {
          items: codes.map((code) => ({
            code,
            name: `Ürün ${code}`,
            categoryCode: category,
            salePrice: 1,
            currency: 'TRY',
            taxRate: 20,
          })),
        },
      ],
    ] as const
    for (const [resource, body] of setup) {
      const res = await call(app, 'POST', resource, JSON.stringify(body))
      expect(res.status, await res.clone().text()).toBe(200)
      const answer = (await res.json()) as { counts: { created: number } }
      expect(answer.counts.created, JSON.stringify(answer).slice(0, 500)).toBe(body.items.length)
    }
    const rows = codes.map((code, i) =>
      JSON.stringify({ productCode: code, warehouseCode: warehouse, quantity: i + 1 }),
    )
    const started = await call(
      app,
      'POST',
      'jobs?resource=stock',
      `${rows.join('\n')}\n`,
      'application/x-ndjson',
    )
    expect(started.status).toBe(202)
    const { jobId } = (await started.json()) as { jobId: number }

    // Killed with the first chunk written but not committed: nothing of it stays.
    expect(await killedItself(app)).toBe('SIGKILL')
    expect(await jobState()).toEqual({ status: 'running', done: 0, chunks: 3 })

    // The next process resumes it at once (well before a heartbeat would be stale), and is killed
    // once that chunk has committed: that may come before it answers its first request.
    app = await spawnAppProcess(bundle, { ...env, FAULT_KILL_AT: 'job.after-chunk' }, dataDir)
    expect(await killedItself(app, RESUMED_WITHIN_MS)).toBe('SIGKILL')
    expect(await jobState()).toEqual({ status: 'running', done: JOB_CHUNK_ROWS, chunks: 2 })

    app = await startAppProcess(bundle, env, dataDir)
    let job: Job | null = null
    for (const deadline = Date.now() + RESUMED_WITHIN_MS; Date.now() < deadline; ) {
      job = (await (await call(app, 'GET', `jobs/${jobId}`)).json()) as Job
      if (job.status === 'done' || job.status === 'failed') break
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(job).toMatchObject({
      status: 'done',
      done: ROWS,
      total: ROWS,
      counts: { created: ROWS, updated: 0, unchanged: 0, rejected: 0 },
    })
    app.child.kill('SIGKILL')
    await killedItself(app)
    const [stock] = await withDatabase((database) =>
      queryRows<{ rows: number; total: number }>(
        database.db,
        sql`select count(*)::int as rows, sum(s.quantity)::int as total
            from product_stocks s join warehouses w on w.id = s.warehouse_id where w.code = ${warehouse}`,
      ),
    )
    expect(stock).toEqual({ rows: ROWS, total: (ROWS * (ROWS + 1)) / 2 })
  }, 240_000)
})
