import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { projectGroupedShuffle, SLOW_FILES, slowFirstShuffle } from './vitest-sequencer'

const files = [
  '/repo/src/a.test.ts',
  '/repo/src/server/fault/crash.int.test.ts',
  '/repo/src/b.test.ts',
  '/repo/src/c.test.ts',
  '/repo/src/server/db/backup.int.test.ts',
  '/repo/src/d.test.ts',
]
const order = (seed: number) => slowFirstShuffle(files, (f) => f, seed)

describe('the test file order', () => {
  it('puts the slow files first and the rest after them', () => {
    for (const seed of [1, 2, 3, 42, 987_654_321]) {
      const drawn = order(seed)
      expect(new Set(drawn.slice(0, 2))).toEqual(
        new Set(['/repo/src/server/fault/crash.int.test.ts', '/repo/src/server/db/backup.int.test.ts']),
      )
      expect([...drawn].sort()).toEqual([...files].sort())
    }
  })

  it('is the same for the same seed and differs between seeds', () => {
    expect(order(7)).toEqual(order(7))
    const seen = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((seed) => order(seed).slice(2).join(',')))
    expect(seen.size).toBeGreaterThan(3)
  })

  it('names only files that exist', () => {
    for (const file of SLOW_FILES) expect(existsSync(file), file).toBe(true)
  })
})

describe('the files grouped by project', () => {
  const specs = [
    { path: '/repo/src/a.test.ts', project: 'unit' },
    { path: '/repo/src/server/fault/crash.int.test.ts', project: 'integration' },
    { path: '/repo/src/web/b.test.tsx', project: 'web' },
    { path: '/repo/src/server/x.int.test.ts', project: 'integration-postgres' },
    { path: '/repo/src/server/fault/crash.int.test.ts', project: 'integration-postgres' },
    { path: '/repo/src/server/y.int.test.ts', project: 'integration' },
    { path: '/repo/src/c.test.ts', project: 'unit' },
    { path: '/repo/other.test.ts', project: 'something-else' },
  ]
  const grouped = (seed: number) =>
    projectGroupedShuffle(
      specs,
      (s) => s.path,
      (s) => s.project,
      seed,
    )

  it('runs each project as one block, the longest projects first, slow files first within each', () => {
    for (const seed of [1, 2, 3, 42]) {
      const drawn = grouped(seed)
      expect(drawn.map((s) => s.project)).toEqual([
        'integration-postgres',
        'integration-postgres',
        'integration',
        'integration',
        'web',
        'unit',
        'unit',
        'something-else',
      ])
      expect(drawn[0]!.path).toBe('/repo/src/server/fault/crash.int.test.ts')
      expect(drawn[2]!.path).toBe('/repo/src/server/fault/crash.int.test.ts')
      expect(drawn).toHaveLength(specs.length)
    }
  })

  it('still shuffles within a project', () => {
    const seen = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
        grouped(seed)
          .map((s) => s.path)
          .join(','),
      ),
    )
    expect(seen.size).toBeGreaterThan(1)
  })
})
