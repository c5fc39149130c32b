/**
 * What a page of the catalogue does with the index's slots once it knows which may match: the filter
 * and the facet counts (shared by the search page and the list pages), the dealer's sorts, and the
 * list pages without a query (the whole list, a category, a brand). Those read every listed
 * product in a full order kept per sort, so any page of any sort costs one pass over typed arrays
 * instead of an OFFSET in SQL.
 */
import type { FacetCount, IdCounter } from './id-counter'
import { brandHalf, categoryHalf, ESCAPED, NONE } from './packed-facets'

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

export type IndexPage = { total: number; ids: number[]; brands: FacetCount[]; categories: FacetCount[] }

/**
 * A sort's full order of the live slots, and (made when a filtered page first asks) each slot's
 * position in it (-1: not in it), kept right through every move.
 */
export type KeptOrder = { key: string; sort: IndexSort; order: Int32Array; positionOf: Int32Array | null }

/**
 * The slots of one filtered list in a kept order (and its facet counts), made by the first page of
 * that list and read by its next pages while nothing in the index changed.
 */
export type ListedSlots = {
  changes: number
  order: Int32Array
  slots: Int32Array
  brands: FacetCount[]
  categories: FacetCount[]
}

/** The parts of the index this file reads (search-index.ts IndexData). */
export type SlotColumns = {
  /** A live slot's product id; a negative number for a dead slot (removed or replaced). */
  idOf: Int32Array
  brandOf: Int32Array
  categoryOf: Int32Array
  /** Each slot's brand and category packed in one number (packed-facets.ts), for the facet counts. */
  facetsOf: Uint32Array
  modelOf: Int32Array
  quantityOf: Float64Array
  priceOf: Float64Array
  /** Position of each live slot in (name, id) order, and the live slots in that order. */
  ordinal: Int32Array
  ordinalSlots: Int32Array
  /** Set when the (name, id) order must be computed again: the kept full orders then go with it. */
  ordinalsDirty: boolean
  /**
   * Full orders of the live slots per sort, kept for the current (name, id) order (the index starts a
   * new map when it computes that order again).
   */
  keptOrders: Map<string, KeptOrder>
  /**
   * The live slots of each category (-1: none) when a category page made them; null until then, and
   * again once the index computes its (name, id) order or a product changes category in place.
   */
  categorySlots: Map<number, Int32Array> | null
  brandCounter: IdCounter
  categoryCounter: IdCounter
  /** Counts every change of a slot (added, changed in place, removed): a listed-slots entry of another count is stale. */
  changes: number
  /** Filtered lists' slots by order and filter (listedSlots), least recently read first. */
  listCache: Map<string, ListedSlots>
  ensureOrdinals(): void
  /** Slots made so far (live and dead). */
  slotCount: number
  /** Reusable per-slot marks: marks[i] === base is marked (search-index.ts IndexData.scratch). */
  scratch(k: number): { marks: Int32Array; base: number }
  /** A reusable array of up to every slot (search-index.ts IndexData.slotBuffer). */
  slotBuffer(k: number): Int32Array
}

/** The slot buffer the filtered matches are written to (the candidates are in buffer 0). */
const FILTERED_BUFFER = 1

/** The scratch marks a filtered list page uses (search-index.ts uses 0–6). */
const LIST_MARKS = 7

/** The brand with no place in the brand order (no brand, or one not listed) sorts last. */
const NO_BRAND_PLACE = 2147483647

/**
 * The slots that pass the filter, in the order given (a search's candidates, all live: candidates.ts
 * leaves dead slots out, so no slot's id is read here), with the brand counts (before the brand
 * filter, so the brand facet still offers the other brands) and the category counts. Products without
 * a brand or category count in the total but are no facet value. With no filter, `matched` is the
 * array given; else it is in the data's reusable buffer, valid until the next search.
 */
