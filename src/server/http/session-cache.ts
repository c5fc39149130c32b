import type { SessionRow } from './session.repository'

/**
 * Remembers a session lookup for a few seconds, so a logged-in page with its API calls costs one
 * session query, not one per call. Logout, login and preference changes in this process forget the
 * entries at once; another process may honour an ended session for at most ttlMs.
 */
export class SessionCache {
  private entries = new Map<string, { row: SessionRow | null; expires: number }>()

  constructor(
    public ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string): SessionRow | null | undefined {
    const hit = this.entries.get(sessionId)
    if (!hit) return undefined
    if (hit.expires <= this.now()) {
      this.entries.delete(sessionId)
      return undefined
    }
    return hit.row
  }

  set(sessionId: string, row: SessionRow | null) {
    if (this.ttlMs <= 0) return
    if (this.entries.size > 10_000) this.entries.clear()
    this.entries.set(sessionId, { row, expires: this.now() + this.ttlMs })
  }

  forget(sessionId: string) {
    this.entries.delete(sessionId)
  }

  forgetUser(userId: number) {
    for (const [id, entry] of this.entries) if (entry.row?.user.id === userId) this.entries.delete(id)
  }
}
