/**
 * The in-process search index (issue 15 item 9): the listed products' search fields in memory, an
 * inverted index from the search documents' tokens to entries, and the ranking of domain/search-rank.
 * Matching is the SQL's (search-ranking.ts): a query word matches a product when one of its forms
 * occurs in the search document; a form never holds a space, so it occurs in the document exactly
 * when it occurs in one of the document's tokens.
 *
 * Current by change, never by time (docs/decisions.md "In-process search index"): before a search one
 * small statement reads max(change_seq) (a trigger stamps every insert and update from a sequence); when
 * it moved, only the rows above the last number seen are read again. A transaction that commits after
 * a later one was seen is covered by the invalidation messages: `{ list: product:<id> }` re-reads that
 * product before the next search, `{ all: true }` rebuilds.
 */
import { sql } from 'drizzle-orm'
import { type AnalysedWord, typoCorrections } from '../../../domain/search-query'
import { packRank, type RankEntry, type RankQuery, rankDerived } from '../../../domain/search-rank'
import type { ClockReading } from '../../cache/change-clock'
import type { Db } from '../../db/client'
import { smallestBy, smallestNumbers } from './smallest'

export type IndexEntry = RankEntry & {
  slot: number
  /** The code lower-cased and the name's words beyond the first (domain rankDerived). */
  lowerCode: string
  extra: number
  brandId: number | null
  categoryId: number | null
  modelId: number | null
  price: number
  quantity: number
  name: string
  seo: string
  image: string | null
}

export type IndexFilter = {
  categoryIds: number[] | null
  brandId: number | null
  modelId: number | null
  inStockOnly: boolean
}

export type IndexSort = {
  key: 'relevance' | 'name' | 'price' | 'brand' | 'quantity'
  descending: boolean
  brandOrder: number[]
}

export type FacetCount = { id: number; count: number }
export type IndexPage = { total: number; ids: number[]; brands: FacetCount[]; categories: FacetCount[] }

type Row = {
  id: number | string
  code: string
  barcode: string | null
  equivalent_codes: string[] | null
  search_name: string
  search_text: string
  brand_id: number | null
  category_id: number | null
  model_id: number | null
  name_sort: string
  sale_price_base: string | number
  quantity: number | string
  name: string
  seo: string
  image: string | null
  listed: boolean
  change_seq: number | string
}

const COLUMNS = sql.raw(`id, code, barcode, equivalent_codes, search_name, search_text, brand_id, category_id,
  model_id, name_sort, sale_price_base, quantity, name, seo, image, (parent_id is null and is_active) as listed,
  change_seq`)

/** Rebuild from scratch once this share of the slots is dead (entries removed or replaced). */
const COMPACT_SHARE = 0.25

/** Tokens of the form's trigram are checked with `includes`; shorter forms scan every token once. */
const FORM_MEMO_MAX = 5_000

const DICTIONARY_WORD = /^[a-z]{3,}$/

const NO_SLOTS: number[] = []

/** Marks one search may use above its base: one per query word, and one more. */
const MAX_MARKS = 16

function extraAndLowerCode(row: Row) {
  const { lowerCode, extra } = rankDerived({ code: row.code, searchName: row.search_name })
  return { lowerCode, extra }
}

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows

class IndexData {
  /** By slot; null once removed or replaced (its postings are skipped). */
  readonly entries: Array<IndexEntry | null> = []
  readonly slotById = new Map<number, number>()
  readonly tokenIds = new Map<string, number>()
  readonly tokens: string[] = []
  /** Per token, the slots whose document holds it, ascending. */
  readonly postings: number[][] = []
  /** Per token, the slots whose normalised name holds it, ascending (ranking reads these). */
  readonly namePostings: number[][] = []
  /** Trigram → tokens holding it, ascending. */
  readonly trigrams = new Map<string, number[]>()
  /** Form → tokens containing it; emptied when tokens are added. */
  readonly formMemo = new Map<string, number[]>()
  /** Position of each slot in (nameSort, id) order; recomputed when names or entries change. */
  ordinal = new Int32Array(0)
  ordinalSlots: number[] = []
  ordinalsDirty = true
  dead = 0
  live = 0
  seenSeq = 0
  /**
   * Per-slot arrays every search reuses instead of allocating (a search is synchronous once the index
   * is current): marks compared with a base that grows by MAX_MARKS per use, so nothing is cleared.
   */
  private readonly marks: Int32Array[] = []
  private readonly bases: number[] = []
  counts: Uint8Array[] = []
  /**
   * What a search reads of every matching slot, in typed arrays (-1: none): a search over 20,000
   * matches then touches no entry object, only the page's (entries are scattered over the heap).
   */
  idOf = new Int32Array(0)
  brandOf = new Int32Array(0)
  categoryOf = new Int32Array(0)
  modelOf = new Int32Array(0)
  quantityOf = new Float64Array(0)
  priceOf = new Float64Array(0)
  extraOf = new Int32Array(0)
  /** The lower-cased code's first two characters, packed: a code prefix is checked on a match only. */
  codeHeadOf = new Int32Array(0)
  /**
   * Code or equivalent code, and barcode → slot (an array when several share it): the exact tier
   * without a scan. Keyed by the entries' own strings, so the maps add no strings of their own.
   */
  readonly codeSlots = new Map<string, number | number[]>()
  readonly barcodeSlots = new Map<string, number | number[]>()
  /** Facet counts by brand and category id, reused by every search. */
  readonly brandCounter = new IdCounter()
  readonly categoryCounter = new IdCounter()

