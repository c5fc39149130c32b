import { describe, expect, it } from 'vitest'
import { bySize, matrixMarkdown, matrixMemoryLines, matrixTable } from './matrix.mjs'

const scenario = (id: string, rps: number, p99: number, non2xx = 0) => ({
  id,
  label: id === 'detail' ? 'product detail' : id,
  rps,
  p99,
  non2xx,
  errors: 0,
  timeouts: 0,
})
const memory = (readyMiB: number | null, peakMiB: number | null) => ({ readyMiB, peakMiB })

// One size by hand: the search page is missing from the PostgreSQL cold run, the deep list failed
// requests on the embedded cold run.
const runs = [
  {
    size: 2000,
    database: 'embedded' as const,
    cache: 'warm' as const,
    memory: memory(150, 210),
    scenarios: [scenario('detail', 1500, 4.7), scenario('search-page', 800, 12.25)],
  },
  {
    size: 2000,
    database: 'embedded' as const,
    cache: 'cold' as const,
    memory: memory(148, 230),
    scenarios: [
      scenario('detail', 1200, 9.4),
      scenario('search-page', 600, 30),
      scenario('list-deep', 90, 88, 3),
    ],
  },
  {
    size: 2000,
    database: 'postgres' as const,
    cache: 'warm' as const,
    memory: memory(120, null),
    scenarios: [
      scenario('detail', 1000, 2),
      scenario('search-page', 700, 24.5),
      scenario('list-deep', 300, 20),
    ],
  },
  {
    size: 2000,
    database: 'postgres' as const,
    cache: 'cold' as const,
    memory: memory(121, 180),
    scenarios: [scenario('detail', 900, 4), scenario('list-deep', 250, 22)],
  },
]

describe('matrixTable: one size, embedded vs PostgreSQL, caches on and off', () => {
  it('has the four cells in the issue’s order and the two ratio columns', () => {
    const [head, align] = matrixTable(runs).split('\n')
    expect(head).toBe(
      '| scenario | embedded, caches on | embedded, CACHE_SECONDS=0 | PostgreSQL, caches on | ' +
        'PostgreSQL, CACHE_SECONDS=0 | embedded/PG p99 cold | embedded/PG p99 warm |',
    )
    expect(align).toBe('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  })

  it('puts req/s / p99 in each cell and embedded p99 over PostgreSQL p99 in the ratios', () => {
    const lines = matrixTable(runs).split('\n').slice(2)
    expect(lines).toEqual([
      '| product detail | 1500 / 4.70 | 1200 / 9.40 | 1000 / 2.00 | 900 / 4.00 | 2.35× | 2.35× |',
      // Missing in the PostgreSQL cold run: its cell and the cold ratio say '–'.
      '| search-page | 800 / 12.3 | 600 / 30.0 | 700 / 24.5 | – | – | 0.50× |',
      // Only in three runs, first seen in the second: a row after the others, '‼' for failed requests.
      '| list-deep | – | 90 / 88.0 ‼ | 300 / 20.0 | 250 / 22.0 | 4.00× | – |',
    ])
  })

  it('leaves every cell of a missing run at –', () => {
    const embeddedOnly = runs.filter((r) => r.database === 'embedded')
    expect(matrixTable(embeddedOnly).split('\n')[2]).toBe(
      '| product detail | 1500 / 4.70 | 1200 / 9.40 | – | – | – | – |',
    )
  })
})

describe('the matrix’s memory lines and sizes', () => {
  it('gives each (database, cache) run its RSS peak and when-ready figure', () => {
    expect(matrixMemoryLines(runs)).toEqual([
      'embedded, caches on: RSS peak 210 MiB (150 MiB when ready)',
      'embedded, CACHE_SECONDS=0: RSS peak 230 MiB (148 MiB when ready)',
      'PostgreSQL, caches on: RSS peak – (120 MiB when ready)',
      'PostgreSQL, CACHE_SECONDS=0: RSS peak 180 MiB (121 MiB when ready)',
    ])
  })

  it('writes one section per size, smallest first', () => {
    const bigger = runs.map((r) => ({ ...r, size: 10_000 }))
    expect(bySize([...bigger, ...runs]).map((s) => [s.size, s.runs.length])).toEqual([
      [2000, 4],
      [10_000, 4],
    ])
    const md = matrixMarkdown({
      meta: {
        date: '2025-01-01 10:00',
        commit: 'abc',
        connections: 10,
        duration: 2,
        warmup: 1,
        cpu: '2 × CPU',
        node: '22',
      },
      runs: [...bigger, ...runs],
    })
    const headings = md.split('\n').filter((line) => line.startsWith('###'))
    expect(headings).toEqual([
      '### 2k listed products (req/s / p99 ms per cell)',
      '### 10k listed products (req/s / p99 ms per cell)',
    ])
    expect(md).toContain('‼ marks a cell with failed requests.')
  })
})
