import type { Db } from '../db/client'
import type { ChangeClock, ClockReading } from './change-clock'

/** How services read reference data: the value under key, loaded again only when the data changed. */
export interface ReferenceReads {
  get<T>(db: Db, key: string, load: () => Promise<T>): Promise<T>
}

/** A loaded (or loading) value; `loadingOn` is the handle its load runs on until it has finished. */
type Entry = { version: number; value: Promise<unknown>; loadingOn: Db | null }

/**
 * Settings, currencies, payment plans, store info, categories, brands and translations: a handful of
 * keys held in memory until the data changes, never for a time. Each entry remembers the
 * reference version it was loaded at (change-clock.ts); a reading with a higher version loads it again.
 * A value is loaded after its reading was taken, so it is never older than that version. A forget
 * (translations saved, a process that may have missed changes) drops entries at once as well.
 */
export class ReferenceCache implements ReferenceReads {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly clock: ChangeClock,
    /** The keys are fixed; past this many (a bug), everything is dropped rather than kept growing. */
    private readonly max = 50,
  ) {}

  /** As of a reading taken for this call alone: one small statement. */
  async get<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
    const { reference } = await this.clock.read(db)
    return this.at(db, reference, key, load)
  }

  /** As of a reading already taken (a request's, see scope). */
  private at<T>(db: Db, version: number, key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key)
    if (entry?.version === version) {
      // A load still running on another handle is not waited for: a transaction that joined a load
      // queued behind itself on the embedded database (one statement at a time) would wait forever.
      if (entry.loadingOn === null || entry.loadingOn === db) return entry.value as Promise<T>
      return load()
    }
    // A reading older than the entry (a request that started before a change) loads for itself and
    // keeps what is stored: an entry stamped ahead of every committed version (read inside a
    // transaction that wrote reference data and then rolled back) is never served to the others.
    if (entry && entry.version > version) return load()
    const value = load()
    if (this.entries.size >= this.max && !entry) this.entries.clear()
    const stored: Entry = { version, value, loadingOn: db }
    this.entries.set(key, stored)
    value.then(
      () => {
        stored.loadingOn = null
      },
      // A failed load is not remembered (unless another load has taken its place meanwhile).
      () => {
        if (this.entries.get(key) === stored) this.entries.delete(key)
      },
    )
    return value
  }

  /**
   * For one request: the clock is read once, on first use, and every key is checked against that
   * reading. A request that started before a change may finish with the data as it was when it started.
   */
  scope(): ReferenceReads & { reading(db: Db): Promise<ClockReading> } {
    let reading: Promise<ClockReading> | null = null
    const read = (db: Db) => {
      if (!reading) {
        reading = this.clock.read(db)
        // A failed reading is not kept for the rest of the request.
        reading.catch(() => {
          reading = null
        })
      }
      return reading
    }
    return {
      reading: read,
      get: async <T>(db: Db, key: string, load: () => Promise<T>) =>
        this.at(db, (await read(db)).reference, key, load),
    }
  }

  delete(key: string) {
    this.entries.delete(key)
  }

  clear() {
    this.entries.clear()
  }

  get size() {
    return this.entries.size
  }
}
