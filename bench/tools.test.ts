import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ENTRIES } from './tools.mjs'

/** The relative imports of a TypeScript file, resolved to repository paths without extension. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
    path.join(path.dirname(file), m[1] ?? '').replace(/\.(ts|mjs|js)$/, ''),
  )
}

describe("the bench's bundled tools", () => {
  // Each tool starts its CLI when it is the started file; bundled into another tool, its module
  // takes that tool's address and would run there too (the search log once ran the fixtures).
  it('never import one another', () => {
    const tools = Object.values(ENTRIES).map((file) => file.replace(/\.ts$/, ''))
    for (const file of Object.values(ENTRIES)) {
      const others = tools.filter((tool) => tool !== file.replace(/\.ts$/, ''))
      expect(
        relativeImports(file).filter((imported) => others.includes(imported)),
        file,
      ).toEqual([])
    }
  })
})
