// The last step of `npm run build`: fails the build when what it made carries a source map (a .map
// file, or a script or stylesheet naming one with sourceMappingURL). dist/web is served as it is and
// would hand the app's sources to anyone asking for a .map; dist/ssr and dist/server are not served,
// but are held to the same rule so no map ends up in a copy of them.
//
// node scripts/check-source-maps.mjs [dir…]   (default dist/web dist/ssr dist/server)
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const MAP_FILE = /\.map$/i
const TEXT_FILE = /\.(?:js|mjs|cjs|css)$/i
const MAP_COMMENT = /[#@]\s*sourceMappingURL=/

/**
 * Every file under dir (absolute paths).
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  )
  return nested.flat()
}

/**
 * The files under `dirs` that are source maps or point to one; a folder that is not there is skipped.
 * @param {string[]} dirs
 */
export async function findSourceMaps(dirs) {
  const found = []
  for (const dir of dirs.filter((d) => existsSync(d))) {
    for (const file of await filesUnder(dir)) {
      if (MAP_FILE.test(file)) found.push(file)
      else if (TEXT_FILE.test(file) && MAP_COMMENT.test(await readFile(file, 'utf8'))) found.push(file)
    }
  }
  return found
}

async function main() {
  const dirs = process.argv.slice(2)
  const checked = dirs.length > 0 ? dirs : ['dist/web', 'dist/ssr', 'dist/server']
  const found = await findSourceMaps(checked)
  if (found.length === 0) return 0
  console.error(`The build carries source maps (${found.length} files), which must not be shipped:`)
  for (const file of found.slice(0, 20)) console.error(`  ${path.relative(process.cwd(), file)}`)
  return 1
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main()
}
