/**
 * Short-lived process memory for answers that are costly to compute and harmless when a few seconds
 * old: store-wide reference data (settings, currencies, categories, brands) and list totals and
 * keyset anchors. Writes in this process call invalidate(); other processes catch up within the TTL.
 */
const MAX_ENTRIES = 500

type Entry<T> = { value: Promise<T>; expires: number }

export class TtlCache {
  private entries = new Map<string, Entry<unknown>>()

  constructor(
    public ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load()
    const hit = this.entries.get(key) as Entry<T> | undefined
    if (hit && hit.expires > this.now()) return hit.value
    if (this.entries.size >= MAX_ENTRIES) this.evict()
    const value = load()
    this.entries.set(key, { value, expires: this.now() + this.ttlMs })
    // A failed load is not remembered.
    value.catch(() => this.entries.delete(key))
    return value
  }

  /** The entry under key (its value and when it expires) if it is there and fresh, loading nothing. */
  peek<T>(key: string): Entry<T> | undefined {
    const hit = this.entries.get(key) as Entry<T> | undefined
    return hit && hit.expires > this.now() ? hit : undefined
  }

  /**
   * Remembers a value for the TTL, or until `expires`: a value derived from another entry passes on
   * that entry's expiry, so a chain of derived values is never fresher than what it was built from.
   */
  set<T>(key: string, value: T, expires = this.now() + this.ttlMs) {
    if (this.ttlMs <= 0) return
    if (this.entries.size >= MAX_ENTRIES) this.evict()
    this.entries.set(key, { value: Promise.resolve(value), expires })
  }

  /** Forgets one entry (a write in this process made it wrong). */
  delete(key: string) {
    this.entries.delete(key)
  }

  invalidate() {
    this.entries.clear()
  }

  private evict() {
    const now = this.now()
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key)
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
  }
}

/** Settings, currencies, payment plans, store info, categories and brands. */
export const referenceCache = new TtlCache(10_000)
/** Catalogue list totals and deep-page anchors. */
export const listCache = new TtlCache(10_000)

/** Applied once at start-up from CACHE_SECONDS (0 turns caching off, as the integration tests do). */
export function configureCaches(seconds: number) {
  referenceCache.ttlMs = seconds * 1000
  listCache.ttlMs = seconds * 1000
  referenceCache.invalidate()
  listCache.invalidate()
}
