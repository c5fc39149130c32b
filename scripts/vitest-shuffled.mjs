// Runs Vitest with its tests in a shuffled order, so a test that leans on another test's data fails
// here rather than by chance later. The seed is printed first: `TEST_SEED=N npm test` replays an order.
import { spawnSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'

const given = process.env.TEST_SEED
if (given !== undefined && !/^\d{1,9}$/.test(given)) {
  console.error(`TEST_SEED must be a whole number (up to 9 digits), not '${given}'`)
  process.exit(2)
}
const seed = given === undefined ? randomInt(1, 1_000_000_000) : Number(given)
console.log(`test seed: ${seed}  (replay this order with TEST_SEED=${seed})`)

const vitestPackage = createRequire(import.meta.url).resolve('vitest/package.json')
const vitest = path.join(path.dirname(vitestPackage), 'vitest.mjs')
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--sequence.shuffle', `--sequence.seed=${seed}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
)
if (result.status !== 0) console.error(`test seed: ${seed}  (failed; replay with TEST_SEED=${seed})`)
process.exit(result.status ?? 1)
