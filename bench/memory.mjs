// The server's resident memory (RSS), read from /proc/<pid>/status on Linux: one reading, and a
// sampler that keeps the peak while a scenario runs. Elsewhere (no /proc) every reading is null and
// the report says "–".
import { readFileSync } from 'node:fs'

/**
 * VmRSS of a process in KiB, or null when it is gone or /proc is missing.
 * @param {number | undefined} pid
 * @returns {number | null}
 */
export function rssKiB(pid) {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m ? Number(m[1]) : null
  } catch {
    return null
  }
}

/** @param {number | null | undefined} kib */
export const mib = (kib) => (kib === null || kib === undefined ? null : Math.round(kib / 1024))

/**
 * Samples the process's RSS every `everyMs` until `stop()`, which returns the peak and the last
 * reading in MiB (null when nothing could be read).
 * @param {number | undefined} pid
 */
export function sampleRss(pid, everyMs = 250) {
  /** @type {number | null} */
  let peak = null
  /** @type {number | null} */
  let last = null
  const read = () => {
    const kib = rssKiB(pid)
    if (kib === null) return
    last = kib
    if (peak === null || kib > peak) peak = kib
  }
  read()
  const timer = setInterval(read, everyMs)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      read()
      return { peakMiB: mib(peak), lastMiB: mib(last) }
    },
  }
}
