/**
 * The in-process search index: the listed products' search fields in memory, an
 * inverted index from the search documents' tokens to entries, and the ranking of domain/search-rank.
 * Matching is the SQL's (search.service.ts): a query word matches a product when one of its forms
 * occurs in the search document; a form never holds a space, so it occurs in the document exactly
 * when it occurs in one of the document's tokens. A word also matches when a word of the product's
 * description starts with one of its forms; such a product ranks last (tier 5).
 *
 * Current by change, never by time (docs/decisions.md "In-process search index"): before a search one
 * small statement reads max(change_seq) (a trigger stamps every insert and update from a sequence); when
 * it moved, only the rows above the last number seen are read again. A transaction that commits after
 * a later one was seen is covered by the invalidation messages: `{ list: product:<id> }` re-reads that
 * product before the next search, `{ all: true }` rebuilds.
 *
 * Memory (~77 MB of heap and typed arrays at 100,000 products, ~250 MB as objects and arrays per
 * product and token before): no object per product, only per-slot typed arrays and a few strings
 * (the code, the image; the name, seo and sort key as bytes in slot-texts.ts); the postings in
 * shared typed arrays (posting-lists.ts); the tokens in vocabulary.ts. A build reads the rows in
 * batches, so at most a batch of rows is held beside the index being built.
 */
import { sql } from 'drizzle-orm'
import { isListed, LISTED_PRODUCT_SQL } from '../../../domain/listing'
import { type AnalysedWord, descriptionText, typoCorrections } from '../../../domain/search-query'
import { packRank, type RankQuery, rankDerived } from '../../../domain/search-rank'
import type { ClockReading } from '../../cache/change-clock'
import type { Db } from '../../db/client'
import { preparedPerHandle } from '../../db/prepared'
import { findCandidates } from './candidates'
import { ExactKeys, FNV, hashText, SECOND } from './exact-keys'
import { type FacetCount, IdCounter } from './id-counter'
import {
  compareSlots,
  dropFromOrders,
  filterSlots,
  type IndexFilter,
  type IndexPage,
  type IndexSort,
  type KeptOrder,
  type ListedSlots,
  listPage,
  prepareOrders,
  repositionInOrders,
} from './list-order'
import { countNameWords } from './name-counts'
import { packFacets } from './packed-facets'
import { PairBuffer, PostingLists } from './posting-lists'
import { SlotTexts } from './slot-texts'
import { SlotsById } from './slots-by-id'
import { smallestBy, smallestNumbers } from './smallest'
import { CodeOrder, DEAD, lowerCaseStartsWith, orderNameLists, topByCode, topByName } from './top-by-name'
import { Vocabulary } from './vocabulary'

/** What the autocomplete shows of a product. */
export type IndexEntry = { id: number; code: string; name: string; seo: string; image: string | null }

export type { FacetCount, IndexFilter, IndexPage, IndexSort }

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
  description: string | null
  parent_id: number | null
  is_active: boolean
  change_seq: number | string
}

const COLUMNS = sql.raw(`id, code, barcode, equivalent_codes, search_name, search_text, brand_id, category_id,
  model_id, name_sort, sale_price_base, quantity, name, seo, image, description,
  parent_id, is_active, change_seq`)

/**
 * Rebuild from scratch once this share of the live slots is dead (entries removed or replaced), or was
 * added since the build.
 */
const COMPACT_SHARE = 0.25

/**
 * Rows a build reads per statement. All at once, the rows of 100,000 products held ~95 MB beside
 * the index being built (and, on a rebuild, the one still serving); a batch holds a tenth of that.
 */
const BUILD_BATCH = 10_000

/** A description word in more than this share of the descriptions is not matched (see IndexData). */
const COMMON_DESCRIPTION_SHARE = 0.05
/** …and in more than this many: a small catalogue keeps every description word. */
const COMMON_DESCRIPTION_MIN = 50

/** The scratch marks candidates() stamps on slots that matched a word in their description only. */
const DESCRIPTION_ONLY_MARKS = 6

/** Distinct images kept once however many products show them (a category's placeholder). */
const SHARED_IMAGES_MAX = 1_000

/** Marks one search may use above its base: one per query word, and one more. */
const MAX_MARKS = 16

/** The search page's first this many are found as the autocomplete's are, when nothing filters them. */
const PAGE_SHORTCUT_MAX = 120

/** Forms whose name and description tokens are remembered (as the vocabulary's memo of tokens by form). */
const TOKEN_MEMO_MAX = 5_000

