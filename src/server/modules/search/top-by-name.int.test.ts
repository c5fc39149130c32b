import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseQuery, normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { rankQuery } from '../../../domain/search-rank'
import { turkishSortKey } from '../../../domain/turkish-text'
import type { Database } from '../../db/client'
import { createRng } from '../../db/seed/random'
import { queryRows } from '../../test/db-helpers'
import { createTestDatabase } from '../../test/test-database'
import { type CountMethod, countNameWords } from './name-counts'
import { type IndexSort, SearchIndex, type SearchIndexView } from './search-index'
import { topByCode, topByName } from './top-by-name'

/**
 * The autocomplete's shortcut (top-by-name.ts) against ranking every match, on one catalogue: names
 * drawn from words that share prefixes, Turkish letters, names of many lengths (the extra words
 * decide), codes under a few prefixes; then again after products are added, renamed and delisted
 * since the build (tails and dead slots).
 */
const WORDS = [
  'kablo',
  'kablosu',
  'kablolu',
  'kapak',
  'kaplin',
  'vida',
  'vidalı',
  'vidasız',
  'somun',
  'somunlu',
  'şerit',
  'şeritli',
  'çelik',
  'çekiç',
  'ölçü',
  'ölçer',
  'ığdır',
  'ince',
  'iç',
  'dış',
  'anahtar',
  'ağız',
  'açık',
  'oto',
  'otomatik',
  'motor',
  'conta',
  'contalı',
  'hortum',
  'rulman',
  'zincir',
]
const CODE_PREFIXES = ['VID', 'KBL', 'OTO', 'MTR', 'ZN']
const NO_FILTER = { categoryIds: null, brandId: null, modelId: null, inStockOnly: false }

