import { describe, expect, it } from 'vitest'
import { createRng } from '../../db/seed/random'
import { IdCounter } from './id-counter'
import {
  compareSlots,
  dropFromOrders,
  filterSlots,
  type IndexFilter,
  type IndexSort,
  listPage,
  repositionInOrders,
  type SlotColumns,
} from './list-order'
import { packFacets } from './packed-facets'

const NO_FILTER = { categoryIds: null, brandId: null, modelId: null, inStockOnly: false }
const SORTS: IndexSort[] = (['name', 'price', 'quantity', 'brand'] as const).flatMap((key) =>
  [false, true].map((descending) => ({ key, descending, brandOrder: [3, 1, 2] })),
)

/**
 * A catalogue of `n` slots with few distinct prices, stocks and brands (long runs of ties, broken by
 * id or name) and a random (name, id) order.
 */
function columns(n: number, random: () => number): SlotColumns {
  const pick = (k: number) => Math.floor(random() * k)
  const ordinalSlots = Int32Array.from({ length: n }, (_, i) => i)
  for (let i = n - 1; i > 0; i--) {
    const j = pick(i + 1)
    ;[ordinalSlots[i], ordinalSlots[j]] = [ordinalSlots[j]!, ordinalSlots[i]!]
  }
  const ordinal = new Int32Array(n)
  ordinalSlots.forEach((slot, i) => {
    ordinal[slot] = i
  })
  const marks: Int32Array[] = []
  const buffers: Int32Array[] = []
  let base = 0
  const brandOf = Int32Array.from({ length: n }, () => pick(5) - 1)
  const categoryOf = Int32Array.from({ length: n }, () => pick(5) - 1)
  return {
    idOf: Int32Array.from({ length: n }, (_, slot) => 1000 + slot * 3),
    brandOf,
    categoryOf,
    facetsOf: Uint32Array.from({ length: n }, (_, slot) => packFacets(brandOf[slot]!, categoryOf[slot]!)),
    modelOf: new Int32Array(n).fill(-1),
    quantityOf: Float64Array.from({ length: n }, () => pick(4)),
    priceOf: Float64Array.from({ length: n }, () => pick(6) * 2.5),
    ordinal,
    ordinalSlots,
    ordinalsDirty: false,
    keptOrders: new Map(),
    categorySlots: null,
    brandCounter: new IdCounter(),
    categoryCounter: new IdCounter(),
    changes: 0,
    listCache: new Map(),
    ensureOrdinals() {},
    slotCount: n,
    scratch(k) {
      marks[k] ??= new Int32Array(n)
      base++
      return { marks: marks[k]!, base }
    },
    slotBuffer(k) {
      buffers[k] ??= new Int32Array(n)
      return buffers[k]!
    },
  }
}

/** The sort's order of the live slots that pass the filter, sorted from scratch, as ids. */
function sortedAfresh(data: SlotColumns, sort: IndexSort, filter: IndexFilter = NO_FILTER): number[] {
  const passes = (slot: number) =>
    data.idOf[slot]! >= 0 &&
    (filter.categoryIds === null || filter.categoryIds.includes(data.categoryOf[slot]!)) &&
    (filter.brandId === null || data.brandOf[slot] === filter.brandId) &&
    (!filter.inStockOnly || data.quantityOf[slot]! > 0)
  const live = [...data.ordinalSlots].filter(passes)
  return live.sort(compareSlots(data, sort)).map((slot) => data.idOf[slot]!)
}

const page = (data: SlotColumns, sort: IndexSort) =>
  listPage(data, NO_FILTER, sort, { offset: 0, limit: data.ordinalSlots.length }, false)

describe('the kept full orders of the list pages', () => {
  it.each([1, 2, 3, 4, 5])(
    'stay the order a fresh sort gives through changes of price, stock and brand and delistings (seed %i)',
    (seed) => {
      const random = createRng(seed).next
      const pick = (k: number) => Math.floor(random() * k)
      const data = columns(600, random)
      for (const sort of SORTS) expect(page(data, sort).ids).toEqual(sortedAfresh(data, sort))
      for (let step = 0; step < 300; step++) {
        const slot = pick(600)
        if (data.idOf[slot]! < 0) continue
        // As the index counts every change of a slot (a cached filtered list is then made again).
        data.changes++
        if (step % 10 === 9) {
          data.idOf[slot] = -1
          dropFromOrders(data, slot)
        } else {
          const changed = { price: random() < 0.5, quantity: random() < 0.5, brand: random() < 0.3 }
          if (changed.price) data.priceOf[slot] = pick(6) * 2.5
          if (changed.quantity) data.quantityOf[slot] = pick(4)
          if (changed.brand) data.brandOf[slot] = pick(5) - 1
          if (random() < 0.1) {
            // A move to another category: the index drops its lists of slots per category.
            data.categoryOf[slot] = pick(5) - 1
            data.categorySlots = null
          }
          repositionInOrders(data, slot, changed)
        }
        const sort = SORTS[pick(SORTS.length)]!
        expect(page(data, sort).ids, `step ${step}, ${sort.key} ${sort.descending}`).toEqual(
          sortedAfresh(data, sort),
        )
        // A page of a filtered list, or of the whole one, somewhere in the order.
        const filter: IndexFilter = {
          categoryIds: random() < 0.4 ? [pick(4), pick(4)] : null,
          brandId: random() < 0.3 ? pick(4) : null,
          modelId: null,
          inStockOnly: random() < 0.3,
        }
        const all = sortedAfresh(data, sort, filter)
        const offset = pick(all.length + 10)
        const found = listPage(data, filter, sort, { offset, limit: 24 }, false)
        expect(found.total, `step ${step}, total`).toBe(all.length)
        expect(found.ids, `step ${step}, page at ${offset}`).toEqual(all.slice(offset, offset + 24))
      }
      for (const sort of SORTS) expect(page(data, sort).ids).toEqual(sortedAfresh(data, sort))
    },
  )
})

