// A Vite plugin that gives every module of the web app the Mantine stylesheets of the components it
// imports from '@mantine/core' (and of the components those are built on), instead of the whole
// 250 KiB '@mantine/core/styles.css' in the entry. Vite then ships each stylesheet with the chunk that
// uses it: a page's CSS comes with its lazy chunk and blocks nothing else (docs/decisions.md, "Page weight").
//
// The stylesheets are the '.layer.css' variants: inside `@layer mantine`, so the app's own CSS (modules,
// global.css) wins whatever order the chunks' stylesheets arrive in. Within one module they are
// imported in the order of Mantine's full stylesheet, which puts a component after those it is built on.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

type MantineStyles = {
  /** Exported name ('Button', 'TextInput', 'useCombobox') → component folder ('Button', 'TextInput', 'Combobox'). */
  folderOf: Map<string, string>
  /** Component folder → the stylesheets it needs (its own and its building blocks'), in Mantine's order. */
  sheetsOf: Map<string, string[]>
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(full)
    return entry.name.endsWith('.mjs') ? [full] : []
  })
}

/** Reads @mantine/core's own module graph once: which component uses which, and which has a stylesheet. */
function readMantine(coreRoot: string): MantineStyles {
  const esm = path.join(coreRoot, 'esm')
  const componentsDir = path.join(esm, 'components')
  const stylesDir = path.join(coreRoot, 'styles')

  const folderOf = new Map<string, string>()
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8')
  for (const m of index.matchAll(/import \{([^}]*)\} from "\.\/components\/([^/]+)\//g)) {
    for (const spec of (m[1] ?? '').split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]
      if (name && m[2]) folderOf.set(name, m[2])
    }
  }

  const uses = new Map<string, Set<string>>()
  for (const folder of readdirSync(componentsDir)) {
    const deps = new Set<string>()
    for (const file of filesUnder(path.join(componentsDir, folder))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+)"/g)) {
        const target = path.relative(componentsDir, path.resolve(path.dirname(file), m[1] ?? ''))
        const other = target.split(path.sep)[0]
        if (other && other !== folder && !other.startsWith('..')) deps.add(other)
      }
    }
    uses.set(folder, deps)
  }

  // Mantine's order: where each component's rules start in the full stylesheet.
  const full = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8')
  const position = new Map<string, number>()
  for (const file of readdirSync(stylesDir)) {
    const folder = /^([A-Z]\w*)\.css$/.exec(file)?.[1]
    if (!folder) continue
    const text = readFileSync(path.join(stylesDir, file), 'utf8').trim()
    const at = full.indexOf(text.slice(0, 300))
    position.set(folder, at < 0 ? Number.MAX_SAFE_INTEGER : at)
  }

  const sheetsOf = new Map<string, string[]>()
  for (const folder of uses.keys()) {
    const seen = new Set<string>()
    const visit = (f: string) => {
      if (seen.has(f)) return
      seen.add(f)
      for (const d of uses.get(f) ?? []) visit(d)
    }
    visit(folder)
    const sheets = [...seen]
      .filter((f) => position.has(f))
      .sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0))
    sheetsOf.set(folder, sheets)
  }
  return { folderOf, sheetsOf }
}

/** The Mantine component names a module imports as values (type-only imports need no styles). */
export function mantineImports(code: string): string[] {
  const names: string[] = []
  for (const m of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"]@mantine\/core['"]/g)) {
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
      // The app's modules, and Mantine's own packages built on core components (modals, notifications).
      const ours = !id.includes('/node_modules/') && /\.tsx?$/.test(id)
      const mantinePackage = /\/node_modules\/@mantine\/(modals|notifications)\/esm\/.*\.mjs$/.test(id)
      if (!(ours || mantinePackage) || !code.includes('@mantine/core')) return null
      const { folderOf, sheetsOf } = load()
      const sheets = new Set<string>()
      for (const name of mantineImports(code)) {
        const folder = folderOf.get(name)
        for (const sheet of folder ? (sheetsOf.get(folder) ?? []) : []) sheets.add(sheet)
      }
      if (sheets.size === 0) return null
      // Appended, so the module's lines (and its source map) stay where they are; imports are hoisted.
      const imports = [...sheets].map((s) => `import '@mantine/core/styles/${s}.layer.css';`).join('\n')
      return { code: `${code}\n${imports}\n`, map: null }
    },
  }
}