/** A reusable per-slot array's length for n: room to grow by a quarter before it is made again. */
const roomFor = (n: number) => Math.max(Math.ceil(n * 1.25), 1024)

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows

class IndexData {
  /** Slots made so far: each put takes the next one; a removed or replaced product's slot is dead. */
  slotCount = 0
  readonly slotById = new SlotsById()
  readonly vocabulary = new Vocabulary()
  /** Per token, the slots whose document holds it, ascending (filled when the build seals). */
  postings = PostingLists.empty()
  /**
   * Per token, the slots whose normalised name holds it (ranking reads these): the sealed part in
   * (extra words, name order) order from the build on (top-by-name.ts), not ascending, so not for
   * PostingLists.has; the tail in arrival order.
   */
  namePostings = PostingLists.empty()
  /**
   * Per token, the slots whose description holds it and whose document does not, ascending: a word
   * found there only still finds the product, ranked last (tier 5).
   */
  descriptionPostings = PostingLists.empty()
  /**
   * Per slot, its name's tokens, ascending: a query whose matches are few beside the names holding
   * its words reads these to rank them (name-counts.ts). ~29 MB at 1,000,000 products.
   */
  slotNameTokens = PostingLists.empty()
  /** A build's (token, slot) pairs, made into the lists above at once when it seals. */
  private pending: { postings: PairBuffer; names: PairBuffer; descriptions: PairBuffer } | null = {
    postings: new PairBuffer(),
    names: new PairBuffer(),
    descriptions: new PairBuffer(),
  }
  /**
   * Description words in more than COMMON_DESCRIPTION_SHARE of the descriptions when the index was
   * built (boilerplate: 'toptan', 'ürün', a selling point every product repeats): left out of the
   * description postings until the next build, as they would match a large part of the catalogue.
   */
  private readonly commonDescriptionWords = new Set<number>()
  /** Set by the last candidates(): slots with marks[slot] === base matched some word in the description only. */
  descriptionOnly: { marks: Int32Array; base: number } = { marks: new Int32Array(0), base: 1 }
  /**
   * Set by the last candidates(): its matches as a bitmap (the name counts and the search page's
   * shortcut skip other slots by it).
   */
  matchedBits: Int32Array | null = null
  /** Position of each slot in (nameSort, id) order; recomputed when names or entries change. */
  ordinal = new Int32Array(0)
  ordinalSlots = new Int32Array(0)
  ordinalsDirty = true
  /** The build's ordinals, kept: the sealed name lists are in their order (top-by-name.ts). */
  buildOrdinal = new Int32Array(0)
  /** The list pages' full orders per sort for this (name, id) order (list-order.ts). */
  keptOrders = new Map<string, KeptOrder>()
  /** The list pages' slots per category (list-order.ts). */
  categorySlots: Map<number, Int32Array> | null = null
  /** Changes of slots so far, and the filtered lists made since the last one (list-order.ts). */
  changes = 0
  listCache = new Map<string, ListedSlots>()
  dead = 0
  live = 0
  /** Slots made by the build (the rest were added since, into the lists' tails). */
  builtSlots = 0
  seenSeq = 0
  /**
   * Per-slot arrays every search reuses instead of allocating (a search is synchronous once the index
   * is current): marks compared with a base that grows by MAX_MARKS per use, so nothing is cleared.
   */
  private readonly marks: Int32Array[] = []
  private readonly bases: number[] = []
  private bitmaps = { have: new Int32Array(0), into: new Int32Array(0) }
  private readonly slotBuffers: Int32Array[] = []
  private keys = new Float64Array(0)
  counts: Uint8Array[] = []
  /**
   * What a search reads of every matching slot, in typed arrays (-1: none): a search over 20,000
   * matches then touches only typed arrays, and a product costs no object of its own.
   */
  idOf = new Int32Array(0)
  /** One bit per slot, set while it is live (candidates.ts reads it 32 slots at a time). */
  liveBits = new Int32Array(0)
  brandOf = new Int32Array(0)
  categoryOf = new Int32Array(0)
  /** Brand and category again, packed in one number per slot for the facet counts (packed-facets.ts). */
  facetsOf = new Uint32Array(0)
  modelOf = new Int32Array(0)
  quantityOf = new Float64Array(0)
  priceOf = new Float64Array(0)
  extraOf = new Int32Array(0)
  /** The lower-cased code's first two characters, packed: a code prefix is checked on a match only. */
  codeHeadOf = new Int32Array(0)
  /**
   * Two hashes of everything a slot's postings, texts and code maps come from (textKey): a change that
   * leaves them alone (stock, price, brand, category, image: every order) updates the slot in place.
   */
  textHashOf = new Int32Array(0)
  textHash2Of = new Int32Array(0)
  /**
   * Per slot, what only a page's few slots are read for: the code (the code prefix tier), the
   * autocomplete's name, seo and image, and the (name, id) order's sort key. Nothing else of the row
   * is kept: the search name and document live on as tokens, the rest in the typed arrays above.
   */
  readonly codeOf: string[] = []
  readonly imageOf: Array<string | null> = []
  readonly texts = new SlotTexts()
  /** Images shared by many products (a category's placeholder) are kept once. */
  private readonly sharedImages = new Map<string, string>()
  /** Code or equivalent code, and barcode → slots: the exact tier without a scan (exact-keys.ts). */
  readonly codeSlots = new ExactKeys()
  readonly barcodeSlots = new ExactKeys()
  /** The slots by lower-cased code: whether any code starts with a prefix, without a scan. */
  readonly codeOrder = new CodeOrder()
  /** Live products whose name has a word their search document lacks (top-by-name.ts reads it). */
  namesOutsideDocument = 0
  /** 1 for a slot whose name has such a word: its removal takes it off the count above. */
  nameOutsideOf = new Uint8Array(0)
  /**
   * Per form, the tokens containing it that some name holds: a code prefix is contained in as many
   * code tokens as there are codes under it (114,000 for one at 1,000,000 products), none in a name.
   */
  private readonly nameTokenMemo = new Map<string, Int32Array>()
  /** …and those starting with it that some description holds (a description counts word starts only). */
  private readonly descriptionTokenMemo = new Map<string, Int32Array>()
  /** Facet counts by brand and category id, reused by every search. */
  readonly brandCounter = new IdCounter()
  readonly categoryCounter = new IdCounter()

