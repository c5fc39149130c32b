// Bundles the server and its command-line tools into dist/server (dependencies stay in node_modules).
import { readdirSync } from 'node:fs'
import { build } from 'esbuild'

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
  sourcemap: true,
  logLevel: 'warning',
})
