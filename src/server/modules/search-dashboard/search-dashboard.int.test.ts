import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { SearchQueries, TopQueries } from '../../../contracts/search-dashboard'
import { ledgerDay } from '../../../domain/ledger'
import { foldTurkish } from '../../../domain/turkish-text'
import { searchLogs } from '../../db/schema/store'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser, loggedInUser, type TestUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { SearchLog } from '../search/search-log'
import { rebuildSearchStats } from './search-stats.repository'

// 12:00 in Istanbul (UTC+3) on 18 March 2026.
const NOW = new Date('2026-03-18T09:00:00Z')
let now = NOW
let t: TestApp
let admin: Awaited<ReturnType<typeof loggedInUser>>

beforeAll(async () => {
  t = await createTestApp({ now: () => now })
  await seedAccounts(t.database.db)
  admin = await loggedInUser(t, null, { name: 'Yönetici Test' })
})
afterAll(() => t.close())

// Every test starts from an empty log and empty totals at NOW.
beforeEach(async () => {
  now = NOW
  for (const table of [
    'search_logs',
    'search_stat_words',
    'search_stat_users',
    'search_stat_pairs',
    'search_stat_state',
  ]) {
    await t.database.db.execute(sql.raw(`delete from ${table}`))
  }
})

type Logged = { user: TestUser | null; query: string; at: string; hits?: number; results?: number }

/** Writes searches straight into the log (as a past flush would have), then builds the totals from it. */
async function logSearches(rows: Logged[]) {
  await t.database.db.insert(searchLogs).values(
    rows.map((r) => ({
      userId: r.user?.id ?? null,
      query: r.query,
      queryKey: foldTurkish(r.query),
      resultCount: r.results ?? 5,
      hits: r.hits ?? 1,
      source: 'search',
      createdAt: new Date(r.at),
    })),
  )
  await rebuildSearchStats(t.database.db, ledgerDay(now))
}

const get = async <T>(client: TestClient, url: string, status = 200) => {
  const res = await client.send({ method: 'GET', url })
  expect(res.statusCode, res.body).toBe(status)
  return res.json() as T
}
const dashboard = (period?: string) =>
  get<TopQueries>(admin, `/yonetim/top-queries${period ? `?period=${period}` : ''}`)
const search = (query: string, type: string, extra = '') =>
  get<SearchQueries>(
    admin,
    `/yonetim/search_queries?query=${encodeURIComponent(query)}&type=${encodeURIComponent(type)}${extra}`,
  )

async function dealerUser(name: string) {
  const company = await createCustomer(t.database.db)
  return createUser(t.database.db, company.id, { name })
}

describe('who may use the search dashboard', () => {
  it.each(['/yonetim/top-queries', '/yonetim/search_queries?query=vida&type=kelime'])(
    '%s: a guest 401, a dealer 403',
    async (url) => {
      const guest = new TestClient(t.app)
      await guest.openPage()
      expect((await guest.send({ method: 'GET', url })).statusCode).toBe(401)
      const company = await createCustomer(t.database.db)
      const dealer = await loggedInUser(t, company.id)
      expect((await dealer.send({ method: 'GET', url })).statusCode).toBe(403)
    },
  )
})