  scratch(k: number): { marks: Int32Array; base: number } {
    const size = this.entries.length
    if (!this.marks[k] || this.marks[k]!.length < size || (this.bases[k] ?? 0) > 2_000_000_000) {
      this.marks[k] = new Int32Array(Math.max(Math.ceil(size * 1.25), 1024))
      this.bases[k] = 0
    }
    if (!this.counts[0] || this.counts[0].length < size) {
      this.counts = [0, 1, 2].map(() => new Uint8Array(Math.max(Math.ceil(size * 1.25), 1024)))
    }
    const base = (this.bases[k] ?? 0) + MAX_MARKS
    this.bases[k] = base
    return { marks: this.marks[k]!, base }
  }

  put(row: Row) {
    const id = Number(row.id)
    this.remove(id)
    if (!row.listed) return
    const slot = this.entries.length
    const entry: IndexEntry = {
      slot,
      id,
      code: row.code,
      barcode: row.barcode,
      equivalentCodes: row.equivalent_codes ?? [],
      searchName: row.search_name,
      nameSort: row.name_sort,
      brandId: row.brand_id === null ? null : Number(row.brand_id),
      categoryId: row.category_id === null ? null : Number(row.category_id),
      modelId: row.model_id === null ? null : Number(row.model_id),
      price: Number(row.sale_price_base),
      quantity: Number(row.quantity),
      name: row.name,
      seo: row.seo,
      image: row.image,
      ...extraAndLowerCode(row),
    }
    this.entries.push(entry)
    this.setColumns(entry)
    this.slotById.set(id, slot)
    this.live++
    this.ordinalsDirty = true
    for (const token of new Set(row.search_text.split(' '))) {
      if (token) this.postings[this.tokenId(token)]!.push(slot)
    }
    for (const token of new Set(row.search_name.split(' '))) {
      if (!token) continue
      const id = this.tokenId(token)
      const list = this.namePostings[id]!
      // Most tokens (codes, barcodes) are in no name: they share one empty list until one is.
      if (list === NO_SLOTS) this.namePostings[id] = [slot]
      else list.push(slot)
    }
  }

  private setColumns(e: IndexEntry) {
    const slot = e.slot
    if (slot >= this.idOf.length) this.grow(Math.max(1024, this.idOf.length * 2))
    this.idOf[slot] = e.id
    this.brandOf[slot] = e.brandId ?? -1
    this.categoryOf[slot] = e.categoryId ?? -1
    this.modelOf[slot] = e.modelId ?? -1
    this.quantityOf[slot] = e.quantity
    this.priceOf[slot] = e.price
    this.extraOf[slot] = e.extra
    this.codeHeadOf[slot] = codeHead(e.lowerCode)
    const exact = (map: Map<string, number | number[]>, key: string) => {
      const found = map.get(key)
      if (found === undefined) map.set(key, slot)
      else if (typeof found === 'number') map.set(key, [found, slot])
      else found.push(slot)
    }
    exact(this.codeSlots, e.code)
    if (e.barcode) exact(this.barcodeSlots, e.barcode)
    for (const code of e.equivalentCodes) exact(this.codeSlots, code)
  }

