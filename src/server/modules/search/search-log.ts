import type { Db } from '../../db/client'
import { insertSearchLogs, type SearchLogEntry } from './search.repository'

/**
 * Every search is logged for the admin statistics, but not on the searcher's time: entries are
 * buffered and written in one transaction every flushMs (0 = at once, as tests use), together with
 * the search dashboard's running totals; repeats of one
 * search within the window only raise its hit count. A crash can lose
 * at most the last interval's entries; close() writes what is left.
 */
export class SearchLog {
  private buffer = new Map<string, SearchLogEntry>()
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  /** The same search by the same user within one window becomes one row with its number of hits. */
  record(entry: Omit<SearchLogEntry, 'createdAt' | 'hits'>): Promise<void> {
    const key = JSON.stringify([entry.userId, entry.source, entry.query, entry.resultCount])
    const seen = this.buffer.get(key)
    if (seen) seen.hits++
    else this.buffer.set(key, { ...entry, createdAt: this.now(), hits: 1 })
    if (this.flushMs <= 0 || this.buffer.size >= 500) return this.flush()
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs)
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

  close(): Promise<void> {
    return this.flush()
  }
}
