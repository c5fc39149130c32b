// @ts-check
// npm run bench -- --import [ROWS]
//
// The spreadsheet import's bench (bench/import.ts): an XLSX of ROWS products (default 100,000) read,
// previewed, stored and written as a job on a fresh embedded database in a data directory of its own
// (data/bench/import), through the import's service functions. Prints each step; writes
// bench/results/import-latest.json. Exit code 1 when the import (read + store + write) took 60 s or
// more or a row was not created. See docs/benchmarks.md, "Spreadsheet import".
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { benchTool } from './tools.mjs'

/** @param {string[]} argv */
export const isImport = (argv) => argv[0] === '--import'

/** @param {{ root: string, argv: string[], commit: string }} run */
export function runImport({ root, argv, commit }) {
  const rows = argv[1] ?? '100000'
  if (!/^\d+$/.test(rows)) {
    console.error('Usage: npm run bench -- --import [ROWS]')
    return 2
  }
  const dataDir = path.join(root, 'data', 'bench', 'import')
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  /** @type {NodeJS.ProcessEnv} */
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', DEMO_DATA: '0' }
  delete env.DATABASE_URL
  let out
  try {
    out = execFileSync(process.execPath, [benchTool(root, 'import'), '--rows', rows, '--json'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    })
  } catch (err) {
    out = /** @type {{ stdout?: string }} */ (err).stdout ?? ''
  }
  const line = out.trim().split('\n').at(-1) ?? ''
  if (!line.startsWith('{')) {
    console.error('The import bench gave no report.')
    return 1
  }
  const report = { date: new Date().toISOString(), commit, ...JSON.parse(line) }
  const outDir = path.join(root, 'bench', 'results')
  mkdirSync(outDir, { recursive: true })
  writeFileSync(path.join(outDir, 'import-latest.json'), `${JSON.stringify(report, null, 2)}\n`)
  console.log(
    `Import of ${report.rows} rows (${report.fileMiB} MB XLSX): ${report.importSeconds} s ` +
      `(read ${report.readSeconds} s, store ${report.storeSeconds} s, write ${report.writeSeconds} s); ` +
      `preview of ${report.previewedRows} rows ${report.previewSeconds} s; budget < ${report.budgetSeconds} s: ` +
      `${report.pass ? 'PASS' : 'FAIL'}`,
  )
  rmSync(dataDir, { recursive: true, force: true })
  return report.pass ? 0 : 1
}