export function filterSlots(
  data: SlotColumns,
  liveSlots: Int32Array,
  filter: IndexFilter,
): { matched: Int32Array; brands: FacetCount[]; categories: FacetCount[] } {
  const categoryIds = filter.categoryIds ? idMask(filter.categoryIds) : null
  const brandCounts = data.brandCounter.reset()
  const categoryCounts = data.categoryCounter.reset()
  const { categoryOf, modelOf, quantityOf, brandOf, facetsOf } = data
  if (!categoryIds && filter.modelId === null && !filter.inStockOnly && filter.brandId === null) {
    // Nothing filters (most searches): only the counts, from the packed column, and no second array
    // of the matches.
    for (let i = 0; i < liveSlots.length; i++) {
      const slot = liveSlots[i]!
      const packed = facetsOf[slot]!
      const brand = brandHalf(packed)
      if (brand !== NONE) brandCounts.add(brand === ESCAPED ? brandOf[slot]! : brand - 1)
      const category = categoryHalf(packed)
      if (category !== NONE) categoryCounts.add(category === ESCAPED ? categoryOf[slot]! : category - 1)
    }
    return { matched: liveSlots, brands: brandCounts.counts(), categories: categoryCounts.counts() }
  }
  const buffer = data.slotBuffer(FILTERED_BUFFER)
  let length = 0
  for (let i = 0; i < liveSlots.length; i++) {
    const slot = liveSlots[i]!
    const category = categoryOf[slot]!
    if (categoryIds && (category < 0 || category >= categoryIds.length || categoryIds[category] !== 1))
      continue
    if (filter.modelId !== null && modelOf[slot] !== filter.modelId) continue
    if (filter.inStockOnly && quantityOf[slot]! <= 0) continue
    const brand = brandOf[slot]!
    if (brand >= 0) brandCounts.add(brand)
    if (filter.brandId !== null && brand !== filter.brandId) continue
    if (category >= 0) categoryCounts.add(category)
    buffer[length++] = slot
  }
  return {
    matched: buffer.subarray(0, length),
    brands: brandCounts.counts(),
    categories: categoryCounts.counts(),
  }
}

/**
 * The slots of each of these categories (each slot is in one category, so the lists are disjoint),
 * from lists made once per state of the index: a category page visits its own products, not every
 * slot (~3,000 of 100,000 for a leaf category). Dead slots stay in them until the index drops the
 * lists (a new (name, id) order, or a product moved to another category).
 */
function categoryBuckets(data: SlotColumns, ids: number[]): Int32Array[] {
  if (!data.categorySlots) {
    const { categoryOf, idOf, slotCount } = data
    const sizes = new Map<number, number>()
    for (let slot = 0; slot < slotCount; slot++) {
      if (idOf[slot]! < 0) continue
      const category = categoryOf[slot]!
      sizes.set(category, (sizes.get(category) ?? 0) + 1)
    }
    const buckets = new Map<number, { slots: Int32Array; filled: number }>()
    for (const [category, size] of sizes) buckets.set(category, { slots: new Int32Array(size), filled: 0 })
    for (let slot = 0; slot < slotCount; slot++) {
      if (idOf[slot]! < 0) continue
      const bucket = buckets.get(categoryOf[slot]!)!
      bucket.slots[bucket.filled++] = slot
    }
    data.categorySlots = new Map([...buckets].map(([category, bucket]) => [category, bucket.slots]))
  }
  const slotsOf = data.categorySlots
  return [...new Set(ids)].flatMap((id) => {
    const slots = slotsOf.get(id)
    return slots ? [slots] : []
  })
}

/**
 * Ids as a typed array indexed by id (1: in), read once per slot of a scan instead of a Set. Callers
 * check the length first: a read past the end is legal but takes V8's slow path (3× the whole scan).
 */
function idMask(ids: number[]): Uint8Array {
  let max = 0
  for (const id of ids) if (id > max) max = id
  const mask = new Uint8Array(max + 1)
  for (const id of ids) if (id >= 0) mask[id] = 1
  return mask
}

const isEmpty = (filter: IndexFilter) =>
  filter.categoryIds === null && filter.brandId === null && filter.modelId === null && !filter.inStockOnly

