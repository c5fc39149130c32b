import { lastFetchDueAt, nextFetchAt } from '../../../domain/exchange-rates'
import { readFetchStatus } from './exchange-rates.repository'
import { type ExchangeRateDeps, fetchExchangeRates } from './exchange-rates.service'

export type ExchangeRateWorkerOptions = {
  /** After a failed fetch, the next try comes this much later (never after the next scheduled one). */
  retryMs: number
}

export const DEFAULT_RATE_WORKER: ExchangeRateWorkerOptions = { retryMs: 15 * 60 * 1000 }

/**
 * Fetches the bulletin at 15:35 Istanbul each business day (domain/exchange-rates.ts nextFetchAt), and
 * at start when the last success is older than the last scheduled time (a process that was down).
 * Every process runs one: the fetch is idempotent per bulletin (its status row is locked and the
 * bulletin day compared), so two processes fetching together apply it once. stop() waits for a fetch
 * under way, so the database is not closed under it.
 */
export function startExchangeRateWorker(
  deps: ExchangeRateDeps,
  options: ExchangeRateWorkerOptions = DEFAULT_RATE_WORKER,
): { stop: () => Promise<void>; nextRun: () => Date | null } {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let stopped = false
  let next: Date | null = null

  const schedule = (at: Date) => {
    if (stopped) return
    next = at
    // setTimeout takes at most about 24.8 days; a fetch is never more than 4 days away.
    timer = setTimeout(() => void run(), Math.max(0, at.getTime() - deps.now().getTime()))
    timer.unref()
  }

  const run = () => {
    if (stopped || running) return running
    running = fetchExchangeRates(deps, null)
      .then(() => schedule(nextFetchAt(deps.now())))
      .catch(() => {
        // Logged and recorded by the fetch; try again soon, but not past the regular time.
        const now = deps.now()
        const retry = new Date(now.getTime() + options.retryMs)
        const regular = nextFetchAt(now)
        schedule(retry < regular ? retry : regular)
      })
      .finally(() => {
        running = null
      })
    return running
  }

  void (async () => {
    try {
      const status = await readFetchStatus(deps.db)
      const now = deps.now()
      const due = lastFetchDueAt(now)
      if (!status.lastSuccessAt || status.lastSuccessAt < due) return void run()
      schedule(nextFetchAt(now))
    } catch {
      schedule(new Date(deps.now().getTime() + options.retryMs))
    }
  })()

  return {
    nextRun: () => next,
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