  scratch(k: number): { marks: Int32Array; base: number } {
    const size = this.slotCount
    if (!this.marks[k] || this.marks[k]!.length < size || (this.bases[k] ?? 0) > 2_000_000_000) {
      this.marks[k] = new Int32Array(roomFor(size))
      this.bases[k] = 0
    }
    if (!this.counts[0] || this.counts[0].length < size) {
      this.counts = [0, 1, 2].map(() => new Uint8Array(roomFor(size)))
    }
    const base = (this.bases[k] ?? 0) + MAX_MARKS
    this.bases[k] = base
    return { marks: this.marks[k]!, base }
  }

  /**
   * A reusable array of up to every slot (k: 0 the candidates, 1 the filtered ones): a search's slot
   * lists live here rather than in fresh arrays. A fresh array of 170,000 numbers cost ~20 ms of page
   * faults on the bench machine (1,500 of them, the memory being new to the process every time).
   */
  slotBuffer(k: number): Int32Array {
    const buffer = this.slotBuffers[k]
    if (buffer && buffer.length >= this.slotCount) return buffer
    const grown = new Int32Array(roomFor(this.slotCount))
    this.slotBuffers[k] = grown
    return grown
  }

  /** A reusable array of a number per slot (the rank keys). */
  keyBuffer(): Float64Array {
    if (this.keys.length < this.slotCount) this.keys = new Float64Array(roomFor(this.slotCount))
    return this.keys
  }

  /** Two cleared bitmaps of every slot for candidates(), and how many of their ints are in use. */
  matchBitmaps(): { have: Int32Array; into: Int32Array; words: number } {
    const words = (this.slotCount >>> 5) + 1
    if (this.bitmaps.have.length < words) {
      this.bitmaps = { have: new Int32Array(roomFor(words)), into: new Int32Array(roomFor(words)) }
    } else {
      this.bitmaps.have.fill(0, 0, words)
      this.bitmaps.into.fill(0, 0, words)
    }
    return { ...this.bitmaps, words }
  }

  /** The tokens starting with the form that are in some description list. */
  descriptionTokensStarting(form: string): Int32Array {
    const { descriptionPostings, vocabulary } = this
    return remembered(
      this.descriptionTokenMemo,
      vocabulary,
      form,
      (token) => !descriptionPostings.isEmpty(token) && vocabulary.startsWith(token, form),
    )
  }

  /** The tokens containing the form that are in some name list. */
  nameTokensWith(form: string): Int32Array {
    const { namePostings } = this
    return remembered(this.nameTokenMemo, this.vocabulary, form, (token) => !namePostings.isEmpty(token))
  }