  private grow(size: number) {
    const grown = <A extends Int32Array | Float64Array>(a: A, make: (n: number) => A) => {
      const b = make(size)
      b.set(a)
      return b
    }
    this.idOf = grown(this.idOf, (n) => new Int32Array(n))
    this.brandOf = grown(this.brandOf, (n) => new Int32Array(n))
    this.categoryOf = grown(this.categoryOf, (n) => new Int32Array(n))
    this.modelOf = grown(this.modelOf, (n) => new Int32Array(n))
    this.quantityOf = grown(this.quantityOf, (n) => new Float64Array(n))
    this.priceOf = grown(this.priceOf, (n) => new Float64Array(n))
    this.extraOf = grown(this.extraOf, (n) => new Int32Array(n))
    this.codeHeadOf = grown(this.codeHeadOf, (n) => new Int32Array(n))
  }

  /** Live slots whose code, barcode or an equivalent code is exactly what was typed (rank tier 0). */
  exactMatches(q: RankQuery): number[] {
    const out: number[] = []
    const add = (found: number | number[] | undefined) => {
      for (const slot of typeof found === 'number' ? [found] : (found ?? NO_SLOTS)) {
        if (this.entries[slot]) out.push(slot)
      }
    }
    add(this.codeSlots.get(q.upper))
    add(this.barcodeSlots.get(q.raw))
    return out
  }

  private tokenId(token: string): number {
    let tokenId = this.tokenIds.get(token)
    if (tokenId !== undefined) return tokenId
    tokenId = this.tokens.length
    this.tokens.push(token)
    this.tokenIds.set(token, tokenId)
    this.postings.push([])
    this.namePostings.push(NO_SLOTS)
    for (const trigram of trigramsOf(token)) {
      const list = this.trigrams.get(trigram)
      if (list) list.push(tokenId)
      else this.trigrams.set(trigram, [tokenId])
    }
    this.formMemo.clear()
    return tokenId
  }

  remove(id: number) {
    const slot = this.slotById.get(id)
    if (slot === undefined) return
    this.entries[slot] = null
    this.slotById.delete(id)
    this.dead++
    this.live--
  }

  /** Tokens containing the form. */
  tokensWith(form: string): number[] {
    const memo = this.formMemo.get(form)
    if (memo) return memo
    let candidates: number[] | null = null
    for (const trigram of trigramsOf(form)) {
      const list = this.trigrams.get(trigram) ?? []
      if (candidates === null || list.length < candidates.length) candidates = list
    }
    const found: number[] = []
    if (candidates === null) {
      for (let t = 0; t < this.tokens.length; t++) if (this.tokens[t]!.includes(form)) found.push(t)
    } else {
      for (const t of candidates) if (this.tokens[t]!.includes(form)) found.push(t)
    }
    if (this.formMemo.size >= FORM_MEMO_MAX) this.formMemo.clear()
    this.formMemo.set(form, found)
    return found
  }

  private words: string[] = []
  private wordsOf = -1

  /** The tokens that are words of 3+ letters (codes and sizes are no typo's correction). */
  dictionary(): string[] {
    if (this.wordsOf !== this.tokens.length) {
      this.words = this.tokens.filter((t) => DICTIONARY_WORD.test(t))
      this.wordsOf = this.tokens.length
    }
    return this.words
  }

  ensureOrdinals() {
    if (!this.ordinalsDirty) return
    const slots: number[] = []
    for (const entry of this.entries) if (entry) slots.push(entry.slot)
    slots.sort((a, b) => {
      const x = this.entries[a]!
      const y = this.entries[b]!
      return x.nameSort < y.nameSort ? -1 : x.nameSort > y.nameSort ? 1 : x.id - y.id
    })
    const ordinal = new Int32Array(this.entries.length)
    slots.forEach((slot, i) => {
      ordinal[slot] = i
    })
    this.ordinal = ordinal
    this.ordinalSlots = slots
    this.ordinalsDirty = false
  }
}

/**
 * Counts per id in a typed array indexed by the id (brand and category ids are small serial numbers),
 * cleared through the ids it touched: a search over 20,000 matches makes no map entries.
 */
class IdCounter {
  private tally = new Int32Array(256)
  private touched: number[] = []

  reset(): this {
    for (const id of this.touched) this.tally[id] = 0
    this.touched = []
    return this
  }

  add(id: number) {
    if (id >= this.tally.length) {
      // An id far beyond any serial number is still counted, in a larger array.
      const grown = new Int32Array(Math.max(id + 1, this.tally.length * 2))
      grown.set(this.tally)
      this.tally = grown
    }
    const before = this.tally[id]!
    this.tally[id] = before + 1
    if (before === 0) this.touched.push(id)
  }

  /** In the order the ids were first counted. */
  counts(): FacetCount[] {
    return this.touched.map((id) => ({ id, count: this.tally[id]! }))
  }
}

