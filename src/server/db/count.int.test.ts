import { randomBytes } from 'node:crypto'
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCustomer } from '../test/dealers'
import { createTestApp, type TestApp } from '../test/test-app'
import { countUpTo } from './count'
import { customers } from './schema/accounts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('countUpTo', () => {
  it('counts the matching rows exactly up to the cap, and says when there are more', async () => {
    const tag = `CNT-${randomBytes(3).toString('hex')}`
    for (let i = 0; i < 5; i++) await createCustomer(t.database.db, { code: `${tag}-${i}` })
    const where = like(customers.code, `${tag}-%`)
    const db = t.database.db
    expect(await countUpTo(db, customers, where, 3)).toEqual({ total: 3, capped: true })
    expect(await countUpTo(db, customers, where, 4)).toEqual({ total: 4, capped: true })
    expect(await countUpTo(db, customers, where, 5)).toEqual({ total: 5, capped: false })
    expect(await countUpTo(db, customers, where, 10_000)).toEqual({ total: 5, capped: false })
    expect(await countUpTo(db, customers, like(customers.code, `${tag}-none`), 10)).toEqual({
      total: 0,
      capped: false,
    })
  })
})