/**
 * The order of a dealer's sort: price, stock or name with the id breaking
 * ties, all reversed for a descending sort; brand by its place in the brand order, then name
 * ascending either way. Relevance has no comparator (search-index.ts ranks).
 */
export function compareSlots(data: SlotColumns, sort: IndexSort): (a: number, b: number) => number {
  const dir = sort.descending ? -1 : 1
  const { idOf, priceOf, quantityOf, brandOf, ordinal } = data
  const byId = (a: number, b: number) => dir * (idOf[a]! - idOf[b]!)
  // The (name, id) order is the slots' ordinal.
  const byName = (a: number, b: number) => ordinal[a]! - ordinal[b]!
  switch (sort.key) {
    case 'price':
      return (a, b) => dir * (priceOf[a]! - priceOf[b]!) || byId(a, b)
    case 'quantity':
      return (a, b) => dir * (quantityOf[a]! - quantityOf[b]!) || byId(a, b)
    case 'brand': {
      const place = new Map(sort.brandOrder.map((id, i) => [id, i + 1]))
      const at = (slot: number) =>
        (brandOf[slot]! < 0 ? undefined : place.get(brandOf[slot]!)) ?? NO_BRAND_PLACE
      return (a, b) => dir * (at(a) - at(b)) || byName(a, b)
    }
    default:
      return (a, b) => dir * byName(a, b)
  }
}

/**
 * Every live slot in a sort's full order, kept until the index's (name, id) order is recomputed (a
 * product added, renamed or re-described), so such a change costs the next page of that sort one
 * sort of the catalogue (~30–60 ms at 100,000; the name order a copy) and every other page none. A
 * change of price, stock or brand alone moves that one slot in the kept orders instead
 * (repositionInOrders); a delisted product leaves them (dropFromOrders), so they hold live slots only.
 */
const NAME_ORDER: IndexSort = { key: 'name', descending: false, brandOrder: [] }
/** Orders kept per state of the index: the sorts a dealer can pick, and a few brand orders. */
const MAX_ORDERS = 16

/**
 * Whether the sort's descending order is its ascending one read from the end: so for name, price and
 * stock, whose ties are broken by something the direction reverses too (the id, or the name order
 * which is unique), not for brand (its ties go by name ascending either way).
 */
const readsBackwards = (sort: IndexSort) => sort.descending && sort.key !== 'brand'

function keptOrder(data: SlotColumns, sort: IndexSort): KeptOrder {
  data.ensureOrdinals()
  const orders = data.keptOrders
  // Both name sorts read the one (name, id) order; a sort read backwards shares its ascending order.
  const byName = sort.key === 'name' || sort.key === 'relevance'
  const ascending: IndexSort = byName
    ? NAME_ORDER
    : readsBackwards(sort)
      ? { ...sort, descending: false }
      : sort
  const key = byName
    ? 'name'
    : `${ascending.key}:${ascending.descending}:${ascending.key === 'brand' ? ascending.brandOrder.join(',') : ''}`
  let kept = orders.get(key)
  if (!kept) {
    const { idOf, ordinalSlots } = data
    const live = ordinalSlots.filter((slot) => idOf[slot]! >= 0)
    const order = byName ? live : live.sort(compareSlots(data, ascending))
    kept = { key, sort: ascending, order, positionOf: null }
    if (orders.size >= MAX_ORDERS) orders.clear()
    orders.set(key, kept)
  }
  return kept
}

/**
 * Makes the full orders of the name, price and stock sorts and their positions (a build calls it),
 * so no dealer's first page of a sort pays a sort of the whole catalogue (~1 s at 1,000,000).
 */
export function prepareOrders(data: SlotColumns) {
  for (const key of ['name', 'price', 'quantity'] as const) {
    positionsOf(data, keptOrder(data, { key, descending: false, brandOrder: [] }))
  }
}

function positionsOf(data: SlotColumns, kept: KeptOrder): Int32Array {
  if (!kept.positionOf) {
    const positionOf = new Int32Array(data.slotCount).fill(-1)
    kept.order.forEach((slot, i) => {
      positionOf[slot] = i
    })
    kept.positionOf = positionOf
  }
  return kept.positionOf
}

