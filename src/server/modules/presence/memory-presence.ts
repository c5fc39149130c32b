import {
  comesOnline,
  isListed,
  type ListedUser,
  type PresenceEntry,
  presenceList,
  presenceStatus,
} from '../../../domain/presence'
import type { LiveChannel, LiveEvent, PresenceStore } from './presence-store'

/** Users not seen for a day are dropped at most this often, so the map holds only the listed ones. */
const PRUNE_EVERY_MS = 60 * 1000

/** Presence in this process's memory: right for one app process (the default, no REDIS_URL). */
export class MemoryPresence implements PresenceStore {
  private readonly entries = new Map<number, PresenceEntry>()
  private prunedAt = 0

  async seen(user: { id: number; name: string }, at: number): Promise<boolean> {
    const previous = this.entries.get(user.id)
    this.entries.set(user.id, { id: user.id, name: user.name, seenAt: at, loggedOut: false })
    this.prune(at)
    return comesOnline(previous, at)
  }

  async loggedOut(userId: number, at: number): Promise<boolean> {
    const entry = this.entries.get(userId)
    if (!entry) return false
    const wasOnline = presenceStatus(entry, at) === 'online'
    entry.loggedOut = true
    return wasOnline
  }

  async list(at: number): Promise<ListedUser[]> {
    this.prune(at)
    return presenceList(this.entries.values(), at)
  }

  async close(): Promise<void> {
    this.entries.clear()
  }

  private prune(at: number) {
    if (at - this.prunedAt < PRUNE_EVERY_MS) return
    this.prunedAt = at
    for (const [id, entry] of this.entries) if (!isListed(entry.seenAt, at)) this.entries.delete(id)
  }
}

/** Events within this process only. */
export class MemoryChannel implements LiveChannel {
  private readonly listeners = new Set<(event: LiveEvent) => void>()

  publish(event: LiveEvent): void {
    for (const listener of this.listeners) listener(event)
  }

  listen(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }
}
