// Touches most of the machine's free memory once, page by page, then lets it go. On the 2-core CI
// machine (a virtual machine whose memory the host backs only when the guest first writes it) a page
// touched for the first time cost 10–22 µs to fault in and one touched before about 2 µs, and a test
// run that allocates and frees gigabytes in short-lived processes ran about 2.5 times as long on a
// freshly started machine. One pass up front pays the first-touch price once, in about a minute.
// `.ci/run` runs it; WARM_MEMORY_GB=0 skips it, WARM_MEMORY_GB=N caps it at N GiB.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const GIB = 1024 ** 3
const CHUNK = 256 * 1024 ** 2
const PAGE = 4096

/**
 * How many bytes to touch: what is available less a reserve for the services already running, at
 * most the cap, in whole chunks. Zero when the kernel does not say what is available.
 * @param {string} meminfo the text of /proc/meminfo
 * @param {{ reserveGiB?: number, capGiB?: number }} [limits]
 */
export function bytesToTouch(meminfo, { reserveGiB = 4, capGiB = 16 } = {}) {
  const match = /^MemAvailable:\s+(\d+) kB$/m.exec(meminfo)
  if (!match) return 0
  const available = Number(match[1]) * 1024
  const wanted = Math.min(available - reserveGiB * GIB, capGiB * GIB)
  return wanted > 0 ? Math.floor(wanted / CHUNK) * CHUNK : 0
}

/** @param {number} bytes */
function touch(bytes) {
  const started = process.hrtime.bigint()
  /** @type {Buffer[]} */
  const held = []
  for (let done = 0; done < bytes; done += CHUNK) {
    const chunk = Buffer.allocUnsafeSlow(CHUNK)
    for (let i = 0; i < CHUNK; i += PAGE) chunk[i] = 1
    held.push(chunk)
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const pages = bytes / PAGE
  return { seconds, microsPerPage: (seconds * 1e6) / pages, chunks: held.length }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const capText = process.env.WARM_MEMORY_GB
  const capGiB = capText === undefined || capText === '' ? 16 : Number(capText)
  if (!Number.isFinite(capGiB) || capGiB < 0) {
    console.error(`WARM_MEMORY_GB must be a number of GiB (0 skips), not '${capText}'`)
    process.exit(2)
  }
  let meminfo = ''
  try {
    meminfo = readFileSync('/proc/meminfo', 'utf8')
  } catch {
    // Not Linux: nothing to learn about free memory, nothing to warm.
  }
  const bytes = capGiB === 0 ? 0 : bytesToTouch(meminfo, { capGiB })
  if (bytes === 0) {
    console.log('warm-memory: skipped')
  } else {
    const { seconds, microsPerPage } = touch(bytes)
    console.log(
      `warm-memory: touched ${(bytes / GIB).toFixed(1)} GiB in ${seconds.toFixed(1)} s (${microsPerPage.toFixed(2)} µs a page)`,
    )
  }
}
