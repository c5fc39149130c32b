// Every process the benchmark starts is registered here, so that an error, Ctrl-C or SIGTERM never
// leaves a seed or a server running behind it.
/** @typedef {import('node:child_process').ChildProcess} ChildProcess */

/** @type {Set<ChildProcess>} */
const running = new Set()

/**
 * Registers a child process until it exits.
 * @template {ChildProcess} C
 * @param {C} child
 * @returns {C}
 */
export function track(child) {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

/**
 * Asks a child to stop (SIGTERM), then kills it (SIGKILL) if it is still there after `graceMs`.
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopChild(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

export function stopAll() {
  return Promise.all([...running].map((child) => stopChild(child)))
}

let interrupted = false
/** Ctrl-C / SIGTERM: stop the children, run `onInterrupt` (e.g. stop autocannon), exit 130. */
export function installSignalHandlers(onInterrupt = () => {}) {
  /** @param {NodeJS.Signals} signal */
  const handler = (signal) => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the processes the benchmark started…`)
    onInterrupt()
    stopAll().finally(() => process.exit(130))
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
  // Last resort (an uncaught error, process.exit elsewhere): no graceful stop possible, so kill.
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL')
  })
}