  get addedSinceBuild(): number {
    return this.slotCount - this.builtSlots
  }

  isLive(slot: number): boolean {
    return this.idOf[slot] !== DEAD
  }

  /** What the autocomplete shows of a live slot. */
  entry(slot: number): IndexEntry {
    const { idOf, codeOf, imageOf, texts } = this
    return {
      id: idOf[slot]!,
      code: codeOf[slot]!,
      name: texts.name(slot),
      seo: texts.seo(slot),
      image: imageOf[slot]!,
    }
  }

  put(row: Row) {
    this.changes++
    const id = Number(row.id)
    const key = textKey(row)
    const hash = hashText(key, FNV)
    const hash2 = hashText(key, SECOND)
    const existing = this.slotById.get(id)
    // A refresh reads every changed row, listed or not: one that is no longer listed leaves the index.
    const listed = isListed({ parentId: row.parent_id, isActive: row.is_active })
    if (
      listed &&
      existing !== undefined &&
      this.textHashOf[existing] === hash &&
      this.textHash2Of[existing] === hash2
    ) {
      this.update(existing, row)
      return
    }
    this.remove(id)
    if (!listed) return
    const slot = this.slotCount++
    if (slot >= this.idOf.length) this.grow(Math.max(1024, this.idOf.length * 2))
    const { lowerCode, extra } = rankDerived({ code: row.code, searchName: row.search_name })
    this.idOf[slot] = id
    this.liveBits[slot >>> 5]! |= 1 << (slot & 31)
    this.brandOf[slot] = row.brand_id === null ? -1 : Number(row.brand_id)
    this.categoryOf[slot] = row.category_id === null ? -1 : Number(row.category_id)
    this.facetsOf[slot] = packFacets(this.brandOf[slot]!, this.categoryOf[slot]!)
    this.modelOf[slot] = row.model_id === null ? -1 : Number(row.model_id)
    this.quantityOf[slot] = Number(row.quantity)
    this.priceOf[slot] = Number(row.sale_price_base)
    this.extraOf[slot] = extra
    this.codeHeadOf[slot] = codeHead(lowerCode)
    this.textHashOf[slot] = hash
    this.textHash2Of[slot] = hash2
    this.codeOf.push(row.code)
    this.imageOf.push(row.image === null ? null : this.sharedImage(row.image))
    this.texts.add(slot, row.name, row.seo, row.name_sort)
    this.slotById.set(id, slot)
    this.live++
    this.ordinalsDirty = true
    const document = new Set(row.search_text.split(' '))
    for (const token of document) {
      if (token) this.addPosting(this.postings, this.pending?.postings, this.vocabulary.id(token), slot)
    }
    for (const token of new Set(descriptionText(row.description).split(' '))) {
      if (!token || document.has(token)) continue
      const tokenId = this.vocabulary.id(token)
      if (this.commonDescriptionWords.has(tokenId)) continue
      this.addPosting(this.descriptionPostings, this.pending?.descriptions, tokenId, slot)
    }
    const nameTokens: number[] = []
    for (const token of new Set(row.search_name.split(' '))) {
      if (!token) continue
      if (!document.has(token)) this.nameOutsideOf[slot] = 1
      nameTokens.push(this.vocabulary.id(token))
    }
    this.namesOutsideDocument += this.nameOutsideOf[slot]!
    // Ascending, as the slot's own list (slotNameTokens) is kept.
    nameTokens.sort((a, b) => a - b)
    for (const tokenId of nameTokens) {
      this.addPosting(this.namePostings, this.pending?.names, tokenId, slot)
      if (!this.pending) this.slotNameTokens.add(slot, tokenId)
    }
    if (!this.pending) {
      // Added after the build: the memos may miss this slot's tokens; the code index gets it aside.
      this.nameTokenMemo.clear()
      this.descriptionTokenMemo.clear()
      this.codeOrder.add(slot)
    }
    this.codeSlots.add(row.code, slot)
    if (row.barcode) this.barcodeSlots.add(row.barcode, slot)
    for (const code of row.equivalent_codes ?? []) this.codeSlots.add(code, slot)
  }