describe('GET /yonetim/top-queries', () => {
  it('ranks words and users by their searches, with the detail of each and the latest searches', async () => {
    const ali = await dealerUser('Ali Kaya')
    const berna = await dealerUser('Berna Şahin')
    const cem = await dealerUser('Cem Doğan')
    await logSearches([
      { user: ali, query: 'sanziman', at: '2026-03-16T07:00:00Z', hits: 2 },
      { user: ali, query: 'Şanzıman', at: '2026-03-17T08:15:00Z', hits: 3 },
      { user: berna, query: 'ŞANZIMAN', at: '2026-03-15T10:00:00Z', hits: 2 },
      { user: cem, query: 'vida', at: '2026-03-18T06:30:00Z', hits: 4 },
      { user: ali, query: 'vida', at: '2026-03-14T09:00:00Z' },
      { user: null, query: 'Vida', at: '2026-03-18T07:45:00Z' },
      { user: berna, query: 'somun', at: '2026-03-18T08:59:00Z' },
    ])

    const body = await dashboard()
    expect(body.period).toBe('7d')
    expect(body.topQueries).toEqual([
      {
        query: 'Şanzıman',
        count: 7,
        formattedCreatedAt: '17.03.2026 11:15',
        detail: [
          { userName: 'Ali Kaya', totalCount: 5 },
          { userName: 'Berna Şahin', totalCount: 2 },
        ],
      },
      {
        query: 'Vida',
        count: 6,
        formattedCreatedAt: '18.03.2026 10:45',
        detail: [
          { userName: 'Cem Doğan', totalCount: 4 },
          { userName: null, totalCount: 1 },
          { userName: 'Ali Kaya', totalCount: 1 },
        ],
      },
      {
        query: 'somun',
        count: 1,
        formattedCreatedAt: '18.03.2026 11:59',
        detail: [{ userName: 'Berna Şahin', totalCount: 1 }],
      },
    ])
    expect(body.topUsers).toEqual([
      {
        name: 'Ali Kaya',
        count: 6,
        detail: [
          { searchQuery: 'Şanzıman', searchCount: 5, formattedCreatedAt: '17.03.2026 11:15' },
          { searchQuery: 'vida', searchCount: 1, formattedCreatedAt: '14.03.2026 12:00' },
        ],
      },
      {
        name: 'Cem Doğan',
        count: 4,
        detail: [{ searchQuery: 'vida', searchCount: 4, formattedCreatedAt: '18.03.2026 09:30' }],
      },
      {
        name: 'Berna Şahin',
        count: 3,
        detail: [
          { searchQuery: 'ŞANZIMAN', searchCount: 2, formattedCreatedAt: '15.03.2026 13:00' },
          { searchQuery: 'somun', searchCount: 1, formattedCreatedAt: '18.03.2026 11:59' },
        ],
      },
    ])
    expect(body.lastQueries.slice(0, 4)).toEqual([
      { name: 'Berna Şahin', query: 'somun', formattedCreatedAt: '18.03.2026 11:59' },
      { name: null, query: 'Vida', formattedCreatedAt: '18.03.2026 10:45' },
      { name: 'Cem Doğan', query: 'vida', formattedCreatedAt: '18.03.2026 09:30' },
      { name: 'Ali Kaya', query: 'Şanzıman', formattedCreatedAt: '17.03.2026 11:15' },
    ])
    expect(body.lastQueries).toHaveLength(7)
    expect(body.zeroResultQueries).toEqual([])
  })

  it('keeps 20 words and users, and 10 users in a detail', async () => {
    const people = await Promise.all(Array.from({ length: 22 }, (_, i) => dealerUser(`Bayi ${i + 1}`)))
    // Word i is searched by the first i + 1 people, once each: word 21 (22 searches) ranks first.
    await logSearches(
      people.flatMap((_, i) =>
        people.slice(0, i + 1).map((p) => ({ user: p, query: `kelime ${i}`, at: '2026-03-18T08:00:00Z' })),
      ),
    )
    const body = await dashboard('today')
    expect(body.topQueries.map((q) => q.query)).toEqual(
      Array.from({ length: 20 }, (_, i) => `kelime ${21 - i}`),
    )
    expect(body.topQueries[0]!.detail).toHaveLength(10)
    expect(body.topUsers).toHaveLength(20)
    expect(body.topUsers[0]).toMatchObject({ name: 'Bayi 1', count: 22 })
    expect(body.topUsers[0]!.detail).toHaveLength(10)
    expect(body.lastQueries).toHaveLength(20)
  })

  it('counts whole Istanbul days: today since midnight, 7 and 30 days with today', async () => {
    const dealer = await dealerUser('Deniz Ak')
    // One word, a different number of searches each time, so the count tells which ones a period took.
    const at = (instant: string, hits: number) => ({ user: dealer, query: 'rulman', at: instant, hits })
    await logSearches([
      at('2026-03-17T21:00:00Z', 1), // 00:00 today in Istanbul
      at('2026-03-17T20:59:59Z', 2), // 23:59:59 yesterday
      at('2026-03-11T21:00:00Z', 4), // 00:00 six days ago
      at('2026-03-11T20:59:00Z', 8), // 23:59 seven days ago
      at('2026-02-16T21:00:00Z', 16), // 00:00 29 days ago
      at('2026-02-16T20:59:00Z', 32), // 23:59 30 days ago
    ])
    const count = async (period: string) => (await dashboard(period)).topQueries[0]?.count
    expect(await count('today')).toBe(1)
    expect(await count('7d')).toBe(1 + 2 + 4)
    expect(await count('30d')).toBe(1 + 2 + 4 + 8 + 16)
    expect((await dashboard('today')).lastQueries).toHaveLength(1)
    expect((await dashboard('30d')).lastQueries).toHaveLength(5)
  })

  it('ranks the words searched without a result by those searches only', async () => {
    const dealer = await dealerUser('Ece Tan')
    await logSearches([
      { user: dealer, query: 'karbüratör', at: '2026-03-18T07:00:00Z', hits: 3, results: 0 },
      { user: dealer, query: 'Karbüratör', at: '2026-03-18T07:30:00Z', hits: 1, results: 0 },
      { user: null, query: 'debriyaj', at: '2026-03-17T07:00:00Z', hits: 2, results: 0 },
      // Found something the other times: these do not count as not found.
      { user: dealer, query: 'debriyaj', at: '2026-03-18T08:00:00Z', hits: 9, results: 3 },
      { user: dealer, query: 'conta', at: '2026-03-18T08:00:00Z', hits: 5, results: 12 },
    ])
    const body = await dashboard()
    expect(body.zeroResultQueries).toEqual([
      { query: 'Karbüratör', count: 4, formattedCreatedAt: '18.03.2026 10:30' },
      { query: 'debriyaj', count: 2, formattedCreatedAt: '17.03.2026 10:00' },
    ])
    expect(body.topQueries[0]).toMatchObject({ query: 'debriyaj', count: 11 })
  })

  it('answers with the same number of statements whatever the number of rows (no N+1)', async () => {
    const people = await Promise.all(Array.from({ length: 3 }, (_, i) => dealerUser(`Sayım ${i}`)))
    await logSearches([{ user: people[0]!, query: 'tek', at: '2026-03-18T08:00:00Z' }])
    await dashboard()
    const before = t.database.queries.count
    await dashboard()
    const few = t.database.queries.count - before
    await logSearches(
      Array.from({ length: 25 }, (_, i) =>
        people.map((p) => ({ user: p, query: `çok ${i}`, at: '2026-03-18T08:00:00Z' })),
      ).flat(),
    )
    await dashboard()
    const start = t.database.queries.count
    await dashboard()
    expect(t.database.queries.count - start).toBe(few)
  })

  it('refuses a period it does not know', async () => {
    await get(admin, '/yonetim/top-queries?period=1y', 400)
  })
})

