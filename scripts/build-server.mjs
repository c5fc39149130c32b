// Bundles the server and its command-line tools into dist/server (dependencies stay in node_modules).
import { readdirSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

// esbuild writes over what is there and leaves the rest: start empty, so no file of an earlier build
// (a tool since removed, a source map of before they were turned off) stays beside the new ones.
rmSync('dist/server', { recursive: true, force: true })

const cli = readdirSync('src/server/cli')
  .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
  .map((f) => `src/server/cli/${f}`)

await build({
  // The embedded database's worker thread is its own entry (db/open.ts finds it next to the server).
  entryPoints: ['src/server/main.ts', 'src/server/db/pglite-worker.ts', ...cli],
  outbase: 'src/server',
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  // No maps beside the server either (scripts/check-source-maps.mjs): nothing reads them (node runs
  // without --enable-source-maps), and a copy of dist/ must not carry the sources.
  sourcemap: false,
  logLevel: 'warning',
})
