import type { Counter, ThrottleStore } from './throttle-store'

/**
 * At most `max` events per key in a fixed window that starts at the key's first event, counted in the
 * app's shared counter store (PostgreSQL, or Redis with REDIS_URL: every process sees every event).
 * Request limits use it (warranty lookups per user, guest BIN lookups per IP); LoginThrottle counts
 * failures with its own rules over the same store.
 */
export class RateWindow {
  constructor(
    private readonly store: ThrottleStore,
    /** Names this limit's keys in the store (e.g. 'warranty'). */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts an event and answers 0, or answers how many ms until one is allowed. */
  async take(key: string, now: number): Promise<number> {
    const counter = await this.store.hit(`r:${this.name}:${key}`, this.windowMs, now)
    return waitAfter(counter, this.max, now)
  }
}

/** How long a counter that just counted an event holds the next one (0: this one is allowed). */
export const waitAfter = (counter: Counter, max: number, now: number): number =>
  counter.count > max ? Math.max(1, counter.expiresAt - now) : 0

type RateLimitState = { current: number; ttl: number }
type RateLimitCallback = (err: Error | null, state?: RateLimitState) => void

/**
 * A `store` for @fastify/rate-limit over the shared counter store, so its limits (fault reports,
 * offer and payment-link mails) hold across processes: `register(rateLimit, { global: false, store:
 * sharedRateLimitStore(counters) })`. Each route's keys are apart (method and URL in the key).
 */
export function sharedRateLimitStore(counters: ThrottleStore, now: () => number = Date.now) {
  return class SharedRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = 'rl:',
    ) {}

    incr(key: string, callback: RateLimitCallback, timeWindow: number) {
      const at = now()
      counters.hit(`${this.scope}${key}`, timeWindow, at).then(
        (c) => callback(null, { current: c.count, ttl: Math.max(0, c.expiresAt - at) }),
        (err: Error) => callback(err),
      )
    }

    /** Called per route with the route's merged options; `routeInfo` names the route. */
    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo
      const name = `${String(route?.method ?? '')}${String(route?.url ?? '')}`
      return new SharedRateLimitStore(undefined, `rl:${name}:`)
    }
  }
}
