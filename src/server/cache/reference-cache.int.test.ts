import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CategoryTree } from '../../contracts/catalog'
import type { Database } from '../db/client'
import { createTestApp, type TestApp } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'
import { createCaches } from './caches'

/**
 * Reference data is kept until it changes, never for a time: a change by any writer
 * (here plain SQL, as psql or an import would write) is seen by the next request, and without one
 * a request costs one small reading instead of a read per key.
 */
describe('reference data kept by change', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database.close())

  const slug = () => `rc-${Math.random().toString(36).slice(2, 10)}`

  it('reads the version once per request and loads a key only when its data changed', async () => {
    const { db } = database
    const caches = createCaches(0)
    let loads = 0
    const load = async () => {
      loads++
      return (await db.execute(sql`select count(*)::int as n from categories`)) as unknown
    }
    const first = caches.scope()
    await first.reference.get(db, 'k', load)
    await first.reference.get(db, 'k', load)
    await first.clock(db)
    expect(loads).toBe(1)

    // A later request without a change: nothing loaded again, whatever CACHE_SECONDS says.
    await caches.scope().reference.get(db, 'k', load)
    expect(loads).toBe(1)

    // Any statement on a reference table moves the version: the next request loads again.
    const name = slug()
    await db.execute(
      sql`insert into categories (code, name, slug, path) values (${name}, ${name}, ${name}, ${name})`,
    )
    await caches.scope().reference.get(db, 'k', load)
    expect(loads).toBe(2)
    await db.execute(sql`update brands set name = name where false`)
    await caches.scope().reference.get(db, 'k', load)
    expect(loads).toBe(3)
  })

  it('never serves the others a value read inside a transaction that changed the data and rolled back', async () => {
    const { db } = database
    const caches = createCaches(0)
    const names = async (handle: typeof db) =>
      (
        (await handle.execute(sql`select slug from categories order by id`)) as unknown as {
          rows: Array<{ slug: string }>
        }
      ).rows.map((r) => r.slug)
    await caches.scope().reference.get(db, 'slugs', () => names(db))
    const ghost = slug()
    await db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into categories (code, name, slug, path) values (${ghost}, ${ghost}, ${ghost}, ${ghost})`,
        )
        const seen = await caches.scope().reference.get(tx, 'slugs', () => names(tx))
        expect(seen).toContain(ghost)
        throw new Error('roll back')
      })
      .catch(() => undefined)
    expect(await caches.scope().reference.get(db, 'slugs', () => names(db))).not.toContain(ghost)
  })

  it('never makes a transaction wait for a load that is queued behind that transaction', async () => {
    const { db } = database
    const caches = createCaches(0)
    const count = async (handle: typeof db) =>
      (
        (await handle.execute(sql`select count(*)::int as n from categories`)) as unknown as {
          rows: Array<{ n: number }>
        }
      ).rows[0]!.n
    let loadStarted!: () => void
    let transactionOpen!: () => void
    const started = new Promise<void>((resolve) => {
      loadStarted = resolve
    })
    const open = new Promise<void>((resolve) => {
      transactionOpen = resolve
    })
    // A request's load of two statements: the second comes after a transaction took the session.
    const outside = caches.scope().reference.get(db, 'n', async () => {
      const first = await count(db)
      loadStarted()
      await open
      return Math.max(first, await count(db))
    })
    await started
    const inside = await db.transaction(async (tx) => {
      transactionOpen()
      const hung = new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 3000))
      return Promise.race([caches.scope().reference.get(tx, 'n', () => count(tx)), hung])
    })
    expect(inside).toEqual(expect.any(Number))
    expect(await outside).toBe(inside)
  })
})

describe.each([0, 60])('a category written outside the app with CACHE_SECONDS=%i', (cacheSeconds) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ cacheSeconds })
  })
  afterAll(() => t.close())

  it('is in the very next category tree', async () => {
    const tree = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/catalog/categories' })
      expect(res.statusCode).toBe(200)
      return (res.json() as CategoryTree).categories.map((c) => c.slug)
    }
    const before = await tree()
    const slug = `rc-${Math.random().toString(36).slice(2, 10)}`
    await t.database.db.execute(
      sql`insert into categories (code, name, slug, path) values (${slug}, ${'Yeni Kategori'}, ${slug}, ${slug})`,
    )
    expect(await tree()).toEqual([...before, slug])
    await t.database.db.execute(sql`delete from categories where slug = ${slug}`)
    expect(await tree()).toEqual(before)
  })
})