describe('running totals kept by the search log', () => {
  const snapshot = async () =>
    queryRows(
      t.database.db,
      sql`select 'w' as t, period, query_key as k, 0 as u, query, hits, last_at, zero_hits, zero_last_at
            from search_stat_words
          union all select 'u', period, '', user_id, '', hits, last_at, 0, null from search_stat_users
          union all select 'p', period, query_key, user_id, query, hits, last_at, 0, null from search_stat_pairs
          order by 1, 2, 3, 4`,
    )

  it('match a rebuild from the log after searches over 40 days, late flushes and quiet days', async () => {
    const people = [await dealerUser('Fatma Er'), await dealerUser('Gökhan İnce'), null]
    const log = new SearchLog(t.database.db, 60_000, () => now)
    const words = ['Şanzıman', 'sanziman', 'vida', 'Vida', 'somun', 'conta', 'yok böyle']
    let step = 0
    const start = new Date('2026-02-01T06:00:00Z').getTime()
    for (let day = 0; day < 40; day++) {
      if (day % 9 === 4) continue // nobody searches that day
      for (let i = 0; i < 3; i++) {
        step++
        now = new Date(start + day * 86_400_000 + i * 5 * 3_600_000)
        const who = people[step % people.length]!
        await log.record({
          userId: who?.id ?? null,
          query: words[(step * 5) % words.length]!,
          resultCount: step % 4 === 0 ? 0 : 3,
          source: 'search',
        })
        if (step % 2 === 0)
          await log.record({ userId: who?.id ?? null, query: 'vida', resultCount: 2, source: 'search' })
        // Written after midnight in Istanbul, though searched before it, every third day.
        if (i === 2 && day % 3 === 0) now = new Date(start + day * 86_400_000 + 15 * 3_600_000 + 60_000)
        await log.flush()
      }
      if (day % 10 === 9) {
        const kept = await snapshot()
        await rebuildSearchStats(t.database.db, ledgerDay(now))
        expect(await snapshot()).toEqual(kept)
      }
    }
    // Two spellings of one word typed at the same instant: the later one is the word's spelling.
    now = new Date(now.getTime() + 60_000)
    await log.record({ userId: people[0]!.id, query: 'KAPLİN', resultCount: 1, source: 'search' })
    await log.record({ userId: people[0]!.id, query: 'kaplin', resultCount: 1, source: 'search' })
    await log.flush()
    const kept = await snapshot()
    expect(kept.length).toBeGreaterThan(20)
    await rebuildSearchStats(t.database.db, ledgerDay(now))
    expect(await snapshot()).toEqual(kept)
  })

  it('move on to a new day when the dashboard is read before anyone searches that day', async () => {
    const dealer = await dealerUser('Hale Öz')
    const log = new SearchLog(t.database.db, 0, () => now)
    await log.record({ userId: dealer.id, query: 'menteşe', resultCount: 1, source: 'search' })
    expect((await dashboard('today')).topQueries).toHaveLength(1)
    now = new Date(NOW.getTime() + 86_400_000)
    expect((await dashboard('today')).topQueries).toEqual([])
    expect((await dashboard('7d')).topQueries).toMatchObject([{ query: 'menteşe', count: 1 }])
  })
})