/** The first two characters packed in one number; -1 for an empty code (a prefix of it is "" only). */
function codeHead(lowerCode: string): number {
  if (lowerCode.length === 0) return -1
  return (lowerCode.charCodeAt(0) << 16) | (lowerCode.length > 1 ? lowerCode.charCodeAt(1) : 0)
}

/** Trigrams of a token (none when shorter than 3 letters). */
function trigramsOf(text: string): string[] {
  const out: string[] = []
  for (let i = 0; i + 3 <= text.length; i++) out.push(text.slice(i, i + 3))
  return out
}

/** The index as one search reads it: brought up to date once, before the search. */
export type SearchIndexView = IndexData

export class SearchIndex {
  private data: IndexData | null = null
  private building: Promise<IndexData> | null = null
  /** The freshness check running now, and the one every later caller shares (it starts after it). */
  private checking: Promise<IndexData> | null = null
  private nextCheck: Promise<IndexData> | null = null
  /** Products named by invalidation messages, re-read before the next search. */
  private pending = new Set<number>()
  private rebuildWanted = false

  /** Applies an invalidation change (register with `Invalidation.target`). */
  readonly apply = (change: { list: string } | { all: true } | object) => {
    if ('all' in change) this.rebuildWanted = true
    else if ('list' in change) {
      const match = /^product:(\d+)$/.exec(change.list)
      if (match) this.pending.add(Number(match[1]))
    }
  }

  /**
   * The index brought up to date with every change committed before this call. Concurrent callers
   * share checks: while one runs (it may have read the number before a caller's change), the callers
   * that arrive meanwhile share the single check that starts when it ends.
   */
  current(db: Db, seen?: ClockReading): Promise<SearchIndexView> {
    // A request that already read where the data stands (cache/change-clock.ts) needs no check of its
    // own when the index has seen that much and no product was named by a message since.
    if (
      seen &&
      this.data &&
      !this.rebuildWanted &&
      this.pending.size === 0 &&
      this.data.seenSeq >= seen.products
    ) {
      return Promise.resolve(this.data)
    }
    if (this.rebuildWanted || !this.data) return this.rebuild(db)
    if (!this.checking) return this.startCheck(db)
    if (!this.nextCheck) {
      this.nextCheck = this.checking
        .catch(() => undefined)
        .then(() => {
          this.nextCheck = null
          return this.checking ?? this.startCheck(db)
        })
    }
    return this.nextCheck
  }

  /** Resolves once no build runs (one started to drop dead slots finishes in the background). */
  async settled(): Promise<void> {
    await this.building?.catch(() => undefined)
  }

  private startCheck(db: Db): Promise<IndexData> {
    const check = this.check(db).finally(() => {
      if (this.checking === check) this.checking = null
    })
    this.checking = check
    return check
  }

  private rebuild(db: Db): Promise<IndexData> {
    if (!this.building) {
      this.rebuildWanted = false
      this.pending.clear()
      this.building = build(db)
        .then((data) => {
          this.data = data
          return data
        })
        .finally(() => {
          this.building = null
        })
    }
    return this.building
  }

  private async check(db: Db): Promise<IndexData> {
    if (this.rebuildWanted || !this.data) return this.rebuild(db)
    const data = this.data
    const seq = await maxChangeSeq(db)
    if (seq === data.seenSeq && this.pending.size === 0) return data
    // The table was emptied or reloaded: start again, and wait for it.
    if (seq < data.seenSeq) return this.rebuild(db)
    // Too many dead slots (every stock change leaves one): rebuild meanwhile, still serving this one.
    if (data.dead > data.live * COMPACT_SHARE && !this.building) void this.rebuild(db).catch(() => undefined)
    const ids = [...this.pending]
    // Named products stay named while a build runs: it may have read them before their change.
    if (!this.building) this.pending.clear()
    await refresh(db, data, ids)
    return data
  }

  /** Entries matching every word (each by one of its forms), as slots. */
  private static candidates(data: IndexData, words: ReadonlyArray<readonly string[]>): number[] {
    if (words.length === 0) return []
    // hits[slot] = base + the words matched so far (anything below base: none yet).
    const { marks: hits, base } = data.scratch(0)
    const out: number[] = []
    words.forEach((forms, i) => {
      const last = i === words.length - 1
      for (const form of forms) {
        for (const tokenId of data.tokensWith(form)) {
          for (const slot of data.postings[tokenId]!) {
            if (i === 0 ? hits[slot]! >= base : hits[slot] !== base + i) continue
            hits[slot] = base + i + 1
            if (last && data.entries[slot]) out.push(slot)
          }
        }
      }
    })
    return out
  }

