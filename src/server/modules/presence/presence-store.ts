import type { ListedUser } from '../../../domain/presence'

/**
 * Where presence is kept: this process's memory (one app process, the default) or Redis (REDIS_URL),
 * shared by every app process so each one's staff screens see the dealers of all of them.
 */
export interface PresenceStore {
  /** The dealer was seen at `at` (ms); true when that turns them online (new, timed out or logged out). */
  seen(user: { id: number; name: string }, at: number): Promise<boolean>
  /** The dealer logged out at `at`; true when they were shown online until now. */
  loggedOut(userId: number, at: number): Promise<boolean>
  /** The users staff see at `at`: domain/presence.ts's presenceList. */
  list(at: number): Promise<ListedUser[]>
  close(): Promise<void>
}

/** What the staff screens are told: presence changed, or some dealer's cart changed. */
export type LiveEvent = 'presence' | 'carts'

export const liveEvents: readonly LiveEvent[] = ['presence', 'carts']

/**
 * Tells every app process's staff sockets that something changed: in memory within one process, over
 * Redis pub/sub between processes (each process also hears its own events back).
 */
export interface LiveChannel {
  publish(event: LiveEvent): void
  /** Calls `listener` for every event until the returned function is called. */
  listen(listener: (event: LiveEvent) => void): () => void
  close(): Promise<void>
}

/** Where a backend's failures are reported (the app's logger once the app is built). */
export type LiveLog = { warn: (details: object, message: string) => void }