describe('GET /yonetim/search_queries', () => {
  it('a word search lists who searched the word, alone or in a phrase, Turkish letters and case folded', async () => {
    const ali = await dealerUser('Ali Kaya')
    const berna = await dealerUser('Berna Şahin')
    await logSearches([
      { user: ali, query: 'Şanzıman', at: '2026-03-17T08:15:00Z', hits: 3 },
      { user: ali, query: 'sanziman', at: '2026-03-16T08:15:00Z', hits: 2 },
      { user: berna, query: 'şanzıman', at: '2026-03-18T05:00:00Z', hits: 1 },
      { user: null, query: 'ŞANZIMAN', at: '2026-03-18T06:00:00Z', hits: 1 },
      { user: berna, query: 'şanzıman yağı', at: '2026-03-18T06:00:00Z', hits: 7 },
    ])
    const body = await search('  SANZİMAN ', 'kelime')
    expect(body).toEqual({
      success: true,
      type: 'kelime',
      period: '7d',
      searchQuery: 'SANZİMAN',
      // Berna's "şanzıman yağı" counts: the word inside a phrase.
      searchResult: [
        { userName: 'Berna Şahin', totalCount: 8, formattedCreatedAt: '18.03.2026 09:00' },
        { userName: 'Ali Kaya', totalCount: 5, formattedCreatedAt: '17.03.2026 11:15' },
        { userName: null, totalCount: 1, formattedCreatedAt: '18.03.2026 09:00' },
      ],
    })
    expect((await search('hiç aranmamış', 'kelime')).searchResult).toEqual([])
    expect((await search('sanziman', 'kelime', '&period=today')).searchResult).toHaveLength(2)
    // A phrase counts under each of its words, and a longer word holding the term does not.
    expect((await search('yağı', 'kelime')).searchResult).toEqual([
      { userName: 'Berna Şahin', totalCount: 7, formattedCreatedAt: '18.03.2026 09:00' },
    ])
    expect((await search('şanzıman yağı', 'kelime')).searchResult).toHaveLength(1)
    expect((await search('şanz', 'kelime')).searchResult).toEqual([])
    // LIKE's wildcards are taken literally.
    expect((await search('%', 'kelime')).searchResult).toEqual([])
  })

  it('a user search lists the words of users whose name or e-mail matches, in any case', async () => {
    const sule = await dealerUser('Şule Çınar')
    const other = await dealerUser('Mert Yıldız')
    await logSearches([
      { user: sule, query: 'Kablo', at: '2026-03-18T07:00:00Z', hits: 4 },
      { user: sule, query: 'priz', at: '2026-03-17T07:00:00Z', hits: 1 },
      { user: other, query: 'vana', at: '2026-03-18T07:00:00Z', hits: 2 },
    ])
    const expected = [
      {
        userName: 'Şule Çınar',
        searchQuery: 'Kablo',
        searchCount: 4,
        formattedCreatedAt: '18.03.2026 10:00',
      },
      { userName: 'Şule Çınar', searchQuery: 'priz', searchCount: 1, formattedCreatedAt: '17.03.2026 10:00' },
    ]
    for (const [query, type] of [
      ['sule cin', 'kullanıcı'],
      ['ŞULE', 'kullanici'],
      [sule.email.slice(0, 8).toUpperCase(), 'kullanıcı'],
    ] as const) {
      const body = await search(query, type)
      expect(body.type).toBe('kullanıcı')
      expect(body.searchResult, `${query} ${type}`).toEqual(expected)
    }
    expect((await search('yildiz', 'kullanıcı')).searchResult).toMatchObject([{ searchQuery: 'vana' }])
    // By the company too: the dealer's company name, folded as the user's name is.
    const company = await createCustomer(t.database.db, { name: 'Öztürk Hırdavat Ltd. Şti.' })
    const clerk = await createUser(t.database.db, company.id, { name: 'Ali Veli' })
    await logSearches([{ user: clerk, query: 'menteşe', at: '2026-03-18T08:00:00Z', hits: 3 }])
    expect((await search('ozturk HIRDAVAT', 'kullanıcı')).searchResult).toEqual([
      {
        userName: 'Ali Veli',
        searchQuery: 'menteşe',
        searchCount: 3,
        formattedCreatedAt: '18.03.2026 11:00',
      },
    ])
    expect((await search('nobody-here', 'kullanıcı')).searchResult).toEqual([])
    // LIKE's wildcards are taken literally.
    expect((await search('%', 'kullanıcı')).searchResult).toEqual([])
  })

  it.each([
    ['tr', '', 'Lütfen bir arama terimi girin.'],
    ['tr', '   ', 'Lütfen bir arama terimi girin.'],
    ['en', ' ', 'Please enter a search term.'],
  ])('refuses a blank term (%s, %j) with a validation error', async (locale, query, message) => {
    const res = await admin.send({
      method: 'GET',
      url: `/yonetim/search_queries?query=${encodeURIComponent(query)}&type=kelime`,
      // As the web app calls it: the page's language in Accept-Language.
      headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      error: { code: 'validation', messages: { type: message }, fields: { query: message } },
    })
  })

  it.each([
    ['an unknown type', 'query=vida&type=urun'],
    ['an unknown period', 'query=vida&type=kelime&period=90d'],
    ['a control character', 'query=vi%00da&type=kelime'],
    ['a term over 200 characters', `query=${'a'.repeat(201)}&type=kelime`],
  ])('refuses %s', async (_name, query) => {
    await get(admin, `/yonetim/search_queries?${query}`, 400)
  })
})
