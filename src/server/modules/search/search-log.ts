import { continuesTyping, SETTLE_MS } from '../../../domain/search-typing'
import type { Db } from '../../db/client'
import { insertSearchLogs, type SearchLogEntry } from './search.repository'

type Entry = Omit<SearchLogEntry, 'createdAt' | 'hits'>
/** A term typed into the search box, held until it settles (domain/search-typing.ts), and when. */
type Typed = { entry: Entry; at: Date }

/**
 * Every search is logged for the admin statistics, but not on the searcher's time: entries are
 * buffered and written in one transaction every flushMs (0 = at once, as tests use), together with
 * the search dashboard's running totals; repeats of one search within the window only raise its hit
 * count. A crash can lose at most the last interval's entries; close() writes what is left.
 *
 * The autocomplete's terms are what a person is typing, not yet what they searched: each typist (a
 * session) has one term held, replaced while they type on, and logged once it settles: no keystroke
 * for settleMs, a term that starts another search, or the search page opened with it, which is then
 * the one search logged. settleMs 0 logs every term at once.
 */
export class SearchLog {
  private buffer = new Map<string, SearchLogEntry>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()
  private readonly typing = new Map<string, Typed>()
  private settleTimer: NodeJS.Timeout | undefined

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => {},
    private readonly settleMs = SETTLE_MS,
  ) {}

  /**
   * A search (the search page). The same search by the same user within one window becomes one row
   * with its number of hits. `typist`: the session it came from, whose term typed into the box, if it
   * led here, is not logged as well.
   */
  record(entry: Entry, typist?: string): Promise<void> {
    if (typist !== undefined) {
      const held = this.typing.get(typist)
      if (held && continuesTyping(held.entry.query, entry.query)) this.typing.delete(typist)
    }
    return this.add(entry)
  }

  /** A term typed into the search box by this typist (the autocomplete's question). */
  typed(typist: string, entry: Omit<Entry, 'source'>): Promise<void> {
    const next: Entry = { ...entry, source: 'autocomplete' }
    if (this.settleMs <= 0) return this.add(next)
    const held = this.typing.get(typist)
    this.typing.set(typist, { entry: next, at: this.now() })
    this.settleTimer ??= this.settleLater(this.settleMs)
    // Another search than the one held: the held one was settled on.
    if (held && !continuesTyping(held.entry.query, next.query)) return this.add(held.entry, held.at)
    return Promise.resolve()
  }

  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const batch = [...this.buffer.values()]
    this.buffer = new Map()
    this.writing = this.writing.then(() => insertSearchLogs(this.db, batch, this.now())).catch(this.onError)
    return this.writing
  }

  /** Logs the terms still held as settled, and writes everything. */
  close(): Promise<void> {
    clearTimeout(this.settleTimer)
    this.settleTimer = undefined
    for (const { entry, at } of this.typing.values()) this.put(entry, at)
    this.typing.clear()
    return this.flush()
  }

  /** Buffers an entry (logged at `at`, its last keystroke for a typed term) and writes when due. */
  private add(entry: Entry, at = this.now()): Promise<void> {
    this.put(entry, at)
    if (this.flushMs <= 0 || this.buffer.size >= 500) return this.flush()
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs)
    return Promise.resolve()
  }

  private put(entry: Entry, at: Date) {
    const key = keyOf(entry)
    const seen = this.buffer.get(key)
    if (seen) seen.hits++
    else this.buffer.set(key, { ...entry, createdAt: at, hits: 1 })
  }

  /** A held term never keeps the process alive: close() logs what is held. */
  private settleLater(ms: number): NodeJS.Timeout {
    return setTimeout(() => void this.settle(), ms).unref()
  }

  /** Logs every held term no key has touched for settleMs; comes back for the others. */
  private async settle(): Promise<void> {
    this.settleTimer = undefined
    const cutoff = this.now().getTime() - this.settleMs
    let nextDue = Number.POSITIVE_INFINITY
    const settled: Typed[] = []
    for (const [typist, held] of this.typing) {
      if (held.at.getTime() <= cutoff) {
        this.typing.delete(typist)
        settled.push(held)
      } else nextDue = Math.min(nextDue, held.at.getTime() + this.settleMs)
    }
    if (Number.isFinite(nextDue))
      this.settleTimer = this.settleLater(Math.max(1, nextDue - this.now().getTime()))
    for (const held of settled) await this.add(held.entry, held.at)
  }
}

const keyOf = (entry: Entry) => JSON.stringify([entry.userId, entry.source, entry.query, entry.resultCount])
