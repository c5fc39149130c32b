import { describe, expect, it } from 'vitest'
import {
  browsePage,
  drawAction,
  formatClock,
  formatDuration,
  isSoak,
  MIX,
  memoryGrowth,
  parseDuration,
  sliceOf,
  sliceTable,
  warmupSeconds,
} from './soak.mjs'

describe('parseDuration: how long the soak runs', () => {
  it('reads hours, minutes, seconds and their combinations, and bare seconds', () => {
    expect(parseDuration('30m')).toBe(1800)
    expect(parseDuration('90s')).toBe(90)
    expect(parseDuration('1h')).toBe(3600)
    expect(parseDuration('1h30m')).toBe(5400)
    expect(parseDuration('2m30s')).toBe(150)
    expect(parseDuration(' 45 ')).toBe(45)
    expect(parseDuration('1H')).toBe(3600)
  })

  it('refuses nothing, zero, units it does not know and a wrong order', () => {
    for (const bad of ['', '0', '0m', '30 min', '1d', 'm', '30s1m', '-5', '1.5h', 'abc']) {
      expect(() => parseDuration(bad), bad).toThrow(/--soak wants a duration/)
    }
  })

  it('prints a duration back the way a person writes it', () => {
    expect(formatDuration(1800)).toBe('30 min')
    expect(formatDuration(5430)).toBe('1 h 30 min 30 s')
    expect(formatDuration(90)).toBe('1 min 30 s')
    expect(formatClock(125)).toBe('2:05')
  })

  it('knows the soak flag in both spellings and nothing else', () => {
    expect(isSoak(['--soak', '30m'])).toBe(true)
    expect(isSoak(['--soak=2m'])).toBe(true)
    expect(isSoak(['--sizes', '5000', '--soaked'])).toBe(false)
  })
})

describe('warm-up and slices', () => {
  it('waits 10 % of the run for the memory baseline, at most 2 minutes', () => {
    expect(warmupSeconds(120)).toBe(12)
    expect(warmupSeconds(600)).toBe(60)
    expect(warmupSeconds(1800)).toBe(120)
    expect(warmupSeconds(3600)).toBe(120)
  })

  it('puts a request in the slice of its start, the last instant in the last slice', () => {
    expect(sliceOf(0, 1000, 10)).toBe(0)
    expect(sliceOf(99.9, 1000, 10)).toBe(0)
    expect(sliceOf(100, 1000, 10)).toBe(1)
    expect(sliceOf(999, 1000, 10)).toBe(9)
    // Requests started at the very end (or reported late) stay in the last slice, never an 11th.
    expect(sliceOf(1000, 1000, 10)).toBe(9)
    expect(sliceOf(1500, 1000, 10)).toBe(9)
    expect(sliceOf(-1, 1000, 10)).toBe(0)
  })

  it('figures p50 and p99 per group per slice, leaving out requests that got no answer', () => {
    const records = [
      ...Array.from({ length: 100 }, (_, i) => ({ group: 'list', at: 10, ms: i + 1, status: 200 })),
      { group: 'list', at: 600, ms: 40, status: 200 },
      { group: 'detail', at: 700, ms: 3, status: 503 },
      { group: 'detail', at: 710, status: 'error' },
    ]
    const table = sliceTable(records, 1000, 2)
    expect(table.map((s) => [s.from, s.to])).toEqual([
      [0, 1],
      [1, 1],
    ])
    expect(table[0]?.groups).toEqual({ list: { requests: 100, p50: 50, p99: 99 } })
    expect(table[1]?.groups).toEqual({
      list: { requests: 1, p50: 40, p99: 40 },
      detail: { requests: 1, p50: 3, p99: 3 },
    })
  })

  it('labels slices in whole seconds of the run', () => {
    expect(sliceTable([], 1_800_000, 10).map((s) => s.to)).toEqual([
      180, 360, 540, 720, 900, 1080, 1260, 1440, 1620, 1800,
    ])
  })
})

