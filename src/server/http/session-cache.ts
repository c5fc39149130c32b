import { LRUCache } from 'lru-cache'
import type { CacheChange, Invalidation } from '../cache/invalidation'
import type { SessionRow } from './session.repository'

/** At most this many sessions are remembered; the least recently used go first. */
const MAX_SESSIONS = 10_000

/**
 * Remembers a session lookup for a few seconds, so a logged-in page with its API calls costs one
 * session query, not one per call. A missing session is remembered too (a stale cookie costs one
 * query, not one per call). Logout, login, password and preference changes forget the entries at once
 * in this process and, through the app's invalidation channel (cache/invalidation.ts), in every other
 * process as soon as the message arrives; ttlMs bounds what a lost message can cost. On lru-cache,
 * like the other caches (src/server/cache/loading-cache.ts); a TTL of 0 remembers nothing.
 */
export class SessionCache {
  private readonly lru: LRUCache<string, { row: SessionRow | null }> | null
  /** Grows on every forget: a lookup that began before one may hold a row that is gone. */
  private forgets = 0

  constructor(
    readonly ttlMs: number,
    /** A clock for tests; lru-cache reads performance.now() otherwise. */
    now?: () => number,
    /** Tells the other processes of every forget (without one: this process only). */
    private readonly invalidation?: Invalidation,
  ) {
    this.lru =
      ttlMs > 0
        ? new LRUCache({
            max: MAX_SESSIONS,
            ttl: ttlMs,
            ttlAutopurge: false,
            ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
          })
        : null
    invalidation?.target((change) => this.apply(change))
  }

  get(sessionId: string): SessionRow | null | undefined {
    return this.lru?.get(sessionId)?.row
  }

  /** Taken before a lookup of the database and handed to set(), which then keeps no stale row. */
  get generation(): number {
    return this.forgets
  }

  /**
   * Remembers a lookup. With `readAt` (the generation before the lookup began) nothing is kept when a
   * forget came in between: a logout or a password change may have deleted what the lookup read.
   */
  set(sessionId: string, row: SessionRow | null, readAt?: number) {
    if (readAt !== undefined && readAt !== this.forgets) return
    this.lru?.set(sessionId, { row })
  }

  forget(sessionId: string) {
    this.change({ session: sessionId })
  }

  forgetUser(userId: number) {
    this.change({ userSessions: userId })
  }

  private change(change: CacheChange) {
    if (this.invalidation) this.invalidation.forget(change)
    else this.apply(change)
  }

  /** A forget of this process or of another one. */
  private apply(change: CacheChange) {
    if ('session' in change) {
      this.forgets++
      this.lru?.delete(change.session)
    } else if ('userSessions' in change) {
      this.forgets++
      if (!this.lru) return
      for (const [id, entry] of this.lru.entries())
        if (entry.row?.user.id === change.userSessions) this.lru.delete(id)
    } else if ('all' in change) {
      this.forgets++
      this.lru?.clear()
    }
  }
}
