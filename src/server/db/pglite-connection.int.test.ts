import { randomBytes } from 'node:crypto'
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import type pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bundle } from '../test/app-process'
import { createPglite, PGLITE_POOL_SIZE, pgliteEngine, poolOverPglite } from './pglite-connection'
import type { ProtocolEngine } from './pglite-session'
import { pgliteInWorker } from './pglite-thread'

/** The type bytes of the frontend messages in one batch ('P' Parse, 'B' Bind, 'Q' simple query…). */
function messageTypes(batch: Uint8Array): string[] {
  const view = Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength)
  const types: string[] = []
  for (let at = 0; at < view.length; at += 1 + view.readInt32BE(at + 1))
    types.push(String.fromCharCode(view[at] ?? 0))
  return types
}

// The worker thread's script, built as `npm run build` builds it (scripts/build-server.mjs).
const work = path.join(process.cwd(), '.tmp', `pglite-worker-${randomBytes(4).toString('hex')}`)
const workerFile = path.join(work, 'pglite-worker.js')
// One empty database made once; each test opens a copy of it (about a second) rather than creating
// its own (about three: PGlite's initdb), the same empty database either way.
const blank = path.join(work, 'blank')
const copyOfBlank = () => {
  const dataDir = path.join(work, `data-${randomBytes(4).toString('hex')}`)
  cpSync(blank, dataDir, { recursive: true })
  return dataDir
}
beforeAll(async () => {
  await bundle(path.join(process.cwd(), 'src/server/db/pglite-worker.ts'), workerFile)
  await (await createPglite(blank)).close()
}, 60_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Started = { engine: ProtocolEngine; close: () => Promise<void> }
const threads: Array<[string, () => Promise<Started>]> = [
  [
    'PGlite in this thread',
    async () => {
      const dataDir = copyOfBlank()
      const pglite = await createPglite(dataDir)
      return {
        engine: pgliteEngine(pglite),
        close: async () => {
          await pglite.close()
          rmSync(dataDir, { recursive: true, force: true })
        },
      }
    },
  ],
  [
    'PGlite in a worker thread',
    async () => {
      const dataDir = copyOfBlank()
      const engine = pgliteInWorker(workerFile, dataDir)
      await engine.ready
      return {
        engine,
        close: async () => {
          await engine.close()
          rmSync(dataDir, { recursive: true, force: true })
        },
      }
    },
  ],
]

describe.each(threads)('PgliteConnection (node-postgres over %s)', (_, start) => {
  const opened: { pool: pg.Pool; close: () => Promise<void> }[] = []

  async function open(wrap: (engine: ProtocolEngine) => ProtocolEngine = (e) => e) {
    const { engine, close } = await start()
    const pool = poolOverPglite(wrap(engine))
    opened.push({ pool, close })
    return pool
  }

  afterEach(async () => {
    for (const { pool, close } of opened.splice(0)) {
      await pool.end()
      await close()
    }
  })

  it('parses a named statement once per session and sends each query as one batch', async () => {
    const batches: string[][] = []
    const pool = await open((engine) => ({
      ready: engine.ready,
      dump: engine.dump,
      run: (messages) => {
        batches.push(messageTypes(messages))
        return engine.run(messages)
      },
    }))
    await pool.query('create table t (id int primary key, name text)')
    await pool.query("insert into t values (1, 'bir'), (2, 'iki'), (3, 'üç')")
    batches.length = 0
    const names: string[] = []
    for (const id of [1, 2, 3]) {
      const result = await pool.query({
        name: 'name_by_id',
        text: 'select name from t where id = $1',
        values: [id],
      })
      names.push(result.rows[0].name)
    }
    expect(names).toEqual(['bir', 'iki', 'üç'])
    expect(batches).toEqual([
      ['P', 'B', 'D', 'E', 'S'],
      ['B', 'D', 'E', 'S'],
      ['B', 'D', 'E', 'S'],
    ])
  })

  it('answers many callers at once, each with its own rows', async () => {
    const pool = await open()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pool.query('select $1::int * 2 as twice', [i]).then((r) => r.rows[0].twice),
      ),
    )
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
  })

  it("shares the session's named statements among the pool's clients: one Parse for all", async () => {
    const types: string[] = []
    const pool = await open((engine) => ({
      ready: engine.ready,
      dump: engine.dump,
      run: (messages) => {
        types.push(...messageTypes(messages))
        return engine.run(messages)
      },
    }))
    const twice = (i: number) =>
      pool
        .query({ name: 'twice', text: 'select $1::int * 2 as twice', values: [i] })
        .then((r) => r.rows[0].twice)
    expect(await Promise.all(Array.from({ length: 12 }, (_, i) => twice(i)))).toEqual(
      Array.from({ length: 12 }, (_, i) => i * 2),
    )
    expect(types.filter((t) => t === 'P')).toHaveLength(1)
    expect(types.filter((t) => t === 'B')).toHaveLength(12)
  })

  it("hands the engine the clients' next batches before the last one is answered", async () => {
    let running = 0
    let most = 0
    const pool = await open((engine) => ({
      ready: engine.ready,
      dump: engine.dump,
      run: async (messages) => {
        most = Math.max(most, ++running)
        try {
          return await engine.run(messages)
        } finally {
          running--
        }
      },
    }))
    await Promise.all(Array.from({ length: 12 }, (_, i) => pool.query('select $1::int', [i])))
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(PGLITE_POOL_SIZE)
  })

  /** A pool, and a client of it inside a transaction that has inserted 1 into a new table t. */
  async function ownerInTransaction() {
    const pool = await open()
    await pool.query('create table t (id int primary key)')
    const owner = await pool.connect()
    await owner.query('begin')
    await owner.query('insert into t values (1)')
    return { pool, owner }
  }

  it("keeps the other clients' statements out of an open transaction until it ends", async () => {
    const { pool, owner } = await ownerInTransaction()
    // Inside the owner's transaction this insert would be rolled back with it; it must wait instead.
    let otherDone = false
    const other = pool.query('insert into t values (2)').then(() => {
      otherDone = true
    })
    const seen = pool.query('select count(*)::int as n from t').then((r) => r.rows[0].n)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(otherDone).toBe(false)
    expect((await owner.query('select count(*)::int as n from t')).rows[0].n).toBe(1)
    await owner.query('rollback')
    owner.release()
    await other
    // Asked after the insert, answered after it: the owner's row is gone, the other's is there.
    expect(await seen).toBe(1)
    expect((await pool.query('select array_agg(id)::int[] as ids from t')).rows[0].ids).toEqual([2])
  })

  it('rolls back the transaction of a client that ends inside it, and the others go on', async () => {
    const { pool, owner } = await ownerInTransaction()
    const waiting = pool.query('select count(*)::int as n from t')
    owner.release(new Error('dropped'))
    expect((await waiting).rows[0].n).toBe(0)
    await pool.query('insert into t values (1)')
    expect((await pool.query('select count(*)::int as n from t')).rows[0].n).toBe(1)
  })

  it("reports PostgreSQL's error with its code, rolls the transaction back and stays usable", async () => {
    const pool = await open()
    await pool.query('create table t (id int primary key)')
    const client = await pool.connect()
    await client.query('begin')
    await client.query('insert into t values (1)')
    await expect(client.query('insert into t values ($1)', [1])).rejects.toMatchObject({ code: '23505' })
    await client.query('rollback')
    client.release()
    expect((await pool.query('select count(*)::int as n from t')).rows[0].n).toBe(0)
    await expect(pool.query('select $1::int', ['bir'])).rejects.toMatchObject({ code: '22P02' })
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('keeps large answers whole (rows longer than one write of PGlite)', async () => {
    const pool = await open()
    const { rows } = await pool.query(
      "select g as id, repeat('ş', 5000) as text from generate_series(1, 400) g",
    )
    expect(rows).toHaveLength(400)
    expect(rows.every((r, i) => r.id === i + 1 && r.text === 'ş'.repeat(5000))).toBe(true)
  })

  it('fails the query, not the process, when the engine itself fails', async () => {
    let failNext = false
    const pool = await open((engine) => ({
      ready: engine.ready,
      dump: engine.dump,
      run: (messages) => (failNext ? Promise.reject(new Error('engine down')) : engine.run(messages)),
    }))
    await pool.query('select 1')
    failNext = true
    await expect(pool.query('select 2')).rejects.toThrow('engine down')
  })
})

describe('PGlite in a worker thread', () => {
  it('keeps what was written on disk after closing, and answers an error once its thread has ended', async () => {
    const dataDir = path.join(work, `data-${randomBytes(4).toString('hex')}`)
    const first = pgliteInWorker(workerFile, dataDir)
    await first.ready
    const pool = poolOverPglite(first)
    await pool.query('create table kept (word text)')
    await pool.query('insert into kept values ($1)', ['sipariş'])
    await pool.end()
    await first.close()
    await expect(first.run(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow(/thread ended/)

    const second = pgliteInWorker(workerFile, dataDir)
    await second.ready
    const again = poolOverPglite(second)
    expect((await again.query('select word from kept')).rows).toEqual([{ word: 'sipariş' }])
    await again.end()
    await second.close()
  })

  it('reports a thread that could not start, and fails its statements instead of leaving them waiting', async () => {
    const failures: string[] = []
    const engine = pgliteInWorker(path.join(work, 'no-such-worker.js'), undefined, (err) =>
      failures.push(err.message),
    )
    await expect(engine.ready).rejects.toThrow()
    await expect(engine.run(new Uint8Array([83, 0, 0, 0, 4]))).rejects.toThrow()
    expect(failures).toHaveLength(1)
  })
})
