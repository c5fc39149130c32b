// `npm test`: the checks and the production build side by side (none of them fills two cores on its
// own: the type-checker, the linter and the boundary check wait on files while the build runs), then
// Vitest, then the end-to-end suite on that build. Each check's output is printed whole when it ends,
// so parallel runs never interleave their lines.
import { spawn, spawnSync } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** @param {string} script @returns {Promise<{ script: string, status: number, output: string, seconds: number }>} */
function runQuiet(script) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { env: process.env })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      const status = code ?? (signal ? 1 : 0)
      console.log(`\n── ${script}: ${status === 0 ? 'passed' : `FAILED (${status})`} in ${seconds} s ──`)
      if (output.trim()) console.log(output.trimEnd())
      resolve({ script, status, output, seconds })
    })
  })
}

/** @param {string} cmd @param {string[]} args @param {Record<string, string>} env */
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const started = Date.now()
const checks = await Promise.all(['typecheck', 'lint', 'check:boundaries', 'build'].map(runQuiet))
const failed = checks.filter((c) => c.status !== 0).map((c) => c.script)
if (failed.length > 0) {
  console.error(`\nnpm test stopped: ${failed.join(', ')} failed (output above).`)
  process.exit(1)
}
const checked = Date.now()
if (run('node', ['scripts/vitest-shuffled.mjs']) !== 0) process.exit(1)
const tested = Date.now()
// The build above is what the end-to-end servers run: not made a second time.
const e2e = run('node', ['scripts/run-e2e.mjs'], { E2E_BUILT: '1' })
/** @param {number} from @param {number} to */
const s = (from, to) => Math.round((to - from) / 1000)
console.log(
  `npm test: checks and build ${s(started, checked)} s, Vitest ${s(checked, tested)} s, end-to-end ${s(tested, Date.now())} s`,
)
process.exit(e2e)