  /** The search page: total, brand and category counts, and the page's ids in order. */
  static searchPage(
    data: SearchIndexView,
    q: RankQuery,
    filter: IndexFilter,
    sort: IndexSort,
    page: { offset: number; limit: number },
  ): IndexPage {
    const categoryIds = filter.categoryIds ? new Set(filter.categoryIds) : null
    const brandCounts = data.brandCounter.reset()
    const categoryCounts = data.categoryCounter.reset()
    const { categoryOf, modelOf, quantityOf, brandOf } = data
    const matched: number[] = []
    for (const slot of SearchIndex.candidates(data, q.words)) {
      const category = categoryOf[slot]!
      if (categoryIds && (category < 0 || !categoryIds.has(category))) continue
      if (filter.modelId !== null && modelOf[slot] !== filter.modelId) continue
      if (filter.inStockOnly && quantityOf[slot]! <= 0) continue
      const brand = brandOf[slot]!
      if (brand >= 0) brandCounts.add(brand)
      if (filter.brandId !== null && brand !== filter.brandId) continue
      if (category >= 0) categoryCounts.add(category)
      matched.push(slot)
    }
    const ordered = orderSlots(data, matched, q, sort, page.offset + page.limit)
    return {
      total: matched.length,
      ids: ordered.slice(page.offset, page.offset + page.limit).map((slot) => data.idOf[slot]!),
      brands: brandCounts.counts(),
      categories: categoryCounts.counts(),
    }
  }

  /** The best `limit` listed products for the autocomplete, ranked as the search page ranks. */
  static suggestions(data: SearchIndexView, q: RankQuery, limit: number): IndexEntry[] {
    const matched = SearchIndex.candidates(data, q.words)
    return orderSlots(data, matched, q, { key: 'relevance', descending: false, brandOrder: [] }, limit).map(
      (slot) => data.entries[slot]!,
    )
  }

  /**
   * The word's forms plus its typo corrections, chosen from the words (3+ letters) of the listed
   * products' documents: none when some such word starts with one of its forms (domain typoCorrections).
   */
  static wordForms(data: SearchIndexView, word: AnalysedWord): string[] {
    if (!word.typoTolerant) return word.forms
    const isWord = (token: string) => DICTIONARY_WORD.test(token)
    const known = word.forms.some((f) =>
      data.tokensWith(f).some((t) => data.tokens[t]!.startsWith(f) && isWord(data.tokens[t]!)),
    )
    if (known) return word.forms
    return [...word.forms, ...typoCorrections(word, data.dictionary())]
  }
}

/** The first `wanted` slots in the page's order (all of them when fewer match). */
function orderSlots(
  data: IndexData,
  slots: number[],
  q: RankQuery,
  sort: IndexSort,
  wanted: number,
): number[] {
  data.ensureOrdinals()
  const { ordinal, ordinalSlots } = data
  if (sort.key === 'relevance') {
    // One number per slot: the rank's score, then its place in (name, id) order.
    const keys = smallestNumbers(rankKeys(data, slots, q), wanted)
    const span = ordinalSlots.length + 1
    return Array.from(keys, (key) => ordinalSlots[key % span]!)
  }
  const dir = sort.descending ? -1 : 1
  const { idOf, priceOf, quantityOf, brandOf } = data
  const byId = (a: number, b: number) => dir * (idOf[a]! - idOf[b]!)
  // The (name, id) order is the slots' ordinal.
  const byName = (a: number, b: number) => ordinal[a]! - ordinal[b]!
  let compare: (a: number, b: number) => number
  switch (sort.key) {
    case 'price':
      compare = (a, b) => dir * (priceOf[a]! - priceOf[b]!) || byId(a, b)
      break
    case 'quantity':
      compare = (a, b) => dir * (quantityOf[a]! - quantityOf[b]!) || byId(a, b)
      break
    case 'brand': {
      const position = new Map(sort.brandOrder.map((id, i) => [id, i + 1]))
      const at = (slot: number) =>
        (brandOf[slot]! < 0 ? undefined : position.get(brandOf[slot]!)) ?? 2147483647
      compare = (a, b) => dir * (at(a) - at(b)) || byName(a, b)
      break
    }
    default:
      compare = (a, b) => dir * byName(a, b)
  }
  return smallestBy(slots, wanted, compare)
}

