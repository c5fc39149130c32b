import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { SLOW_FILES, slowFirstShuffle } from './vitest-sequencer'

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
