// Builds the embedded database of one catalogue size with the project's own seed CLI.
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { track } from './children.mjs'

/** Environment for the project's processes: always the embedded database in `dataDir`. */
export function childEnv(dataDir, extra = {}) {
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra }
  // A DATABASE_URL in the caller's shell must never send the benchmark (or its seed) to a real server.
  delete env.DATABASE_URL
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key]
  return env
}

const MARKER = 'bench-seed.json'

/**
 * A fresh database with `size` listed products in data/bench/<size>. With `reuse`, an existing one of
 * that size (recorded in bench-seed.json after a seed that finished) is kept as it is.
 */
export async function prepareDatabase({ root, size, reuse, log }) {
  const dataDir = path.join(root, 'data', 'bench', String(size))
  const markerFile = path.join(dataDir, MARKER)
  if (reuse && existsSync(markerFile) && existsSync(path.join(dataDir, 'pgdata'))) {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8'))
    if (marker.products === size) {
      log(`Reusing the database in ${path.relative(root, dataDir)} (seeded ${marker.seededAt}).`)
      return { dataDir, reused: true, seedSeconds: null, listed: marker.listed ?? null }
    }
  }
  rmSync(dataDir, { recursive: true, force: true })
  log(`Seeding ${size.toLocaleString('en')} listed products into ${path.relative(root, dataDir)}…`)
  const started = performance.now()
  const output = await runSeed(root, dataDir, size)
  const seedSeconds = (performance.now() - started) / 1000
  const listed = Number(/listedProducts\s+(\d+)/.exec(output)?.[1] ?? Number.NaN)
  if (listed !== size) {
    throw new Error(`The seed reported ${listed} listed products, expected ${size}:\n${output.slice(-2000)}`)
  }
  log(`Seeded in ${seedSeconds.toFixed(1)} s.`)
  writeFileSync(
    markerFile,
    `${JSON.stringify({ products: size, listed, seededAt: new Date().toISOString(), seedSeconds }, null, 2)}\n`,
  )
  return { dataDir, reused: false, seedSeconds, listed }
}

function runSeed(root, dataDir, size) {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(
        process.execPath,
        [path.join(root, 'dist', 'server', 'cli', 'seed.js'), '--products', String(size)],
        {
          cwd: root,
          env: childEnv(dataDir),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    )
    let output = ''
    const onData = (chunk) => {
      const text = chunk.toString()
      output += text
      // Progress lines ("  12000 / 98050") keep a long seed from looking stuck.
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`    seed │ ${line}\n`)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(output)
      else
        reject(new Error(`The seed CLI failed (${signal ?? `exit code ${code}`}):\n${output.slice(-2000)}`))
    })
  })
}
