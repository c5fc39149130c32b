import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPglite } from '../db/pglite-connection'
import { readTemplateState, resetToTemplate, schemaSignature, type TemplateState } from './pglite-reuse'
import { migratedPgliteSnapshot } from './test-database'

/** The tests' reused embedded databases: back to the template after a use, or not reused at all. */
describe.skipIf(process.env.TEST_DB === 'postgres')('a test database reset to the template', () => {
  let pglite: PGlite
  let template: TemplateState
  const one = async <T>(query: string) => (await pglite.query<T>(query)).rows[0]!

  beforeAll(async () => {
    const snapshot = await migratedPgliteSnapshot()
    if (!snapshot) throw new Error('the integration project provides the migrated snapshot')
    pglite = await createPglite(undefined, snapshot)
    template = await readTemplateState(pglite)
  })
  afterAll(() => pglite.close())

  it('holds the template rows, identities and session state again after writes', async () => {
    const before = await one<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
    expect(before.n).toBeGreaterThan(0)
    await pglite.exec(
      `insert into currencies (code, name, symbol, exchange_rate) values ('ZZZ', 'Deneme', 'z', 1)`,
    )
    // Many rows: a table this large is truncated rather than deleted from.
    await pglite.exec(`insert into audit_log (at, actor_name, ip, entity, entity_id, action)
      select now(), 'a', '::1', 'e', g::text, 'x' from generate_series(1, 20000) g`)
    await pglite.exec('delete from drizzle.__drizzle_migrations')
    await pglite.exec(`select pg_advisory_lock(42); set timezone = 'Asia/Tokyo'`)
    await pglite.exec(`prepare kept as select 1`)

    expect(await resetToTemplate(pglite, template)).toBe(true)

    expect(await one('select count(*)::int as n from drizzle.__drizzle_migrations')).toEqual(before)
    expect(await one(`select count(*)::int as n from currencies where code = 'ZZZ'`)).toEqual({ n: 0 })
    expect(await one('select count(*)::int as n from audit_log')).toEqual({ n: 0 })
    // Truncated: no page of it is left behind.
    expect(await one(`select pg_relation_size('audit_log')::int as bytes`)).toEqual({ bytes: 0 })
    expect(await one(`select count(*)::int as n from pg_prepared_statements`)).toEqual({ n: 0 })
    expect(await one(`select count(*)::int as n from pg_locks where locktype = 'advisory'`)).toEqual({ n: 0 })
    expect(await one<{ TimeZone: string }>('show timezone')).not.toEqual({ TimeZone: 'Asia/Tokyo' })
    // The same rows, sequence values and schema (a table deleted from keeps its pages: sizes differ).
    const state = await readTemplateState(pglite)
    const comparable = ({ rows, sequences, schema }: TemplateState) => ({
      rows,
      sequences: [...sequences],
      schema,
    })
    expect(comparable(state)).toEqual(comparable(template))
    // An identity starts where the template's did.
    const first = await one<{ id: number }>(
      `insert into audit_log (at, actor_name, ip, entity, entity_id, action) values (now(), 'a', '::1', 'e', '1', 'x') returning id`,
    )
    const again = await one<{ id: number }>(
      `select nextval(pg_get_serial_sequence('audit_log', 'id')) - 1 as id`,
    )
    expect(Number(again.id)).toBe(Number(first.id))
    expect(await resetToTemplate(pglite, template)).toBe(true)
  })

  it('truncates a table grown past the template together with the tables that refer to it', async () => {
    // Warehouses are referenced by stock rows and stock moves: TRUNCATE refuses one without the others.
    await pglite.exec(
      `insert into warehouses (code, name) select 'W' || g, 'Depo ' || g from generate_series(1, 20000) g`,
    )
    expect(await resetToTemplate(pglite, template)).toBe(true)
    expect(
      await one(`select count(*)::int as n, pg_relation_size('warehouses')::int as bytes from warehouses`),
    ).toEqual({
      n: 0,
      bytes: 0,
    })
  })

  it.each([
    ['a table made', 'create table reuse_probe (a int)'],
    ['a trigger dropped', 'drop trigger audit_log_no_update on audit_log'],
    ['a trigger disabled', 'alter table audit_log disable trigger audit_log_no_update'],
    ['a constraint made', "alter table currencies add constraint reuse_probe check (code <> '')"],
    ['a function made', 'create function reuse_probe() returns int language sql as $$ select 1 $$'],
  ])('sees the schema changed after %s', async (_what, ddl) => {
    // Inside a transaction that is rolled back: the signature sees the change, the database keeps none.
    await pglite.exec('begin')
    try {
      await pglite.exec(ddl)
      expect(await schemaSignature(pglite)).not.toBe(template.schema)
    } finally {
      await pglite.exec('rollback')
    }
    expect(await schemaSignature(pglite)).toBe(template.schema)
  })

  it('is not reused while a transaction is left open', async () => {
    await pglite.exec('begin; select 1')
    expect(await resetToTemplate(pglite, template)).toBe(false)
    await pglite.exec('rollback')
    expect(await resetToTemplate(pglite, template)).toBe(true)
  })
})
