import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductList } from '../src/contracts/catalog'
import { createTestApp, type TestApp, TestClient } from '../src/server/test/test-app'
import { checkCase, insertRelevanceFixtures, RELEVANCE_SET } from './relevance-set'

let t: TestApp
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp({ demo: true })
  await insertRelevanceFixtures(t.database.db)
  dealer = new TestClient(t.app)
  await dealer.login('bayi@toptan.test', 'Bayi1234!')
})
afterAll(() => t.close())

describe('the search relevance set', () => {
  it('holds at least 40 queries, each expecting something', () => {
    expect(RELEVANCE_SET.length).toBeGreaterThanOrEqual(40)
    for (const c of RELEVANCE_SET) expect(c.top5.length, c.q).toBeGreaterThan(0)
  })

  it.each(RELEVANCE_SET.map((c) => [c.q, c.why, c] as const))('%s (%s)', async (_q, _why, c) => {
    const res = await dealer.send({
      method: 'GET',
      url: `/api/catalog/products?q=${encodeURIComponent(c.q)}`,
    })
    expect(res.statusCode).toBe(200)
    const body = res.json<ProductList>()
    expect(body.sort).toBe('relevance')
    const result = checkCase(c, body.items)
    expect(result.problems, `first five: ${result.top.join(' · ')}`).toEqual([])
  })
})
