import { LRUCache } from 'lru-cache'

/**
 * Short-lived process memory for answers that are costly to compute and harmless when a few seconds
 * old, on lru-cache: at most `max` entries (the least recently used go first), each for `ttlMs`.
 * Entries hold the loading promise, so concurrent readers of a missing key share one load. Stale
 * entries are dropped when read or pushed out, not by timers (ttlAutopurge off). A TTL of 0 turns
 * caching off: every read loads.
 */
export class LoadingCache {
  private readonly lru: LRUCache<string, Promise<unknown>> | null

  constructor(
    readonly ttlMs: number,
    max: number,
    /** A clock for tests; lru-cache reads performance.now() otherwise. */
    now?: () => number,
  ) {
    this.lru =
      ttlMs > 0
        ? new LRUCache({
            max,
            ttl: ttlMs,
            ttlAutopurge: false,
            ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
          })
        : null
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const lru = this.lru
    if (!lru) return load()
    const hit = lru.get(key) as Promise<T> | undefined
    if (hit) return hit
    const value = load()
    lru.set(key, value)
    // A failed load is not remembered (unless another load has taken its place meanwhile).
    value.catch(() => {
      if (lru.peek(key) === value) lru.delete(key)
    })
    return value
  }

  /** The entry under key (its value and the milliseconds it has left) if it is fresh, loading nothing. */
  peek<T>(key: string): { value: Promise<T>; ttlLeft: number } | undefined {
    const value = this.lru?.get(key) as Promise<T> | undefined
    if (!value || !this.lru) return undefined
    return { value, ttlLeft: this.lru.getRemainingTTL(key) }
  }

  /**
   * Remembers a value for the TTL, or for `ttlLeft`: a value derived from another entry passes on
   * that entry's remaining time, so a chain of derived values is never fresher than what it was built from.
   */
  set<T>(key: string, value: T, ttlLeft = this.ttlMs) {
    if (!this.lru || ttlLeft <= 0) return
    this.lru.set(key, Promise.resolve(value), { ttl: ttlLeft })
  }

  /** Forgets one entry (a write in this process made it wrong). */
  delete(key: string) {
    this.lru?.delete(key)
  }

  clear() {
    this.lru?.clear()
  }

  get size() {
    return this.lru?.size ?? 0
  }
}
