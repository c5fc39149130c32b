import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { rssKiB, sampleRss } from './memory.mjs'
import { evaluate } from './report.mjs'
import type { SizeRun } from './types'

const BUDGET = [
  { atSize: 100_000, postgres: 400, embedded: 700 },
  { atSize: 1_000_000, postgres: 1024 },
]
const budgets = { initialPageKiB: 200, p99Ms: 50, sizeRatio: 3, pairs: [], rssMiB: BUDGET }
const run = (size: number, database: 'embedded' | 'postgres', peakMiB: number | null): SizeRun => ({
  size,
  database,
  memory: { readyMiB: peakMiB, peakMiB },
  scenarios: [],
})

describe('the server memory budget in the bench report', () => {
  it('holds the peak RSS to each database’s limit from 100,000 products on', () => {
    const checks = evaluate(
      [run(10_000, 'postgres', 900), run(100_000, 'postgres', 401), run(100_000, 'embedded', 700)],
      budgets,
    ).filter((c) => c.kind === 'memory')
    expect(checks.map((c) => [c.size, c.limit, c.value, c.pass])).toEqual([
      [100_000, 400, 401, false],
      [100_000, 700, 700, true],
    ])
  })

  it('holds a larger catalogue to the step it reaches, and adds none where that step has no limit', () => {
    const checks = evaluate(
      [run(999_999, 'postgres', 500), run(1_000_000, 'postgres', 1000), run(1_000_000, 'embedded', 2000)],
      budgets,
    ).filter((c) => c.kind === 'memory')
    expect(checks.map((c) => [c.size, c.limit, c.value, c.pass])).toEqual([
      [999_999, 400, 500, false],
      [1_000_000, 1024, 1000, true],
    ])
  })

  it('adds no check when the RSS could not be read', () => {
    expect(evaluate([run(100_000, 'postgres', null)], budgets).filter((c) => c.kind === 'memory')).toEqual([])
  })
})

describe.runIf(existsSync('/proc/self/status'))('reading a process’s RSS', () => {
  it('reads this process and keeps the peak while sampling', async () => {
    const own = rssKiB(process.pid)
    expect(own).toBeGreaterThan(10 * 1024)
    const sampler = sampleRss(process.pid, 5)
    const ballast = Buffer.alloc(64 * 1024 * 1024, 1)
    await new Promise((resolve) => setTimeout(resolve, 30))
    const { peakMiB } = sampler.stop()
    expect(ballast[0]).toBe(1)
    expect(peakMiB).toBeGreaterThanOrEqual(Math.round((own ?? 0) / 1024) + 60)
  })

  it('answers null for a process that is gone', () => {
    expect(rssKiB(2 ** 22 + 12345)).toBeNull()
  })
})