/** The kept orders of the index's current state; none while its (name, id) order is to be recomputed. */
function keptOrders(data: SlotColumns) {
  return data.ordinalsDirty ? undefined : data.keptOrders
}

/**
 * After a slot's price, stock or brand was changed in place (the values already set), moves it to its
 * new place in each kept order sorted by what changed: out of its old place, then in where a binary
 * search with the sort's comparator puts it. Two moves of a typed array's tail, ~0.1 ms at 100,000.
 */
export function repositionInOrders(
  data: SlotColumns,
  slot: number,
  changed: { price: boolean; quantity: boolean; brand: boolean },
) {
  const orders = keptOrders(data)
  if (!orders) return
  for (const kept of orders.values()) {
    const { key } = kept.sort
    const moved =
      (key === 'price' && changed.price) ||
      (key === 'quantity' && changed.quantity) ||
      (key === 'brand' && changed.brand)
    if (moved) moveSlot(kept, slot, compareSlots(data, kept.sort))
  }
}

/**
 * Takes a slot that died (its product delisted) out of the kept orders: its id is gone, so a binary
 * search meeting it there would compare ties by a wrong id.
 */
export function dropFromOrders(data: SlotColumns, slot: number) {
  const orders = keptOrders(data)
  if (!orders) return
  for (const kept of orders.values()) {
    const at = positionIn(kept, slot)
    if (at < 0) continue
    kept.order.copyWithin(at, at + 1)
    kept.order = kept.order.subarray(0, kept.order.length - 1)
    if (kept.positionOf) {
      kept.positionOf[slot] = -1
      renumber(kept, at, kept.order.length - 1)
    }
  }
}

const positionIn = (kept: KeptOrder, slot: number) =>
  kept.positionOf ? (kept.positionOf[slot] ?? -1) : kept.order.indexOf(slot)

/** Positions from..to (inclusive) of a kept order written again after its slots moved. */
function renumber(kept: KeptOrder, from: number, to: number) {
  const { order, positionOf } = kept
  if (!positionOf) return
  for (let i = from; i <= to; i++) positionOf[order[i]!] = i
}

function moveSlot(kept: KeptOrder, slot: number, compare: (a: number, b: number) => number) {
  const { order } = kept
  const from = positionIn(kept, slot)
  if (from < 0) return
  const last = order.length - 1
  order.copyWithin(from, from + 1)
  let low = 0
  let high = last
  while (low < high) {
    const middle = (low + high) >>> 1
    if (compare(order[middle]!, slot) < 0) low = middle + 1
    else high = middle
  }
  order.copyWithin(low + 1, low, last)
  order[low] = slot
  renumber(kept, Math.min(from, low), Math.max(from, low))
}

/**
 * A list page without a query: every listed product through the filter, in the sort's full order
 * (relevance, with nothing to rank, is the name order); the facet counts when asked for (a category
 * or brand page shows them, the whole list does not). The whole list unfiltered is the order itself:
 * its page is read off by position. A filtered list's slots in that order are made once and kept
 * while the index does not change (listedSlots), so its next pages, in either direction, are read off
 * by position too.
 */
export function listPage(
  data: SlotColumns,
  filter: IndexFilter,
  sort: IndexSort,
  page: { offset: number; limit: number },
  facets: boolean,
): IndexPage {
  const kept = keptOrder(data, sort)
  const { order } = kept
  const n = order.length
  const reverse = readsBackwards(sort)
  const { idOf } = data
  const first = page.offset
  const end = page.offset + page.limit
  if (!facets && isEmpty(filter)) {
    const ids: number[] = []
    for (let i = first; i < Math.min(n, end); i++) ids.push(idOf[order[reverse ? n - 1 - i : i]!]!)
    return { total: n, ids, brands: [], categories: [] }
  }
  const listed = listedSlots(data, kept, filter)
  const { slots } = listed
  const total = slots.length
  const ids: number[] = []
  for (let i = first; i < Math.min(total, end); i++) ids.push(idOf[slots[reverse ? total - 1 - i : i]!]!)
  return {
    total,
    ids,
    brands: facets ? listed.brands : [],
    categories: facets ? listed.categories : [],
  }
}

