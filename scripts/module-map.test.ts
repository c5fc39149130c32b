import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * docs/design.md's module map names every folder under src/server/modules/ and nothing else, and its
 * "uses" column names the modules each one imports: the map is where a newcomer looks first, so a
 * module added, renamed, removed or newly wired to another without it fails here.
 */

const MAP_HEADING = '### Module map'
const MODULES = path.join('src', 'server', 'modules')

type MapRow = { name: string; uses: string[] }

/** The map's rows: the module (first cell, written `name`) and the modules of its last cell. */
function moduleMapRows(markdown: string): MapRow[] {
  const start = markdown.indexOf(`\n${MAP_HEADING}\n`)
  if (start < 0) throw new Error(`docs/design.md has no "${MAP_HEADING}" section`)
  const rest = markdown.slice(start + MAP_HEADING.length + 2)
  const end = rest.search(/\n#{1,3} /)
  const section = end < 0 ? rest : rest.slice(0, end)
  const rows: MapRow[] = []
  for (const line of section.split('\n')) {
    const name = /^\|\s*`([^`]+)`\s*\|/.exec(line)?.[1]
    if (!name) continue
    const cells = line.split('|').map((cell) => cell.trim())
    // "cart (repository, service), store (service)" or "—": module names stand before their files.
    const uses = [...(cells.at(-2) ?? '').matchAll(/(?:^|\),\s*)([a-z][a-z-]*)\s*\(/g)].map((m) => m[1]!)
    rows.push({ name, uses: uses.sort() })
  }
  return rows
}

/** What the map lacks, what it names that is not on disk, and what it names twice. */
function compareModuleMap(onDisk: string[], inMap: string[]) {
  const mapped = new Set(inMap)
  const present = new Set(onDisk)
  return {
    missingFromMap: onDisk.filter((name) => !mapped.has(name)).sort(),
    notOnDisk: [...mapped].filter((name) => !present.has(name)).sort(),
    duplicated: inMap.filter((name, i) => inMap.indexOf(name) !== i).sort(),
  }
}

const moduleFolders = () =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/** The other modules a module's own files (tests left out) import, by folder name. */
function importedModules(module: string): string[] {
  const used = new Set<string>()
  for (const file of readdirSync(path.join(MODULES, module))) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue
    const text = readFileSync(path.join(MODULES, module, file), 'utf8')
    for (const m of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) if (m[1] !== module) used.add(m[1]!)
  }
  return [...used].sort()
}

const designMap = () => moduleMapRows(readFileSync(path.join('docs', 'design.md'), 'utf8'))

describe('docs/design.md module map', () => {
  it('names every folder under src/server/modules/, once, and no module that is not there', () => {
    const names = designMap().map((row) => row.name)
    expect(compareModuleMap(moduleFolders(), names)).toEqual({
      missingFromMap: [],
      notOnDisk: [],
      duplicated: [],
    })
  })

  it('says which other modules each module imports', () => {
    const rows = designMap().filter((row) => moduleFolders().includes(row.name))
    expect(Object.fromEntries(rows.map((row) => [row.name, row.uses]))).toEqual(
      Object.fromEntries(rows.map((row) => [row.name, importedModules(row.name)])),
    )
  })

  it('reads the rows from the map section only, and reports what is missing, extra or doubled', () => {
    const markdown = [
      '## 2. Layout',
      '| `elsewhere` | a table outside the map | — |',
      MAP_HEADING,
      '',
      '| module | owns | uses |',
      '|---|---|---|',
      '| `cart` | carts | catalog (pricing-context, products.repository), store (service) |',
      '| `orders` | orders | cart (service) |',
      '| `gone` | a module deleted from disk | — |',
      '| `cart` | twice | — |',
      '',
      '### Import directions',
      '| `after` | a table after the map | — |',
    ].join('\n')
    expect(moduleMapRows(markdown)).toEqual([
      { name: 'cart', uses: ['catalog', 'store'] },
      { name: 'orders', uses: ['cart'] },
      { name: 'gone', uses: [] },
      { name: 'cart', uses: [] },
    ])
    const names = moduleMapRows(markdown).map((row) => row.name)
    expect(compareModuleMap(['cart', 'orders', 'payments'], names)).toEqual({
      missingFromMap: ['payments'],
      notOnDisk: ['gone'],
      duplicated: ['cart'],
    })
  })

  it('fails when the map section is missing', () => {
    expect(() => moduleMapRows('# design\n\n## 2. Layout\n')).toThrow(/Module map/)
  })
})