describe('the autocomplete shortcut', () => {
  let database: Database
  let currencyId: number
  const index = new SearchIndex()
  const rng = createRng(20261128)
  let next = 0

  const name = () =>
    Array.from({ length: rng.int(1, 6) }, () => {
      const word = rng.pick(WORDS)
      return rng.int(0, 3) === 0 ? word.toLocaleUpperCase('tr-TR') : word
    }).join(' ')

  /**
   * Products with a barcode each; every third with two equivalent codes (under the code prefixes
   * too); every fourth with a description whose words are in no name (tier 5 for them).
   */
  async function insert(count: number, names: string[] = []) {
    const rows = Array.from({ length: count }, (_, i) => {
      next++
      const code = `${rng.pick(CODE_PREFIXES)}-${String(next).padStart(5, '0')}`
      const productName = names[i] ?? name()
      const barcode = `869${String(next).padStart(10, '0')}`
      const equivalents = next % 3 === 0 ? [`${rng.pick(CODE_PREFIXES)}E${next}`, `ESD-${next}`] : null
      const description = next % 4 === 0 ? '<p>Kabloyu sabitleyen otomobil parçası, vidasız montaj</p>' : null
      return sql`(${code}, ${productName}, ${code.toLowerCase()}, ${currencyId}, '10', 20, 5,
        ${turkishSortKey(productName)},
        ${searchDocument([code, productName, barcode, ...(equivalents ?? [])])},
        ${normaliseSearchText(productName)}, ${barcode},
        ${
          equivalents
            ? sql`array[${sql.join(
                equivalents.map((e) => sql`${e}`),
                sql`, `,
              )}]::text[]`
            : sql`'{}'::text[]`
        }, ${description})`
    })
    await database.db.execute(
      sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort,
            search_text, search_name, barcode, equivalent_codes, description) values ${sql.join(rows, sql`, `)}`,
    )
  }

  /** Every 1–4-letter prefix of the words, as typed and upper-cased, and the code prefixes. */
  const queries = () => {
    const out = new Set<string>()
    for (const word of WORDS) {
      for (let n = 1; n <= Math.min(4, word.length); n++) {
        out.add(word.slice(0, n))
        out.add(word.slice(0, n).toLocaleUpperCase('tr-TR'))
      }
    }
    for (const prefix of CODE_PREFIXES) out.add(prefix).add(prefix.toLowerCase().slice(0, 2))
    // Exact barcodes and equivalent codes (tier 0), and words found in descriptions only.
    out.add('8690000002997').add('8690000002998').add('ESD-2997').add('esd-2997').add('VIDE2997')
    out.add('otomobil').add('sabitle').add('kabloyu').add('mont')
    // Words with other forms: inflected (their stems) and mistyped (their corrections).
    for (const word of [
      'perçinler',
      'kablolar',
      'kabloları',
      'vidalar',
      'somunlar',
      'hortumlar',
      'contalar',
      'motorlar',
    ]) {
      out.add(word).add(word.toLocaleUpperCase('tr-TR'))
    }
    for (const word of ['kablp', 'hortun', 'zincr', 'rulmn', 'somn', 'ceilk', 'anahtr', 'otomtik']) {
      out.add(word)
    }
    // Two and three words, each a 2–5-letter prefix (the same draw every run).
    const words = createRng(7)
    for (let i = 0; i < 150; i++) {
      const count = words.int(2, 3)
      out.add(
        Array.from({ length: count }, () => {
          const word = words.pick(WORDS)
          return word.slice(0, words.int(2, 5))
        }).join(' '),
      )
    }
    return [...out]
  }

  /**
   * Per live slot (every other one with `half`, the name lists then skipping the rest by a bitmap),
   * how its name holds the query's words, counted the given way.
   */
  const nameCounts = (
    view: SearchIndexView,
    q: ReturnType<typeof rankQuery>,
    method: CountMethod,
    half = false,
  ) => {
    const live = Array.from({ length: view.slotCount }, (_, slot) => slot).filter(
      (slot, i) => view.isLive(slot) && (!half || i % 2 === 0),
    )
    const within = half ? new Int32Array((view.slotCount >>> 5) + 1) : null
    for (const slot of within ? live : []) within![slot >>> 5]! |= 1 << (slot & 31)
    const { marks, base } = countNameWords(view, live, q, within, method)
    const [inName, starts, typed] = view.counts as [Uint8Array, Uint8Array, Uint8Array]
    return live.map((slot) =>
      marks[slot]! >= base ? `${inName[slot]} ${starts[slot]} ${typed[slot]}` : '0 0 0',
    )
  }

  async function compareAll(view: SearchIndexView) {
    let shortcut = 0
    let severalWords = 0
    const typed = queries()
    for (const text of typed) {
      const analysed = analyseQuery(text)
      const words = analysed.words.map((word) => SearchIndex.wordForms(view, word))
      const q = rankQuery(analysed.raw, words)
      // The full pass counts name words by the name lists or by the slots' own tokens: the same counts.
      expect(nameCounts(view, q, 'slot tokens'), `'${text}' counted by slot tokens`).toEqual(
        nameCounts(view, q, 'name lists'),
      )
      expect(nameCounts(view, q, 'name lists', true), `'${text}' by name lists within a bitmap`).toEqual(
        nameCounts(view, q, 'slot tokens', true),
      )
      for (const limit of [1, 10]) {
        const full = SearchIndex.suggestionsByFullPass(view, q, limit).map((e) => e.id)
        const top = topByName(view, q, limit)
        if (top) {
          shortcut++
          if (text.includes(' ')) severalWords++
          expect(
            top.map((slot) => view.idOf[slot]),
            `'${text}', limit ${limit}`,
          ).toEqual(full)
        }
        const byCode = topByCode(view, q, limit)
        if (byCode) {
          expect(
            byCode.map((slot) => view.idOf[slot]),
            `'${text}' by code, limit ${limit}`,
          ).toEqual(full)
        }
        expect(SearchIndex.suggestions(view, q, limit).map((e) => e.id)).toEqual(full)
      }
      // The search page's first two pages with no filter take the same shortcut.
      const full = SearchIndex.suggestionsByFullPass(view, q, 48).map((e) => e.id)
      const relevance: IndexSort = { key: 'relevance', descending: false, brandOrder: [] }
      for (const offset of [0, 24]) {
        const page = SearchIndex.searchPage(view, q, NO_FILTER, relevance, { offset, limit: 24 })
        expect(page.ids, `'${text}' page at ${offset}`).toEqual(full.slice(offset, offset + 24))
      }
      // Given the matches (the search page's bitmap), the shortcut checks only those: the same answer,
      // and never a miss where it found one without them.
      const alone = topByName(view, q, 24)
      const within = topByName(view, q, 24, view.matchedBits)
      if (alone) expect(within, `'${text}' within the matches`).toEqual(alone)
      if (within)
        expect(
          within.map((slot) => view.idOf[slot]),
          `'${text}' within`,
        ).toEqual(full.slice(0, 24))
    }
    // A code prefix that names also begin with ranks those names among its codes; one no name
    // holds ranks its codes alone: both without the full pass, as typed and lower-cased.
    const ranked = (text: string) => {
      const analysed = analyseQuery(text)
      return rankQuery(
        analysed.raw,
        analysed.words.map((word) => SearchIndex.wordForms(view, word)),
      )
    }
    for (const text of ['OTO', 'oto']) expect(topByName(view, ranked(text), 10), text).not.toBeNull()
    for (const text of ['KBL', 'kbl', 'MTR']) {
      expect(topByName(view, ranked(text), 10), text).toBeNull()
      expect(topByCode(view, ranked(text), 10), text).not.toBeNull()
    }
    // A word few names hold as typed is ranked on through its other forms' names, without the full pass.
    for (const text of ['perçinler', 'kablolar', 'hortumlar', 'motorlar', 'hortun', 'zincr']) {
      expect(topByName(view, ranked(text), 10), text).not.toBeNull()
    }
    // Queries of several words whose best all hold every word take the shortcut too.
    expect(severalWords).toBeGreaterThan(50)
    return { shortcut, asked: typed.length * 2 }
  }

  beforeAll(async () => {
    database = await createTestDatabase()
    const [currency] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into currencies (code, name, symbol, exchange_rate, is_default) values ('TRY', 'Türk Lirası', '₺', 1, true) returning id`,
    )
    currencyId = currency!.id
    await insert(3_000)
    // Two names hold 'perçinler' as typed, one of them the stem 'perçin' as a word too. The next group
    // (names with 'perçin' at a word start, by extra words and name) has that one second, after
    // 'perçin' alone, and must leave it out.
    const perçin = ['rulman', 'somun', 'sac', 'şim', 'tel', 'uç', 'vida', 'yay', 'zincir']
    await insert(12, ['Perçin perçinler', 'perçinler', 'perçin', ...perçin.map((word) => `perçin ${word}`)])
  })
  afterAll(() => database.close())

  it('gives the full ranking’s answer, and takes the shortcut for most name prefixes', async () => {
    const view = await index.current(database.db)
    const { shortcut, asked } = await compareAll(view)
    // The code prefixes and a few short forms fall back; most name prefixes must not.
    expect(shortcut).toBeGreaterThan(asked / 2)
    // The exact tier through the hashed keys: a barcode and an equivalent code find their product
    // (one past the first 400, which the other test renames and delists).
    const [thirtieth] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from products where barcode = '8690000002997'`,
    )
    for (const text of ['8690000002997', 'ESD-2997', 'esd-2997']) {
      const q = rankQuery(
        text,
        analyseQuery(text).words.map((word) => SearchIndex.wordForms(view, word)),
      )
      expect(SearchIndex.suggestions(view, q, 10)[0]?.id, text).toBe(thirtieth!.id)
    }
  })

  it('leaves the shortcut while a listed name has a word its document lacks, and takes it again once that product is gone', async () => {
    const ranked = (view: SearchIndexView, text: string) =>
      rankQuery(
        text,
        analyseQuery(text).words.map((word) => SearchIndex.wordForms(view, word)),
      )
    const before = await index.current(database.db)
    expect(topByName(before, ranked(before, 'vida'), 10)).not.toBeNull()
    // A name word the document lacks: a name match would then be no match, so the shortcut stands aside.
    const [odd] = await queryRows<{ id: number }>(
      database.db,
      sql`insert into products (code, name, seo, currency_id, sale_price, tax_rate, quantity, name_sort,
            search_text, search_name)
          values ('ODD-1', 'Vida Zqtek', 'odd-1', ${currencyId}, '10', 20, 5, ${turkishSortKey('Vida Zqtek')},
            'odd-1 vida', 'vida zqtek')
          returning id`,
    )
    const withOdd = await index.current(database.db)
    expect(topByName(withOdd, ranked(withOdd, 'vida'), 10)).toBeNull()
    await database.db.execute(sql`update products set is_active = false where id = ${odd!.id}`)
    const after = await index.current(database.db)
    expect(topByName(after, ranked(after, 'vida'), 10)).not.toBeNull()
  })

  it('still does after products are added, renamed and delisted since the build', async () => {
    await index.current(database.db)
    await insert(300)
    const ids = await queryRows<{ id: number }>(
      database.db,
      sql`select id from products order by id limit 400`,
    )
    for (const { id } of ids.slice(0, 200)) {
      const renamed = name()
      await database.db.execute(
        sql`update products set name = ${renamed}, name_sort = ${turkishSortKey(renamed)},
              search_name = ${normaliseSearchText(renamed)},
              search_text = ${searchDocument([`R-${id}`, renamed])}, code = ${`R-${id}`}
            where id = ${id}`,
      )
    }
    await database.db.execute(
      sql`update products set is_active = false where id in (${sql.join(
        ids.slice(200).map(({ id }) => sql`${id}`),
        sql`, `,
      )})`,
    )
    const view = await index.current(database.db)
    expect(view.dead).toBeGreaterThan(0)
    const { shortcut, asked } = await compareAll(view)
    expect(shortcut).toBeGreaterThan(asked / 2)
  })
})
