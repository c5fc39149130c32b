import type { Db } from '../../db/client'
import { insertSearchLogs, type SearchLogEntry } from './search.repository'

/**
 * Every search is logged for the admin statistics, but not on the searcher's time: entries are
 * buffered and written in one statement every flushMs (0 = at once, as tests use). A crash can lose
 * at most the last interval's entries; close() writes what is left.
 */
export class SearchLog {
  private buffer: SearchLogEntry[] = []
  private timer: NodeJS.Timeout | undefined
  private writing: Promise<void> = Promise.resolve()

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly now: () => Date = () => new Date(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  record(entry: Omit<SearchLogEntry, 'createdAt'>): Promise<void> {
    this.buffer.push({ ...entry, createdAt: this.now() })
    if (this.flushMs <= 0 || this.buffer.length >= 500) return this.flush()
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs)
    return Promise.resolve()
  }

  flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    const batch = this.buffer
    this.buffer = []
    this.writing = this.writing.then(() => insertSearchLogs(this.db, batch)).catch(this.onError)
    return this.writing
  }

  close(): Promise<void> {
    return this.flush()
  }
}
