import { LRUCache } from 'lru-cache'
import type { SessionRow } from './session.repository'

/** At most this many sessions are remembered; the least recently used go first. */
const MAX_SESSIONS = 10_000

/**
 * Remembers a session lookup for a few seconds, so a logged-in page with its API calls costs one
 * session query, not one per call. A missing session is remembered too (a stale cookie costs one
 * query, not one per call). Logout, login and preference changes in this process forget the entries
 * at once; another process may honour an ended session for at most ttlMs. On lru-cache, like the
 * other caches (src/server/cache/loading-cache.ts); a TTL of 0 remembers nothing.
 */
export class SessionCache {
  private readonly lru: LRUCache<string, { row: SessionRow | null }> | null

  constructor(
    readonly ttlMs: number,
    /** A clock for tests; lru-cache reads performance.now() otherwise. */
    now?: () => number,
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
  }

  get(sessionId: string): SessionRow | null | undefined {
    return this.lru?.get(sessionId)?.row
  }

  set(sessionId: string, row: SessionRow | null) {
    this.lru?.set(sessionId, { row })
  }

  forget(sessionId: string) {
    this.lru?.delete(sessionId)
  }

  forgetUser(userId: number) {
    if (!this.lru) return
    for (const [id, entry] of this.lru.entries()) if (entry.row?.user.id === userId) this.lru.delete(id)
  }
}
