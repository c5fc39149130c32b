/**
 * The app's one polite live region, as a tiny store: `announce(text)` from anywhere (a mutation's
 * callback included), and the region the layout mounts once (`LiveRegion`) renders the latest text.
 * A screen reader reads a change of the region's content, so the same text twice in a row must still
 * change it: `seq` grows on every call and the region alternates a trailing no-break space on it.
 */
export interface Announcement {
  text: string
  seq: number
}

type Listener = () => void

let current: Announcement = { text: '', seq: 0 }
const listeners = new Set<Listener>()

export function announce(text: string): void {
  current = { text, seq: current.seq + 1 }
  for (const listener of listeners) listener()
}

export function subscribeAnnouncements(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function currentAnnouncement(): Announcement {
  return current
}
