// A Vite plugin that gives every module of the web app the Mantine stylesheets of the components it
// imports from '@mantine/core' (and of the components those are built on), instead of the whole
// 250 KiB '@mantine/core/styles.css' in the entry. Vite then ships each stylesheet with the chunk that
// uses it: a page's CSS comes with its lazy chunk and blocks nothing else (docs/decisions.md, "Page weight").
//
// The stylesheets are the '.layer.css' variants: inside `@layer mantine`, so the app's own CSS (modules,
// global.css) wins whatever order the chunks' stylesheets arrive in. Within one module they are
// imported in the order of Mantine's full stylesheet, which puts a component after those it is built on.
// A module importing a component of another Mantine package with a stylesheet of its own (the
// carousel) gets that package's '.layer.css' too.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

type MantineStyles = {
  /** Exported name ('Button', 'TextInput', 'useCombobox') → its unit ('components/Button', 'components/Combobox'). */
  folderOf: Map<string, string>
  /** Unit → the stylesheets it needs (its own and its building blocks'), in Mantine's order. */
  sheetsOf: Map<string, string[]>
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(full)
    return entry.name.endsWith('.mjs') ? [full] : []
  })
}

function dirsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? [path.join(dir, entry.name), ...dirsUnder(path.join(dir, entry.name))] : [],
  )
}

/**
 * The unit a file of Mantine's esm/ folder belongs to: 'components/Radio' for anything under
 * components/Radio/ (RadioCard and RadioIndicator included), 'utils/InlineInput' for the shared building
 * blocks under utils/ (InlineInput holds the label-beside-the-control layout of Radio, Checkbox and
 * Switch). core/ has no stylesheet of its own beyond the global ones main.tsx imports.
 */
function unitOf(esm: string, file: string): string | null {
  const [top, name] = path.relative(esm, file).split(path.sep)
  return (top === 'components' || top === 'utils') && name ? `${top}/${name}` : null
}