  /**
   * A listed product whose texts did not change keeps its slot: the values a page filters and sorts
   * on are set, and the kept full orders of the sorts they move are patched (list-order.ts), so the
   * (name, id) order is not computed again and no slot is left dead.
   */
  private update(slot: number, row: Row) {
    const brand = row.brand_id === null ? -1 : Number(row.brand_id)
    const quantity = Number(row.quantity)
    const price = Number(row.sale_price_base)
    const changed = {
      brand: this.brandOf[slot] !== brand,
      quantity: this.quantityOf[slot] !== quantity,
      price: this.priceOf[slot] !== price,
    }
    this.brandOf[slot] = brand
    this.quantityOf[slot] = quantity
    this.priceOf[slot] = price
    const category = row.category_id === null ? -1 : Number(row.category_id)
    if (this.categoryOf[slot] !== category) this.categorySlots = null
    this.categoryOf[slot] = category
    this.facetsOf[slot] = packFacets(brand, category)
    this.modelOf[slot] = row.model_id === null ? -1 : Number(row.model_id)
    this.imageOf[slot] = row.image === null ? null : this.sharedImage(row.image)
    if (changed.brand || changed.quantity || changed.price) repositionInOrders(this, slot, changed)
  }

  private addPosting(lists: PostingLists, pending: PairBuffer | undefined, token: number, slot: number) {
    if (pending) pending.push(token, slot)
    else lists.add(token, slot)
  }

  /** Ends a build: its postings and the tokens' trigrams go into typed arrays at once. */
  seal() {
    const pending = this.pending
    if (!pending) return
    this.pending = null
    this.builtSlots = this.slotCount
    const tokenCount = this.vocabulary.size
    this.postings = PostingLists.seal(tokenCount, (add) => pending.postings.forEach(add))
    this.namePostings = PostingLists.seal(tokenCount, (add) => pending.names.forEach(add))
    this.slotNameTokens = PostingLists.seal(this.slotCount, (add) =>
      pending.names.forEach((token, slot) => {
        add(slot, token)
      }),
    )
    const uses = new Int32Array(tokenCount)
    pending.descriptions.forEach((token) => {
      uses[token]!++
    })
    const common = Math.max(COMMON_DESCRIPTION_MIN, this.live * COMMON_DESCRIPTION_SHARE)
    for (let token = 0; token < tokenCount; token++) {
      if (uses[token]! > common) this.commonDescriptionWords.add(token)
    }
    this.descriptionPostings = PostingLists.seal(tokenCount, (add) =>
      pending.descriptions.forEach((token, slot) => {
        if (!this.commonDescriptionWords.has(token)) add(token, slot)
      }),
    )
    this.vocabulary.seal()
    this.codeOrder.seal(this.codeOf)
    this.codeSlots.seal()
    this.barcodeSlots.seal()
    this.texts.trim()
  }

  private sharedImage(image: string): string {
    const shared = this.sharedImages.get(image)
    if (shared !== undefined) return shared
    if (this.sharedImages.size < SHARED_IMAGES_MAX) this.sharedImages.set(image, image)
    return image
  }

  private grow(size: number) {
    const grown = <A extends Int32Array | Uint32Array | Float64Array | Uint8Array>(
      a: A,
      make: (n: number) => A,
    ) => {
      const b = make(size)
      b.set(a)
      return b
    }
    this.idOf = grown(this.idOf, (n) => new Int32Array(n))
    const liveBits = new Int32Array((size >>> 5) + 1)
    liveBits.set(this.liveBits)
    this.liveBits = liveBits
    this.brandOf = grown(this.brandOf, (n) => new Int32Array(n))
    this.categoryOf = grown(this.categoryOf, (n) => new Int32Array(n))
    this.facetsOf = grown(this.facetsOf, (n) => new Uint32Array(n))
    this.modelOf = grown(this.modelOf, (n) => new Int32Array(n))
    this.quantityOf = grown(this.quantityOf, (n) => new Float64Array(n))
    this.priceOf = grown(this.priceOf, (n) => new Float64Array(n))
    this.extraOf = grown(this.extraOf, (n) => new Int32Array(n))
    this.codeHeadOf = grown(this.codeHeadOf, (n) => new Int32Array(n))
    this.textHashOf = grown(this.textHashOf, (n) => new Int32Array(n))
    this.textHash2Of = grown(this.textHash2Of, (n) => new Int32Array(n))
    this.nameOutsideOf = grown(this.nameOutsideOf, (n) => new Uint8Array(n))
  }

  /** Live slots whose code, barcode or an equivalent code is exactly what was typed (rank tier 0). */
  exactMatches(q: RankQuery): number[] {
    const out: number[] = []
    const add = (found: number[]) => {
      for (const slot of found) if (this.isLive(slot) && !out.includes(slot)) out.push(slot)
    }
    add(this.codeSlots.find(q.upper))
    add(this.barcodeSlots.find(q.raw))
    return out
  }

