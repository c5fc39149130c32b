import { describe, expect, it } from 'vitest'
import {
  autoplayDelayMs,
  campaignColumns,
  campaignRows,
  campaignStatus,
  carouselFitsFrom,
  productsShownInCampaign,
  showsCampaignListPrice,
} from './campaign'

describe('productsShownInCampaign (showNotInStocks)', () => {
  const stocks = [5, 1, 0, -3, null]
  it.each([
    ['1', [5, 1, 0, -3, null]],
    // '0' leaves out stock <= 0; a hidden stock (null) stays.
    ['0', [5, 1, null]],
  ] as const)('showNotInStocks %s keeps %j', (setting, kept) => {
    const products = stocks.map((quantity, id) => ({ id, quantity }))
    expect(productsShownInCampaign(products, setting).map((p) => p.quantity)).toEqual(kept)
  })

  it('keeps the order and does not change the list it was given', () => {
    const products = [
      { id: 1, quantity: 0 },
      { id: 2, quantity: 3 },
      { id: 3, quantity: 1 },
    ]
    expect(productsShownInCampaign(products, '0').map((p) => p.id)).toEqual([2, 3])
    expect(products).toHaveLength(3)
  })
})

describe('showsCampaignListPrice', () => {
  const money = (value: number) => ({ value })
  it.each([
    // showListPrice, productsWithKdv, list, sale → shown
    [true, false, 150, 100, true],
    [true, false, 100, 100, true], // >= without tax
    [true, false, 99.99, 100, false],
    [true, true, 150, 100, true],
    [true, true, 100, 100, false], // strictly greater with tax
    [true, true, 100.01, 100, true],
    [false, false, 150, 100, false],
    [false, true, 150, 100, false],
    [true, false, null, 100, false],
    [true, false, 0, 0, false], // no list price at all
    [true, false, 150, null, false],
  ])(
    'showListPrice %s, with tax %s, list %s, sale %s → %s',
    (showListPrice, productsWithKdv, list, sale, shown) => {
      const product = {
        listPrice: list === null ? null : money(list),
        salePrice: sale === null ? null : money(sale),
      }
      expect(showsCampaignListPrice(product, { showListPrice, productsWithKdv })).toBe(shown)
    },
  )
})

describe('campaignRows', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [0, 1],
    [-2, 1],
    [1.5, 1],
    [Number.NaN, 1],
    [null, 1],
    [undefined, 1],
  ])('%s → %s', (rowCount, rows) => {
    expect(campaignRows(rowCount)).toBe(rows)
  })
})

describe('campaignColumns', () => {
  it.each([
    [[], 1, []],
    [[1, 2, 3], 1, [[1], [2], [3]]],
    [
      [1, 2, 3, 4],
      2,
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [[1, 2, 3, 4, 5], 2, [[1, 2], [3, 4], [5]]],
    [[1, 2], 3, [[1, 2]]],
    [[1, 2, 3], 0, [[1], [2], [3]]],
  ])('%j in %s rows → %j', (products, rows, columns) => {
    expect(campaignColumns(products, rows)).toEqual(columns)
  })
})

describe('carouselFitsFrom (2 per view from 0 px, 4 from 600, 6 from 1000)', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 600],
    [4, 600],
    [5, 1000],
    [6, 1000],
    [7, null],
    [12, null],
  ])('%s columns → %s', (columns, from) => {
    expect(carouselFitsFrom(columns)).toBe(from)
  })
})

describe("carouselFitsFrom with a campaign's own slides per view", () => {
  it.each([
    [{ phone: 1, tablet: 3, desktop: 8 }, 1, 0],
    [{ phone: 1, tablet: 3, desktop: 8 }, 3, 600],
    [{ phone: 1, tablet: 3, desktop: 8 }, 8, 1000],
    [{ phone: 1, tablet: 3, desktop: 8 }, 9, null],
    // Fewer when wider: 3 fit on a phone but not from 1000 px, so every width has pagination.
    [{ phone: 4, tablet: 4, desktop: 2 }, 3, null],
    [{ phone: 4, tablet: 4, desktop: 2 }, 2, 0],
  ])('%j, %s columns → %s', (perView, columns, from) => {
    expect(carouselFitsFrom(columns, perView)).toBe(from)
  })
})

describe('campaignStatus', () => {
  const at = (iso: string) => new Date(iso)
  const now = at('2026-12-02T12:00:00Z')
  it.each([
    [{ active: false, startsAt: null, endsAt: null }, 'off'],
    [{ active: true, startsAt: null, endsAt: null }, 'shown'],
    [{ active: true, startsAt: at('2026-12-02T12:00:00Z'), endsAt: null }, 'shown'],
    [{ active: true, startsAt: at('2026-12-02T12:00:01Z'), endsAt: null }, 'scheduled'],
    [{ active: true, startsAt: null, endsAt: at('2026-12-02T12:00:00Z') }, 'ended'],
    [{ active: true, startsAt: null, endsAt: at('2026-12-02T12:00:01Z') }, 'shown'],
    [{ active: false, startsAt: null, endsAt: at('2026-01-01T00:00:00Z') }, 'off'],
  ] as const)('%j → %s', (campaign, status) => {
    expect(campaignStatus(campaign, now)).toBe(status)
  })
})

describe('autoplayDelayMs', () => {
  it.each([
    [0, 5000],
    [0.5, 6000],
    [0.99999999, 7000],
    [1, 7000],
    [-1, 5000],
    [Number.NaN, 5000],
  ])('random %s → %s ms', (random, delay) => {
    expect(autoplayDelayMs(() => random)).toBe(delay)
  })

  it('stays within 5000–7000 ms, whole milliseconds', () => {
    for (let i = 0; i < 1000; i++) {
      const delay = autoplayDelayMs(Math.random)
      expect(Number.isInteger(delay)).toBe(true)
      expect(delay).toBeGreaterThanOrEqual(5000)
      expect(delay).toBeLessThanOrEqual(7000)
    }
  })
})
