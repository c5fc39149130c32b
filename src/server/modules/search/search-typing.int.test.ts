import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../../test/db-helpers'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

/**
 * The search log as the search box feeds it, with a short settling time (the app's is 2 s) on the
 * app's own clock: the clock stands still while a test types, however slow the machine, and moves on
 * past the settling time when the test has stopped.
 */
const SETTLE_MS = 100
let clock = Date.now()

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ demo: true, searchSettleMs: SETTLE_MS, now: () => new Date(clock) })
  // The first question builds the search index; the tests' keystrokes come after.
  await new TestClient(t.app).send({ method: 'GET', url: '/autocomplete?q=x' })
})
afterAll(() => t.close())

/** The typist stops: the clock moves past the settling time, and the log's next look finds it. */
async function settled() {
  clock += SETTLE_MS * 2
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 3))
}

async function loggedFor(email: string) {
  return queryRows<{ query: string; source: string; hits: number }>(
    t.database.db,
    sql`select l.query, l.source, l.hits from search_logs l join users u on u.id = l.user_id
        where u.email = ${email} order by l.id`,
  )
}

describe('what the search log keeps of the search box', () => {
  it('logs the term a dealer settled on once, not each keystroke, and the search page alone when it led there', async () => {
    const dealer = new TestClient(t.app)
    await dealer.login('bayi@toptan.test', 'Bayi1234!')
    for (const q of ['v', 'vi', 'vid', 'vida']) {
      expect((await dealer.send({ method: 'GET', url: `/autocomplete?q=${q}` })).statusCode).toBe(200)
    }
    await settled()
    expect(await loggedFor('bayi@toptan.test')).toEqual([{ query: 'vida', source: 'autocomplete', hits: 1 }])

    // Typed, then Enter: the search page is the one search.
    for (const q of ['so', 'som', 'somun']) await dealer.send({ method: 'GET', url: `/autocomplete?q=${q}` })
    const page = await dealer.send({ method: 'GET', url: '/api/catalog/products?q=somun' })
    expect(page.statusCode).toBe(200)
    await settled()
    expect(await loggedFor('bayi@toptan.test')).toEqual([
      { query: 'vida', source: 'autocomplete', hits: 1 },
      { query: 'somun', source: 'search', hits: 1 },
    ])
  })

  it('keeps two visitors’ typing apart', async () => {
    const first = new TestClient(t.app)
    await first.login('bayi2@toptan.test', 'Bayi1234!')
    const second = new TestClient(t.app)
    await second.login('bayi3@toptan.test', 'Bayi1234!')
    await first.send({ method: 'GET', url: '/autocomplete?q=kab' })
    await second.send({ method: 'GET', url: '/autocomplete?q=mat' })
    await first.send({ method: 'GET', url: '/autocomplete?q=kablo' })
    await second.send({ method: 'GET', url: '/autocomplete?q=matkap' })
    await settled()
    expect((await loggedFor('bayi2@toptan.test')).map((r) => r.query)).toEqual(['kablo'])
    expect((await loggedFor('bayi3@toptan.test')).map((r) => r.query)).toEqual(['matkap'])
  })
})