  remove(id: number) {
    const slot = this.slotById.get(id)
    if (slot === undefined) return
    this.changes++
    this.idOf[slot] = DEAD
    this.liveBits[slot >>> 5]! &= ~(1 << (slot & 31))
    this.namesOutsideDocument -= this.nameOutsideOf[slot]!
    dropFromOrders(this, slot)
    this.slotById.delete(id)
    this.dead++
    this.live--
  }

  ensureOrdinals() {
    if (!this.ordinalsDirty) return
    const { idOf, texts } = this
    const slots: number[] = []
    for (let slot = 0; slot < this.slotCount; slot++) if (idOf[slot] !== DEAD) slots.push(slot)
    slots.sort((a, b) => texts.compareSortKeys(a, b) || idOf[a]! - idOf[b]!)
    const ordinal = new Int32Array(this.slotCount)
    slots.forEach((slot, i) => {
      ordinal[slot] = i
    })
    this.ordinal = ordinal
    this.ordinalSlots = Int32Array.from(slots)
    this.keptOrders = new Map()
    this.listCache.clear()
    this.categorySlots = null
    this.ordinalsDirty = false
  }
}

/**
 * Everything of a row that its postings, texts, code maps and (name, id) place come from, in one
 * string (the unit separator cannot occur in them).
 */
function textKey(row: Row): string {
  return [
    row.code,
    row.barcode ?? '',
    (row.equivalent_codes ?? []).join('\u001f'),
    row.search_name,
    row.search_text,
    row.name_sort,
    row.name,
    row.seo,
    row.description ?? '',
  ].join('\u001e')
}

/** The first two characters packed in one number; -1 for an empty code (a prefix of it is "" only). */
function codeHead(lowerCode: string): number {
  if (lowerCode.length === 0) return -1
  return (lowerCode.charCodeAt(0) << 16) | (lowerCode.length > 1 ? lowerCode.charCodeAt(1) : 0)
}

/** The form's tokens that `keep` keeps, from the memo or found and remembered there (bounded). */
function remembered(
  memo: Map<string, Int32Array>,
  vocabulary: Vocabulary,
  form: string,
  keep: (token: number) => boolean,
): Int32Array {
  const known = memo.get(form)
  if (known) return known
  const found = Int32Array.from(vocabulary.tokensWith(form).filter(keep))
  if (memo.size >= TOKEN_MEMO_MAX) memo.clear()
  memo.set(form, found)
  return found
}

/** The index as one search reads it: brought up to date once, before the search. */
export type SearchIndexView = IndexData

export class SearchIndex {
  /** @param buildBatch rows a build reads per statement (tests make it small to cross batches). */
  constructor(private readonly buildBatch = BUILD_BATCH) {}

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

  /** Its size, for the metrics: products held and dead slots; null before the first build. Reads nothing. */
  stats(): { products: number; deadSlots: number } | null {
    return this.data ? { products: this.data.live, deadSlots: this.data.dead } : null
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
      // The build reads every product named so far; while an index still answers, the named ones stay
      // named so the next checks re-read them into it (a build in the background may take a minute).
      if (!this.data) this.pending.clear()
      this.building = build(db, this.buildBatch)
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
    const ids = [...this.pending]
    // Named products stay named while a build runs: it may have read them before their change.
    if (!this.building) this.pending.clear()
    await refresh(db, data, ids)
    // Too many dead slots (renamed, re-described or delisted products), or slots added since the build
    // (read aside from the build's sorted lists, one by one): rebuild meanwhile, still serving this one
    // (unless a build finished during the refresh and replaced it).
    const compact = Math.max(data.dead, data.addedSinceBuild) > data.live * COMPACT_SHARE
    if (compact && !this.building && this.data === data) void this.rebuild(db).catch(() => undefined)
    return data
  }

  /** Entries matching every word (each by one of its forms), as slots (candidates.ts). */
  private static candidates(data: IndexData, words: ReadonlyArray<readonly string[]>): Int32Array {
    return findCandidates(data, words, data.scratch(DESCRIPTION_ONLY_MARKS))
  }

  /**
   * A page of the catalogue: a search when there is a query (searchPage), else the whole list, a
   * category or a brand page in the dealer's sort (list-order.ts; facet counts only when `facets`,
   * a search always has them).
   */
  static page(
    data: SearchIndexView,
    q: RankQuery | null,
    filter: IndexFilter,
    sort: IndexSort,
    page: { offset: number; limit: number },
    facets: boolean,
  ): IndexPage {
    return q
      ? SearchIndex.searchPage(data, q, filter, sort, page)
      : listPage(data, filter, sort, page, facets)
  }

