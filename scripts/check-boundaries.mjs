// Enforces the direction of imports (DESIGN §2): domain imports nothing of ours; contracts only
// contracts and domain; web never imports server (nor server web); a web feature never reaches into another.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g

/** @param {string} file project-relative path, e.g. src/web/features/home/HomePage.tsx */
function layerOf(file) {
  const parts = file.split('/')
  if (parts[0] !== 'src') return { layer: 'outside' }
  if (parts[1] === 'web' && parts[2] === 'features') return { layer: 'web', feature: parts[3] }
  return { layer: parts[1] }
}

/**
 * @param {Map<string, string>} files project-relative path → source text
 * @returns {string[]} one line per forbidden import
 */
export function findViolations(files) {
  const problems = []
  for (const [file, source] of files) {
    const from = layerOf(file)
    if (from.layer === 'outside') continue
    for (const match of source.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3]
      if (!spec?.startsWith('.')) continue
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      const to = layerOf(target)
      let rule = null
      if (from.layer === 'domain' && to.layer !== 'domain') rule = 'domain imports nothing of ours'
      else if (from.layer === 'contracts' && !['contracts', 'domain'].includes(to.layer))
        rule = 'contracts import only contracts and domain'
      else if (from.layer === 'web' && to.layer === 'server') rule = 'web never imports server'
      else if (from.layer === 'server' && to.layer === 'web') rule = 'server never imports web'
      else if (from.feature && to.feature && from.feature !== to.feature)
        rule = 'a web feature does not reach into another feature (share through components/ or lib/)'
      else if (to.layer === 'outside' && from.layer !== 'outside') rule = 'src imports nothing outside src'
      if (rule) problems.push(`${file}: imports '${spec}' — ${rule}`)
    }
  }
  return problems
}

function collect(dir, out = new Map()) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) collect(full, out)
    else if (/\.(ts|tsx|mts)$/.test(name)) out.set(full.split(path.sep).join('/'), readFileSync(full, 'utf8'))
  }
  return out
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const files = collect('src')
  const problems = findViolations(files)
  if (problems.length) {
    console.error(
      `Import boundaries broken (${problems.length}):\n${problems.map((p) => `  ${p}`).join('\n')}`,
    )
    process.exit(1)
  }
  console.log(`Import boundaries hold (${files.size} files checked).`)
}