/**
 * domain/search-rank rankKey for many slots at once, from the name postings instead of string
 * searches: a form is in an entry's name when a token of the name contains it, at a word start when
 * that token starts with it. The keys are packRank × span + the entry's (name, id) ordinal. Only
 * typed arrays are read per slot; a code is compared only where its first two characters match.
 */
function rankKeys(data: IndexData, slots: number[], q: RankQuery): Float64Array {
  // Counts live in scratch arrays reused by every search: a slot's counts are valid when its
  // marks[slot] is at least this call's base (stale ones read as 0).
  const { marks: seen, base } = data.scratch(1)
  const inName = data.counts[0]!
  const starts = data.counts[1]!
  const typed = data.counts[2]!
  const inStamp = data.scratch(2)
  const startStamp = data.scratch(3)
  const typedStamp = data.scratch(4)
  const exactStamp = data.scratch(5)
  const touch = (slot: number) => {
    if (seen[slot]! >= base) return
    seen[slot] = base
    inName[slot] = 0
    starts[slot] = 0
    typed[slot] = 0
  }
  q.words.forEach((forms, w) => {
    const inMark = inStamp.base + w
    const startMark = startStamp.base + w
    const typedMark = typedStamp.base + w
    for (const form of forms) {
      const asTyped = form === forms[0]
      for (const tokenId of data.tokensWith(form)) {
        const list = data.namePostings[tokenId]!
        if (list.length === 0) continue
        const atStart = data.tokens[tokenId]!.startsWith(form)
        for (const slot of list) {
          touch(slot)
          if (inStamp.marks[slot] !== inMark) {
            inStamp.marks[slot] = inMark
            inName[slot]!++
          }
          if (!atStart) continue
          if (startStamp.marks[slot] !== startMark) {
            startStamp.marks[slot] = startMark
            starts[slot]!++
          }
          if (asTyped && typedStamp.marks[slot] !== typedMark) {
            typedStamp.marks[slot] = typedMark
            typed[slot]!++
          }
        }
      }
    }
  })
  for (const slot of data.exactMatches(q)) exactStamp.marks[slot] = exactStamp.base
  const exactMark = exactStamp.base
  const prefix = q.prefix
  const head = prefix.length === 0 ? 0 : codeHead(prefix)
  const headMask = prefix.length === 0 ? 0 : prefix.length === 1 ? -65536 : -1
  const { codeHeadOf, extraOf, ordinal, entries } = data
  const words = q.words.length
  const span = data.ordinalSlots.length + 1
  const keys = new Float64Array(slots.length)
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!
    const fresh = seen[s]! >= base
    const found = fresh ? inName[s]! : 0
    const tier =
      exactStamp.marks[s] === exactMark
        ? 0
        : (codeHeadOf[s]! & headMask) === (head & headMask) && entries[s]!.lowerCode.startsWith(prefix)
          ? 1
          : words > 0 && found === words
            ? 2
            : found > 0
              ? 3
              : 4
    keys[i] =
      packRank(tier, fresh ? starts[s]! : 0, fresh ? typed[s]! : 0, found, extraOf[s]!) * span + ordinal[s]!
  }
  return keys
}

async function build(db: Db): Promise<IndexData> {
  const data = new IndexData()
  // The number before the read: a row changed meanwhile is read again by the next refresh.
  data.seenSeq = await maxChangeSeq(db)
  const result = await db.execute(
    sql`select ${COLUMNS} from products where parent_id is null and is_active order by id`,
  )
  for (const row of rowsOf(result)) data.put(row)
  data.ensureOrdinals()
  return data
}

async function maxChangeSeq(db: Db): Promise<number> {
  const result = await db.execute(sql`select coalesce(max(change_seq), 0) as seq from products`)
  return Number((result as unknown as { rows: Array<{ seq: string | number }> }).rows[0]?.seq ?? 0)
}

async function refresh(db: Db, data: IndexData, ids: number[]) {
  const byId =
    ids.length > 0
      ? sql` or id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``
  const result = await db.execute(
    sql`select ${COLUMNS} from products where change_seq > ${data.seenSeq}${byId} order by change_seq`,
  )
  const rows = rowsOf(result)
  const found = new Set<number>()
  for (const row of rows) {
    data.put(row)
    found.add(Number(row.id))
    data.seenSeq = Math.max(data.seenSeq, Number(row.change_seq))
  }
  // A product named by a message and gone from the table is no longer listed.
  for (const id of ids) if (!found.has(id)) data.remove(id)
}