  /** The search page: total, brand and category counts, and the page's ids in order. */
  static searchPage(
    data: SearchIndexView,
    q: RankQuery,
    filter: IndexFilter,
    sort: IndexSort,
    page: { offset: number; limit: number },
  ): IndexPage {
    const { matched, brands, categories } = filterSlots(data, SearchIndex.candidates(data, q.words), filter)
    const wanted = page.offset + page.limit
    const shortcut = rankedAsTheAutocomplete(filter, sort, wanted)
      ? (topByName(data, q, wanted, data.matchedBits) ?? topByCode(data, q, wanted))
      : null
    const ordered = shortcut ?? orderSlots(data, matched, q, sort, wanted)
    return {
      total: matched.length,
      ids: ordered.slice(page.offset, page.offset + page.limit).map((slot) => data.idOf[slot]!),
      brands,
      categories,
    }
  }

  /** The best `limit` listed products for the autocomplete, ranked as the search page ranks. */
  static suggestions(data: SearchIndexView, q: RankQuery, limit: number): IndexEntry[] {
    const top = topByName(data, q, limit) ?? topByCode(data, q, limit)
    if (top) return top.map((slot) => data.entry(slot))
    return SearchIndex.suggestionsByFullPass(data, q, limit)
  }

  /** The same answer by ranking every match (what suggestions does when top-by-name.ts cannot). */
  static suggestionsByFullPass(data: SearchIndexView, q: RankQuery, limit: number): IndexEntry[] {
    const matched = SearchIndex.candidates(data, q.words)
    return orderSlots(data, matched, q, { key: 'relevance', descending: false, brandOrder: [] }, limit).map(
      (slot) => data.entry(slot),
    )
  }

  /**
   * The word's forms plus its typo corrections, chosen from the words (3+ letters) of the listed
   * products' documents: none when some such word starts with one of its forms (domain typoCorrections).
   */
  static wordForms(data: SearchIndexView, word: AnalysedWord): string[] {
    if (!word.typoTolerant) return word.forms
    const { vocabulary } = data
    const known = word.forms.some((f) =>
      vocabulary.tokensWith(f).some((t) => vocabulary.startsWith(t, f) && vocabulary.isWord(t)),
    )
    if (known) return word.forms
    return [...word.forms, ...typoCorrections(word, data.vocabulary.dictionary())]
  }
}

/**
 * Whether the search page's first `wanted` are the autocomplete's best `wanted` (top-by-name.ts
 * finds them without ranking every match): ranked by relevance over every match, no filter, and
 * few enough for its short sorted lists. The total and the facet counts still need every match.
 */
function rankedAsTheAutocomplete(filter: IndexFilter, sort: IndexSort, wanted: number): boolean {
  return (
    sort.key === 'relevance' &&
    !sort.descending &&
    wanted <= PAGE_SHORTCUT_MAX &&
    filter.categoryIds === null &&
    filter.brandId === null &&
    filter.modelId === null &&
    !filter.inStockOnly
  )
}

/** The first `wanted` slots in the page's order (all of them when fewer match). */
function orderSlots(
  data: IndexData,
  slots: Int32Array,
  q: RankQuery,
  sort: IndexSort,
  wanted: number,
): number[] {
  data.ensureOrdinals()
  const { ordinalSlots } = data
  if (sort.key === 'relevance') {
    // One number per slot: the rank's score, then its place in (name, id) order.
    const keys = smallestNumbers(rankKeys(data, slots, q), wanted)
    const span = ordinalSlots.length + 1
    return Array.from(keys, (key) => ordinalSlots[key % span]!)
  }
  const compare = compareSlots(data, sort)
  return smallestBy(slots, wanted, compare)
}

/**
 * domain/search-rank rankKey for many slots at once, from the name postings instead of string
 * searches: a form is in an entry's name when a token of the name contains it, at a word start when
 * that token starts with it. The keys are packRank × span + the entry's (name, id) ordinal. Only
 * typed arrays are read per slot; a code is compared only where its first two characters match.
 */
