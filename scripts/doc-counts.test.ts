import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { RELEVANCE_SET } from '../bench/relevance-set'

/**
 * Counts the docs state about the code are the code's own: a relevance query added or dropped without
 * the README and design.md following fails here.
 */
const read = (file: string) => readFileSync(file, 'utf8')

/** Every "N queries" a text says of the relevance set. */
const relevanceCounts = (text: string) =>
  [...text.matchAll(/relevance[\s\S]{0,80}?\b(\d+) queries/gi)].map((m) => Number(m[1]))

describe('counts in the docs', () => {
  it.each(['README.md', 'docs/design.md', 'docs/decisions.md'])(
    '%s gives the relevance set its real size',
    (file) => {
      const counts = relevanceCounts(read(file))
      expect(counts.length).toBeGreaterThan(0)
      for (const count of counts) expect(count).toBe(RELEVANCE_SET.length)
    },
  )

  it('finds a wrong count', () => {
    expect(
      relevanceCounts('the search relevance set (49 queries written from the demo catalogue)'),
    ).toContain(49)
  })
})
