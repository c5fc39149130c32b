// @ts-check
// The bench's own tools, kept out of the app's build: the fixtures and search-log CLIs (bench/*.ts,
// which write into the app's database through its schema) and the nginx helper the process
// comparison starts its proxy with (src/server/test/nginx.ts, shared with the two-process test).
// Bundled into dist/bench/ as scripts/build-server.mjs bundles the server (dependencies stay in
// node_modules), each time the bench starts: a second or two, and never a stale copy.
import { rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

/** Entry name (dist/bench/<name>.js) → its source. */
export const ENTRIES = {
  fixtures: 'bench/fixtures.ts',
  'search-logs': 'bench/search-logs.ts',
  'back-office': 'bench/back-office.ts',
  import: 'bench/import.ts',
  nginx: 'src/server/test/nginx.ts',
}

/** @param {string} root the repository */
export async function buildBenchTools(root) {
  const outdir = path.join(root, 'dist', 'bench')
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(ENTRIES).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: false,
    logLevel: 'warning',
  })
}

/**
 * A bundled tool's file.
 * @param {string} root
 * @param {keyof typeof ENTRIES} name
 */
export const benchTool = (root, name) => path.join(root, 'dist', 'bench', `${name}.js`)
