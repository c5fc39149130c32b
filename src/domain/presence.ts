/**
 * Who staff see on the online users screen (spec/2 §2, §3, §9). A dealer is "seen" by every page and
 * API call of a logged-in session. These rules decide, from the last time seen, whether a dealer is
 * online, whether they are listed at all, and in which order.
 */

/** Seen within the last 5 minutes (and not logged out since): online. */
export const PRESENCE_ONLINE_MS = 5 * 60 * 1000
/** Seen within the last 24 hours: listed, online or offline; anyone older is dropped. */
export const PRESENCE_LISTED_MS = 24 * 60 * 60 * 1000
/** The screen lists at most this many users. */
export const PRESENCE_LIST_LIMIT = 200
/** A session's activity is written at most this often: a busy page costs one write per 5 seconds. */
export const PRESENCE_TOUCH_MS = 5 * 1000
/** The staff screen asks again this often (spec/2 §9: online users are polled every 10 s). */
export const PRESENCE_POLL_MS = 10 * 1000

export type PresenceStatus = 'online' | 'offline'

/** What the store keeps of a dealer: when last seen (ms since 1970) and whether they logged out since. */
export interface PresenceEntry {
  id: number
  name: string
  seenAt: number
  loggedOut: boolean
}

export type ListedUser = PresenceEntry & { status: PresenceStatus }

export function presenceStatus(
  entry: Pick<PresenceEntry, 'seenAt' | 'loggedOut'>,
  now: number,
): PresenceStatus {
  return !entry.loggedOut && now - entry.seenAt < PRESENCE_ONLINE_MS ? 'online' : 'offline'
}

export function isListed(seenAt: number, now: number): boolean {
  return now - seenAt < PRESENCE_LISTED_MS
}

/**
 * Whether being seen now changes what staff see: a user not listed before, or one shown offline (timed
 * out or logged out), turns online. Seeing an online user again only moves their time.
 */
export function comesOnline(
  previous: Pick<PresenceEntry, 'seenAt' | 'loggedOut'> | undefined,
  now: number,
): boolean {
  return !previous || !isListed(previous.seenAt, now) || presenceStatus(previous, now) === 'offline'
}

/** The users staff see: listed ones only, online first, then the most recently seen; at most `limit`. */
export function presenceList(
  entries: Iterable<PresenceEntry>,
  now: number,
  limit = PRESENCE_LIST_LIMIT,
): ListedUser[] {
  const listed: ListedUser[] = []
  for (const entry of entries) {
    if (isListed(entry.seenAt, now)) listed.push({ ...entry, status: presenceStatus(entry, now) })
  }
  listed.sort(
    (a, b) =>
      Number(b.status === 'online') - Number(a.status === 'online') || b.seenAt - a.seenAt || a.id - b.id,
  )
  return listed.slice(0, limit)
}
