/**
 * The requests this process is answering, so background work on the embedded database (one session
 * for everything) can let them go first: a job that waits until they are answered costs a dealer at
 * most the one chunk already under way, instead of one per statement of the request.
 */
export class InFlightRequests {
  #count = 0
  #waiters = new Set<() => void>()

  /** A request began; the function answers that it ended (once, however often it is called). */
  begin(): () => void {
    this.#count++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      this.#count--
      if (this.#count === 0) for (const wake of [...this.#waiters]) wake()
    }
  }

  get count(): number {
    return this.#count
  }

  /**
   * Resolves once no request is in flight, or after `maxMs` at the latest: under steady traffic the
   * background work still moves, a step per `maxMs`.
   */
  whenQuiet(maxMs: number): Promise<void> {
    if (this.#count === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.#waiters.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, maxMs)
      this.#waiters.add(wake)
    })
  }
}
