import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The import boundaries of .dependency-cruiser.cjs, run through dependency-cruiser's own API: on a
// small tree of files written to break each rule once (next to imports the rules allow), and on src.

const root = process.cwd()
let options: ICruiseOptions

async function cruiseIn(baseDir: string, tsConfigFile: string) {
  const { output } = await cruise(
    ['src'],
    { ...options, baseDir, outputType: 'json' },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  )
  return (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult
}

async function violationsIn(baseDir: string, tsConfigFile: string) {
  const result = await cruiseIn(baseDir, tsConfigFile)
  const cycles = moduleCycles(result).map((ring) => `no-module-cycle: ${ring.join(' → ')}`)
  return [...result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`), ...cycles].sort()
}

/**
 * Rings of modules (folders under src/server/modules) that depend on each other through files that
 * are not tests. dependency-cruiser's folder-scope `circular` also counts rings through the folders
 * around the modules (db, http, the test helpers), so this one rule is checked here, over the
 * same cruise: each ring once, from its alphabetically first module.
 */
function moduleCycles(result: ICruiseResult): string[][] {
  const moduleOf = (file: string) => /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1]
  const edges = new Map<string, Set<string>>()
  for (const m of result.modules) {
    const from = moduleOf(m.source)
    if (!from || m.source.endsWith('.test.ts')) continue
    for (const d of m.dependencies) {
      const to = moduleOf(d.resolved)
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to))
    }
  }
  const rings: string[][] = []
  const walk = (start: string, path: string[]) => {
    for (const next of edges.get(path.at(-1)!) ?? []) {
      if (next === start) rings.push([...path, start])
      else if (next > start && !path.includes(next)) walk(start, [...path, next])
    }
  }
  for (const start of [...edges.keys()].sort()) walk(start, [start])
  return rings
}

/** Files of the fixture tree: path → source. Every import names a file that exists. */
const fixture: Record<string, string> = {
  // Allowed: domain → domain and npm; contracts → domain; web and server → contracts; seed → a service.
  'src/domain/money.ts':
    "import Big from 'big.js'\nimport { round } from './rounding'\nexport const m = new Big(round)",
  'src/domain/rounding.ts': 'export const round = 2',
  'src/contracts/cart.ts':
    "import { round } from '../domain/rounding'\nexport type Cart = { digits: typeof round }",
  'src/web/lib/api.ts': "import type { Cart } from '../../contracts/cart'\nexport type Answer = Cart",
  'src/web/features/orders/OrdersPage.ts':
    "import type { Answer } from '../../lib/api'\nexport type Page = Answer",
  'src/web/features/orders/order-rows.ts':
    "import type { Page } from './OrdersPage'\nexport type Rows = Page[]",
  'src/web/components/Price.ts': "import type { Answer } from '../lib/api'\nexport type Price = Answer",
  'src/server/modules/cart/cart.service.ts':
    "import { add } from './cart.repository'\nexport const service = add",
  'src/server/modules/cart/cart.repository.ts': 'export const add = 1',
  'src/server/http/errors.ts': "import type { Cart } from '../../contracts/cart'\nexport type E = Cart",
  'src/server/db/seed/demo.ts':
    "import { service } from '../../modules/cart/cart.service'\nexport const seeded = service",
  // A module calls another's service; its tests may reach the other's repository to set up rows.
  'src/server/modules/orders/orders.service.ts':
    "import { service } from '../cart/cart.service'\nexport const order = service",
  'src/server/modules/orders/orders.int.test.ts':
    "import { add } from '../cart/cart.repository'\nexport const setUp = add",

  // Each rule broken once (a type-only import counts as much as any other).
  'src/domain/pricing.ts': "import type { Cart } from '../contracts/cart'\nexport type P = Cart",
  'src/domain/clock.ts': "import { hostname } from 'node:os'\nexport const h = hostname",
  'src/contracts/account.ts': "import type { E } from '../server/http/errors'\nexport type A = E",
  'src/web/lib/server-call.ts':
    "import { add } from '../../server/modules/cart/cart.repository'\nexport const s = add",
  'src/server/render.ts': "import type { Price } from '../web/components/Price'\nexport type R = Price",
  'src/web/features/catalog/CatalogPage.ts':
    "import type { Rows } from '../orders/order-rows'\nexport type C = Rows",
  'src/web/components/OrderBadge.ts':
    "import type { Page } from '../features/orders/OrdersPage'\nexport type B = Page",
  'src/server/http/guards.ts': "import { add } from '../modules/cart/cart.repository'\nexport const g = add",
  'src/server/db/seed/lines.ts':
    "import { add } from '../../modules/cart/cart.repository'\nexport const l = add",
  'src/server/tools.ts': "import { tool } from '../../scripts/tool'\nexport const t = tool",
  'scripts/tool.ts': 'export const tool = 1',
  'src/server/modules/orders/orders.repository.ts':
    "import { add } from '../cart/cart.repository'\nexport const row = add",
  // The cart's tables: the cart module's own, read by the staff's view of carts, by nobody else.
  'src/server/db/schema/carts.ts': 'export const cartItems = 1',
  'src/server/modules/cart/cart-lines.repository.ts':
    "import { cartItems } from '../../db/schema/carts'\nexport const lines = cartItems",
  'src/server/modules/customer-carts/customer-carts.repository.ts':
    "import { cartItems } from '../../db/schema/carts'\nexport const seen = cartItems",
  'src/server/modules/offers/offers.repository.ts':
    "import { cartItems } from '../../db/schema/carts'\nexport const taken = cartItems",
  // Two modules in a ring through their services, with no cycle between files.
  'src/server/modules/catalog/listing.service.ts':
    "import { rank } from '../search/search.service'\nexport const list = rank",
  'src/server/modules/search/search.service.ts':
    "import { price } from '../catalog/pricing.service'\nexport const rank = price",
  'src/server/modules/catalog/pricing.service.ts': 'export const price = 1',
  'src/server/integrations/mail/mail-html.ts':
    "import type { E } from '../../http/errors'\nexport type Html = E",
  'src/server/db/client.ts':
    "import { service } from '../modules/cart/cart.service'\nexport const c = service",
  'src/server/db/seed/session.ts': "import type { E } from '../../http/errors'\nexport type S = E",
  'src/server/cycle/a.ts': "import { b } from './b'\nexport const a = () => b",
  'src/server/cycle/b.ts': "import { a } from './a'\nexport const b = () => a",
  'src/server/typo.ts': "import { x } from './does-not-exist'\nexport const y = x",
}

let fixtureDir: string

beforeAll(async () => {
  options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'))
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'toptan-boundaries-'))
  for (const [file, source] of Object.entries(fixture)) {
    mkdirSync(path.dirname(path.join(fixtureDir, file)), { recursive: true })
    writeFileSync(path.join(fixtureDir, file), `${source}\n`)
  }
  writeFileSync(
    path.join(fixtureDir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true } }),
  )
  // npm packages (big.js) resolve as they do in the project.
  symlinkSync(path.join(root, 'node_modules'), path.join(fixtureDir, 'node_modules'), 'dir')
})
afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }))

describe('import boundaries (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  it('reports each broken rule, and nothing the rules allow', { timeout: 60_000 }, async () => {
    expect(await violationsIn(fixtureDir, path.join(fixtureDir, 'tsconfig.json'))).toEqual(
      [
        'cart-tables-written-by-the-cart-module: src/server/modules/offers/offers.repository.ts → src/server/db/schema/carts.ts',
        'components-not-features: src/web/components/OrderBadge.ts → src/web/features/orders/OrdersPage.ts',
        'contracts-only-contracts-and-domain: src/contracts/account.ts → src/server/http/errors.ts',
        'domain-is-pure: src/domain/clock.ts → os',
        'domain-is-pure: src/domain/pricing.ts → src/contracts/cart.ts',
        'feature-not-other-feature: src/web/features/catalog/CatalogPage.ts → src/web/features/orders/order-rows.ts',
        'http-not-modules: src/server/http/guards.ts → src/server/modules/cart/cart.repository.ts',
        'integrations-and-db-below-http-and-modules: src/server/db/client.ts → src/server/modules/cart/cart.service.ts',
        'integrations-and-db-below-http-and-modules: src/server/integrations/mail/mail-html.ts → src/server/http/errors.ts',
        'modules-meet-through-services: src/server/modules/orders/orders.repository.ts → src/server/modules/cart/cart.repository.ts',
        'seed-not-http: src/server/db/seed/session.ts → src/server/http/errors.ts',
        'no-circular: src/server/cycle/a.ts → src/server/cycle/b.ts', // a cycle is reported once
        'no-module-cycle: catalog → search → catalog',
        'no-unresolvable: src/server/typo.ts → ./does-not-exist',
        'seed-uses-services: src/server/db/seed/lines.ts → src/server/modules/cart/cart.repository.ts',
        'server-not-web: src/server/render.ts → src/web/components/Price.ts',
        'src-stays-in-src: src/server/tools.ts → scripts/tool.ts',
        'web-not-server: src/web/lib/server-call.ts → src/server/modules/cart/cart.repository.ts',
      ].sort(),
    )
  })

  it('holds in the real tree', { timeout: 60_000 }, async () => {
    expect(await violationsIn(root, path.join(root, 'tsconfig.json'))).toEqual([])
  })
})