/** Slots the list cache holds in all (4 bytes each): a few whole-catalogue lists, or hundreds of categories. */
const LIST_CACHE_SLOTS = 4_000_000

/** A match share above which walking the whole order beats sorting the matches' positions. */
const WALK_SHARE = 1 / 16

const filterKey = (filter: IndexFilter) =>
  `${filter.categoryIds ? [...filter.categoryIds].sort((a, b) => a - b).join(',') : '*'}|${filter.brandId ?? '*'}|${filter.modelId ?? '*'}|${filter.inStockOnly ? 1 : 0}`

/**
 * The slots that pass the filter, in the kept order (ascending), with the facet counts: from the cache
 * while no slot changed since they were made, else made now. Making them takes one pass over the
 * candidates (a category's own slots, or every slot), then either the matches' positions sorted (few
 * matches) or one walk of the order (many).
 */
function listedSlots(data: SlotColumns, kept: KeptOrder, filter: IndexFilter): ListedSlots {
  const cache = data.listCache
  const key = `${kept.key}|${filterKey(filter)}`
  const cached = cache.get(key)
  if (cached && cached.changes === data.changes && cached.order === kept.order) {
    cache.delete(key)
    cache.set(key, cached)
    return cached
  }
  const { order } = kept
  const n = order.length
  const positionOf = positionsOf(data, kept)
  const { idOf, categoryOf, modelOf, quantityOf, brandOf, slotCount } = data
  const { modelId, brandId, inStockOnly } = filter
  const brandCounts = data.brandCounter.reset()
  const categoryCounts = data.categoryCounter.reset()
  const buckets = filter.categoryIds ? categoryBuckets(data, filter.categoryIds) : null
  let bound = slotCount
  if (buckets) bound = buckets.reduce((sum, bucket) => sum + bucket.length, 0)
  const positions = new Int32Array(bound)
  let matched = 0
  // Every slot passed here is in the category filter (if any); the rest of the filter is checked.
  const consider = (slot: number) => {
    if (idOf[slot]! < 0) return
    if (modelId !== null && modelOf[slot] !== modelId) return
    if (inStockOnly && quantityOf[slot]! <= 0) return
    const brand = brandOf[slot]!
    if (brand >= 0) brandCounts.add(brand)
    if (brandId !== null && brand !== brandId) return
    const category = categoryOf[slot]!
    if (category >= 0) categoryCounts.add(category)
    positions[matched++] = positionOf[slot]!
  }
  if (buckets) {
    for (const bucket of buckets) for (const slot of bucket) consider(slot)
  } else {
    for (let slot = 0; slot < slotCount; slot++) consider(slot)
  }
  const slots = new Int32Array(matched)
  if (matched > n * WALK_SHARE) {
    const { marks, base } = data.scratch(LIST_MARKS)
    for (let i = 0; i < matched; i++) marks[positions[i]!] = base
    let next = 0
    for (let i = 0; i < n; i++) if (marks[i] === base) slots[next++] = order[i]!
  } else {
    const sorted = positions.subarray(0, matched).sort()
    for (let i = 0; i < matched; i++) slots[i] = order[sorted[i]!]!
  }
  const listed: ListedSlots = {
    changes: data.changes,
    order,
    slots,
    brands: brandCounts.counts(),
    categories: categoryCounts.counts(),
  }
  // A stale entry of this key goes now, so it is neither counted nor keeps its old place in line.
  cache.delete(key)
  let held = slots.length
  for (const entry of cache.values()) held += entry.slots.length
  for (const [oldKey, entry] of cache) {
    if (held <= LIST_CACHE_SLOTS) break
    cache.delete(oldKey)
    held -= entry.slots.length
  }
  if (slots.length <= LIST_CACHE_SLOTS) cache.set(key, listed)
  return listed
}