describe('the filtered lists kept between pages', () => {
  const sort: IndexSort = { key: 'price', descending: true, brandOrder: [] }
  const inStock: IndexFilter = { ...NO_FILTER, categoryIds: [1, 2], inStockOnly: true }

  it('are made by the first page and read by the next ones, both directions sharing one', () => {
    const data = columns(2000, createRng(7).next)
    const first = listPage(data, inStock, sort, { offset: 0, limit: 24 }, true)
    expect(data.listCache.size).toBe(1)
    const [made] = data.listCache.values()
    const second = listPage(data, inStock, sort, { offset: 24, limit: 24 }, true)
    const ascending = listPage(data, inStock, { ...sort, descending: false }, { offset: 0, limit: 24 }, true)
    expect([...data.listCache.values()]).toEqual([made])
    const all = sortedAfresh(data, sort, inStock)
    expect([...first.ids, ...second.ids]).toEqual(all.slice(0, 48))
    expect(ascending.ids).toEqual([...all].reverse().slice(0, 24))
    expect(second.brands).toEqual(first.brands)
  })

  it('are made again once a slot changed', () => {
    const data = columns(2000, createRng(8).next)
    const before = listPage(data, inStock, sort, { offset: 0, limit: 24 }, false)
    const top = data.ordinalSlots.find((slot) => data.idOf[slot] === before.ids[0])!
    data.quantityOf[top] = 0
    data.changes++
    repositionInOrders(data, top, { price: false, quantity: true, brand: false })
    const after = listPage(data, inStock, sort, { offset: 0, limit: 24 }, false)
    expect(after.total).toBe(before.total - 1)
    expect(after.ids).toEqual(sortedAfresh(data, sort, inStock).slice(0, 24))
  })
})

describe('a search’s matches filtered and counted', () => {
  it('give the slots that pass and the brand and category counts a plain count gives, with and without a filter', () => {
    const random = createRng(11).next
    const data = columns(3000, random)
    for (let slot = 0; slot < 3000; slot += 37) data.idOf[slot] = -1
    // Ids too large for the packed column are read from the full ones.
    for (let slot = 5; slot < 3000; slot += 41) {
      if (slot % 2 === 0) data.brandOf[slot] = 70_000 + (slot % 3)
      else data.categoryOf[slot] = 65_534 + (slot % 3)
      data.facetsOf[slot] = packFacets(data.brandOf[slot]!, data.categoryOf[slot]!)
    }
    const count = (slots: number[], of: Int32Array) => {
      const counts = new Map<number, number>()
      for (const slot of slots) if (of[slot]! >= 0) counts.set(of[slot]!, (counts.get(of[slot]!) ?? 0) + 1)
      return [...counts].map(([id, n]) => ({ id, count: n })).sort((a, b) => a.id - b.id)
    }
    const byId = (counts: { id: number; count: number }[]) => [...counts].sort((a, b) => a.id - b.id)
    for (const filter of [
      NO_FILTER,
      { ...NO_FILTER, brandId: 2 },
      { ...NO_FILTER, categoryIds: [0, 3], inStockOnly: true },
    ]) {
      // Candidates in no particular order, live only (candidates.ts leaves dead slots out).
      const slots = Array.from({ length: 3000 }, (_, slot) => slot)
        .filter((slot) => data.idOf[slot]! >= 0 && random() < 0.6)
        .sort(() => random() - 0.5)
      const found = filterSlots(data, Int32Array.from(slots), filter)
      const counted = slots.filter(
        (slot) =>
          (filter.categoryIds === null || filter.categoryIds.includes(data.categoryOf[slot]!)) &&
          (!filter.inStockOnly || data.quantityOf[slot]! > 0),
      )
      const passing = counted.filter(
        (slot) => filter.brandId === null || data.brandOf[slot] === filter.brandId,
      )
      const label = JSON.stringify(filter)
      expect([...found.matched], label).toEqual(passing)
      expect(byId(found.brands), label).toEqual(count(counted, data.brandOf))
      expect(byId(found.categories), label).toEqual(count(passing, data.categoryOf))
    }
  })
})