/** Reads @mantine/core's own module graph once: which unit uses which, and which stylesheets each holds. */
export function readMantine(coreRoot: string): MantineStyles {
  const esm = path.join(coreRoot, 'esm')
  const stylesDir = path.join(coreRoot, 'styles')

  const folderOf = new Map<string, string>()
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8')
  for (const m of index.matchAll(/import \{([^}]*)\} from "\.\/(components|utils)\/([^/]+)\//g)) {
    for (const spec of (m[1] ?? '').split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]
      if (name && m[3]) folderOf.set(name, `${m[2]}/${m[3]}`)
    }
  }

  const units = ['components', 'utils'].flatMap((top) =>
    readdirSync(path.join(esm, top), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${top}/${entry.name}`),
  )
  const uses = new Map<string, Set<string>>()
  for (const unit of units) {
    const deps = new Set<string>()
    for (const file of filesUnder(path.join(esm, unit))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
        const other = unitOf(esm, path.resolve(path.dirname(file), m[1] ?? ''))
        if (other && other !== unit) deps.add(other)
      }
    }
    uses.set(unit, deps)
  }

  // Each stylesheet is named after its folder, at any depth (Radio/RadioCard → RadioCard.css).
  const sheetsIn = new Map<string, string[]>()
  const sheetNames = new Set(
    readdirSync(stylesDir).flatMap((file) => /^([A-Z]\w*)\.css$/.exec(file)?.[1] ?? []),
  )
  for (const unit of units) {
    const dirs = [path.join(esm, unit), ...dirsUnder(path.join(esm, unit))]
    sheetsIn.set(
      unit,
      dirs.map((dir) => path.basename(dir)).filter((name) => sheetNames.has(name)),
    )
  }

  // Mantine's order: where each sheet's rules start in the full stylesheet.
  const full = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8')
  const position = new Map<string, number>()
  for (const sheet of sheetNames) {
    const text = readFileSync(path.join(stylesDir, `${sheet}.css`), 'utf8').trim()
    const at = full.indexOf(text.slice(0, 300))
    position.set(sheet, at < 0 ? Number.MAX_SAFE_INTEGER : at)
  }

  const sheetsOf = new Map<string, string[]>()
  for (const unit of units) {
    const seen = new Set<string>()
    const visit = (u: string) => {
      if (seen.has(u)) return
      seen.add(u)
      for (const d of uses.get(u) ?? []) visit(d)
    }
    visit(unit)
    const sheets = [...new Set([...seen].flatMap((u) => sheetsIn.get(u) ?? []))].sort(
      (a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0),
    )
    sheetsOf.set(unit, sheets)
  }
  return { folderOf, sheetsOf }
}

/** The Mantine component names a module imports as values (type-only imports need no styles). */
export function mantineImports(code: string): string[] {
  const names: string[] = []
  // Written by hand or minified (`import{Box as B,Table}from"@mantine/core"`, the data table's build).
  for (const m of code.matchAll(/import\s*(type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g)) {
    if (m[1]) continue
    for (const spec of (m[2] ?? '').split(',')) {
      const trimmed = spec.trim()
      if (!trimmed || trimmed.startsWith('type ')) continue
      const name = trimmed.split(/\s+as\s+/)[0]
      if (name) names.push(name)
    }
  }
  return names
}

/**
 * Mantine's packages beside core whose components come with one stylesheet of their own (the carousel):
 * a module importing one of them gets that stylesheet, like a core component's.
 */
const PACKAGE_SHEETS: Record<string, string> = {
  '@mantine/carousel': '@mantine/carousel/styles.layer.css',
  '@mantine/tiptap': '@mantine/tiptap/styles.layer.css',
  'mantine-datatable': 'mantine-datatable/styles.layer.css',
}

/** The stylesheets of the Mantine packages (other than core) a module imports values from. */
export function mantinePackageSheets(code: string): string[] {
  const sheets: string[] = []
  for (const [name, sheet] of Object.entries(PACKAGE_SHEETS)) {
    // No quote between `import` and `from`: the match cannot reach back over an earlier import's module.
    const valueImport = new RegExp(`import\\s+(?!type\\s)[^'"]*?\\bfrom\\s+['"]${name}['"]`)
    if (valueImport.test(code)) sheets.push(sheet)
  }
  return sheets
}

export function mantineCss(): Plugin {
  let styles: MantineStyles | null = null
  let root = process.cwd()
  const load = () => {
    styles ??= readMantine(path.join(root, 'node_modules', '@mantine', 'core'))
    return styles
  }
  return {
    name: 'toptan:mantine-css',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    transform(code, id) {
      // The app's modules, and the packages built on Mantine's core components (modals, notifications,
      // the carousel, the rich-text editor, the data table).
      const ours = !id.includes('/node_modules/') && /\.tsx?$/.test(id)
      const mantinePackage =
        /\/node_modules\/@mantine\/(modals|notifications|carousel|tiptap)\/esm\/.*\.mjs$/.test(id) ||
        /\/node_modules\/mantine-datatable\/dist\/index\.mjs$/.test(id)
      if (!(ours || mantinePackage) || !code.includes('@mantine/')) return null
      const { folderOf, sheetsOf } = load()
      const sheets = new Set<string>()
      for (const name of mantineImports(code)) {
        const folder = folderOf.get(name)
        for (const sheet of folder ? (sheetsOf.get(folder) ?? []) : [])
          sheets.add(`@mantine/core/styles/${sheet}.layer.css`)
      }
      if (ours) for (const sheet of mantinePackageSheets(code)) sheets.add(sheet)
      if (sheets.size === 0) return null
      // Appended, so the module's lines (and its source map) stay where they are; imports are hoisted.
      const imports = [...sheets].map((s) => `import '${s}';`).join('\n')
      return { code: `${code}\n${imports}\n`, map: null }
    },
  }
}