function rankKeys(data: IndexData, slots: Int32Array, q: RankQuery): Float64Array {
  const { marks: seen, base } = countNameWords(data, slots, q, data.matchedBits)
  const [inName, starts, typed] = data.counts as [Uint8Array, Uint8Array, Uint8Array]
  const { codeHeadOf, extraOf, ordinal, codeOf } = data
  const prefix = q.prefix
  // Tiers 0 and 1 stamped: exact at the base, a code prefix at base + 1. Up to two letters the code's
  // head decides alone; a longer prefix is found in the code order when few codes start with it,
  // rather than reading the code of every match whose first two letters agree.
  const { marks: tierMarks, base: exactMark } = data.scratch(5)
  const prefixMark = exactMark + 1
  const byHead = prefix.length <= 2 || data.codeOrder.countStartingWith(prefix, codeOf) > slots.length
  if (!byHead) {
    for (const slot of data.codeOrder.startingWith(prefix, codeOf, data.idOf)) tierMarks[slot] = prefixMark
  }
  for (const slot of data.exactMatches(q)) tierMarks[slot] = exactMark
  const head = prefix.length === 0 ? 0 : codeHead(prefix)
  const headMask = prefix.length === 0 ? 0 : prefix.length === 1 ? -65536 : -1
  const prefixed = (s: number) =>
    byHead
      ? (codeHeadOf[s]! & headMask) === (head & headMask) && lowerCaseStartsWith(codeOf[s]!, prefix)
      : tierMarks[s] === prefixMark
  const { marks: descriptionOnly, base: descriptionMark } = data.descriptionOnly
  const words = q.words.length
  const span = data.ordinalSlots.length + 1
  const keys = data.keyBuffer().subarray(0, slots.length)
  for (let i = 0; i < slots.length; i++) {
    const s = slots[i]!
    const fresh = seen[s]! >= base
    const found = fresh ? inName[s]! : 0
    const tier =
      tierMarks[s] === exactMark
        ? 0
        : prefixed(s)
          ? 1
          : descriptionOnly[s] === descriptionMark
            ? 5
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

async function build(db: Db, batch: number): Promise<IndexData> {
  const data = new IndexData()
  // The number before the read: a row changed meanwhile is read again by the next refresh.
  data.seenSeq = await maxChangeSeq(db)
  // Slots are given category by category, by name within each (the list index on category_id,
  // name_sort, id), then to the products without a category by id: a search's matches, often most
  // of one category, then sit side by side in every per-slot array, and the facet counts and the
  // ranking read runs of neighbours rather than numbers all over 4 MB arrays (docs/benchmarks.md,
  // "Slots in category order"). In batches: a row changed between two of them is newer than
  // seenSeq, so read again by the next refresh whether this read saw it or not.
  const listed = sql.raw(LISTED_PRODUCT_SQL)
  await putInBatches(
    data,
    batch,
    (after: { category: number; nameSort: string; id: number } | null) =>
      db.execute(sql`select ${COLUMNS} from products where ${listed} and category_id is not null
        ${after ? sql`and (category_id, name_sort, id) > (${after.category}, ${after.nameSort}, ${after.id})` : sql``}
        order by category_id, name_sort, id limit ${batch}`),
    (last) => ({ category: Number(last.category_id), nameSort: last.name_sort, id: Number(last.id) }),
  )
  await putInBatches(
    data,
    batch,
    (afterId: number | null) =>
      db.execute(sql`select ${COLUMNS} from products where ${listed} and category_id is null
        ${afterId === null ? sql`` : sql`and id > ${afterId}`} order by id limit ${batch}`),
    (last) => Number(last.id),
  )
  data.seal()
  data.ensureOrdinals()
  orderNameLists(data.namePostings, data.extraOf, data.ordinal, data.ordinalSlots)
  data.buildOrdinal = data.ordinal.slice()
  prepareOrders(data)
  return data
}

/** Puts the rows of a keyset-paged read, `batch` at a time, each page read after the last row's cursor. */
async function putInBatches<C>(
  data: IndexData,
  batch: number,
  read: (after: C | null) => Promise<unknown>,
  cursorOf: (last: Row) => C,
) {
  let after: C | null = null
  for (;;) {
    const rows = rowsOf(await read(after))
    for (const row of rows) data.put(row)
    if (rows.length < batch) return
    after = cursorOf(rows[rows.length - 1]!)
  }
}

/**
 * Read by every search that brings no change-clock reading of its own (the autocomplete), so prepared
 * (db/prepared.ts).
 */
const maxChangeSeqStatement = preparedPerHandle((db) =>
  db
    .select({ seq: sql<string | number>`coalesce(max(change_seq), 0)` })
    .from(sql`products`)
    .prepare('max_change_seq'),
)

async function maxChangeSeq(db: Db): Promise<number> {
  const [row] = await maxChangeSeqStatement(db).execute()
  return Number(row?.seq ?? 0)
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
