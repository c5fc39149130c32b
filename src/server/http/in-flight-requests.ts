/**
 * The requests this process is answering, so background work on the embedded database (one session
 * for everything) can let them go first: a job that waits until they are answered costs a dealer at
 * most the one chunk already under way, instead of one per statement of the request.
 */
export class InFlightRequests {
  #count = 0
  #lastEnd = Number.NEGATIVE_INFINITY
  #listeners = new Set<() => void>()

  /** A request began; the function answers that it ended (once, however often it is called). */
  begin(): () => void {
    this.#count++
    this.#notify()
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.#count--
      this.#lastEnd = Date.now()
      this.#notify()
    }
  }

  get count(): number {
    return this.#count
  }

  #notify() {
    for (const listener of [...this.#listeners]) listener()
  }

  /**
   * Resolves once no request has been in flight for `graceMs` (a page's requests come one after
   * another a few milliseconds apart: the grace lets the next one in before the work goes on), or
   * after `maxMs` at the latest: under steady traffic the background work still moves, a step per
   * `maxMs`.
   */
  whenQuiet(maxMs: number, graceMs = 0): Promise<void> {
    return new Promise((resolve) => {
      let graceTimer: NodeJS.Timeout | undefined
      const done = () => {
        clearTimeout(limit)
        clearTimeout(graceTimer)
        this.#listeners.delete(check)
        resolve()
      }
      const check = () => {
        clearTimeout(graceTimer)
        if (this.#count > 0) return
        const left = graceMs - (Date.now() - this.#lastEnd)
        if (left <= 0) done()
        else graceTimer = setTimeout(done, left)
      }
      const limit = setTimeout(done, maxMs)
      this.#listeners.add(check)
      check()
    })
  }
}
