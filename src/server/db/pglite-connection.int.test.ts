import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { PgliteConnection, type ProtocolEngine, pgliteEngine } from './pglite-connection'

/** The type bytes of the frontend messages in one batch ('P' Parse, 'B' Bind, 'Q' simple query…). */
function messageTypes(batch: Uint8Array): string[] {
  const view = Buffer.from(batch.buffer, batch.byteOffset, batch.byteLength)
  const types: string[] = []
  for (let at = 0; at < view.length; at += 1 + view.readInt32BE(at + 1))
    types.push(String.fromCharCode(view[at] ?? 0))
  return types
}

const opened: { pool: pg.Pool; pglite: PGlite }[] = []

async function open(wrap: (engine: ProtocolEngine) => ProtocolEngine = (e) => e) {
  const pglite = await PGlite.create('memory://')
  const pool = new pg.Pool({
    max: 1,
    idleTimeoutMillis: 0,
    connection: new PgliteConnection(wrap(pgliteEngine(pglite))),
  } as pg.PoolConfig)
  opened.push({ pool, pglite })
  return pool
}

afterEach(async () => {
  for (const { pool, pglite } of opened.splice(0)) {
    await pool.end()
    await pglite.close()
  }
})

describe('PgliteConnection (node-postgres over PGlite)', () => {
  it('parses a named statement once per session and sends each query as one batch', async () => {
    const batches: string[][] = []
    const pool = await open((engine) => ({
      ready: engine.ready,
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

  it('answers callers that wait on the one client in turn, each with its own rows', async () => {
    const pool = await open()
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pool.query('select $1::int * 2 as twice', [i]).then((r) => r.rows[0].twice),
      ),
    )
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => i * 2))
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
      run: (messages) => (failNext ? Promise.reject(new Error('engine down')) : engine.run(messages)),
    }))
    await pool.query('select 1')
    failNext = true
    await expect(pool.query('select 2')).rejects.toThrow('engine down')
  })
})