describe('memoryGrowth: RSS after the warm-up against the end', () => {
  const samples = [
    { at: 0, rssKiB: 100_000 },
    { at: 10, rssKiB: 180_000 },
    { at: 20, rssKiB: 200_000 },
    { at: 30, rssKiB: 230_000 },
    { at: 40, rssKiB: 210_000 },
  ]

  it('takes the first sample at or after the warm-up as the baseline (the warm-up growth does not count)', () => {
    const growth = memoryGrowth(samples, 20)
    expect(growth?.baseline).toEqual({ at: 20, rssKiB: 200_000 })
    expect(growth?.end).toEqual({ at: 40, rssKiB: 210_000 })
    expect(growth?.growthPercent).toBe(5)
    expect(growth?.peakKiB).toBe(230_000)
    expect(growth?.pass).toBe(true)
  })

  it('fails at 10 % and above, passes below; a shrinking process is negative growth', () => {
    expect(memoryGrowth(samples, 10)?.growthPercent).toBe(16.67)
    expect(memoryGrowth(samples, 10)?.pass).toBe(false)
    expect(memoryGrowth([samples[2]!, { at: 50, rssKiB: 220_000 }], 20)?.pass).toBe(false)
    expect(memoryGrowth([samples[2]!, { at: 50, rssKiB: 219_999 }], 20)?.pass).toBe(true)
    expect(memoryGrowth([samples[2]!, { at: 50, rssKiB: 150_000 }], 20)?.growthPercent).toBe(-25)
  })

  it('also gives the trend through every sample after the warm-up, which the sawtooth of the GC does not tip', () => {
    // Flat memory with a garbage collector's sawtooth (20 teeth): the end happens to fall on a peak.
    const sawtooth = Array.from({ length: 60 }, (_, i) => ({
      at: 120 + i * 30,
      rssKiB: 500_000 + (i % 3) * 60_000,
    }))
    const flat = memoryGrowth(sawtooth, 120)
    expect(flat?.growthPercent).toBe(24)
    expect(flat?.pass).toBe(false)
    expect(Math.abs(flat?.trendPercent ?? 99)).toBeLessThan(2)
    // A leak: 1,000 KiB a sample from 500,000 KiB over 18 steps is 3.6 %, on the line and at the end.
    const leak = memoryGrowth(
      Array.from({ length: 19 }, (_, i) => ({ at: 120 + i * 100, rssKiB: 500_000 + i * 1_000 })),
      120,
    )
    expect(leak?.trendPercent).toBe(3.6)
    expect(leak?.growthPercent).toBe(3.6)
  })

  it('gives no figure without two samples from after the warm-up', () => {
    expect(memoryGrowth(samples, 45)).toBeNull()
    expect(memoryGrowth(samples, 40)).toBeNull()
    expect(memoryGrowth([], 0)).toBeNull()
  })
})

describe('browsePage: which list page a dealer asks for', () => {
  it('asks for page 1 two times in five and for a page of the list otherwise', () => {
    expect(browsePage(4167, 0, 0.99)).toBe(1)
    expect(browsePage(4167, 0.39, 0.99)).toBe(1)
    expect(browsePage(4167, 0.4, 0.999_999)).toBe(4167)
    expect(browsePage(1, 0.9, 0.9)).toBe(1)
    for (let i = 0; i < 1000; i++) {
      const page = browsePage(50, 0.5, i / 1000)
      expect(page).toBeGreaterThanOrEqual(1)
      expect(page).toBeLessThanOrEqual(50)
    }
  })

  it('draws pages log-uniformly: each tenfold range as often, so the deep pages come now and then', () => {
    const decades = [0, 0, 0, 0]
    const steps = 10_000
    for (let i = 0; i < steps; i++) {
      const page = browsePage(9_999, 0.5, (i + 0.5) / steps)
      decades[Math.floor(Math.log10(page))]!++
    }
    // 1–9, 10–99, 100–999, 1,000–9,999: a quarter each.
    for (const count of decades) expect(Math.abs(count - steps / 4)).toBeLessThan(steps * 0.01)
  })
})

describe('the mix of dealer actions', () => {
  it('draws each action in proportion to its weight', () => {
    const total = MIX.reduce((sum, m) => sum + m.weight, 0)
    const counts = new Map<string, number>()
    const steps = 10_000
    for (let i = 0; i < steps; i++) {
      const { action } = drawAction((i + 0.5) / steps)
      counts.set(action, (counts.get(action) ?? 0) + 1)
    }
    for (const m of MIX) expect(counts.get(m.action), m.action).toBeCloseTo((m.weight / total) * steps, -1)
    expect(drawAction(0).action).toBe(MIX[0]?.action)
    expect(drawAction(0.999_999).action).toBe(MIX.at(-1)?.action)
  })

  it('browses, searches, changes carts, orders and asks for offers', () => {
    const actions = MIX.map((m) => m.action)
    for (const a of ['list', 'category', 'detail', 'search', 'autocomplete', 'cartAdd', 'order', 'offer'])
      expect(actions).toContain(a)
    // Only what changes a cart waits for the same dealer's previous cart action.
    expect(MIX.filter((m) => m.cart).map((m) => m.action)).toEqual([
      'cartAdd',
      'cartChange',
      'cartRemove',
      'order',
      'offer',
    ])
  })
})
