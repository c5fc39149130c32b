import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { preparedPerHandle } from '../db/prepared'

/**
 * Where the data stands, in two numbers that only grow: the highest products.change_seq (migration
 * 0016, stamped on every product insert and update) and the highest data_versions.version (migration
 * 0017, stamped by every statement writing reference data). Both become visible with the writer's
 * commit, so a reading taken after a commit covers it.
 */
export type ClockReading = { products: number; reference: number }

/**
 * Read by nearly every request, so prepared (db/prepared.ts): as a plain statement its parse and plan
 * took 0.2 ms of the 0.25.
 */
const readClockStatement = preparedPerHandle((db) =>
  db
    .select({
      products: sql<string | number>`(select coalesce(max(change_seq), 0) from products)`,
      reference: sql<string | number>`(select coalesce(max(version), 0) from data_versions)`,
    })
    .from(sql`(values (1)) as one (x)`)
    .prepare('read_clock'),
)

export async function readClock(db: Db): Promise<ClockReading> {
  const [row] = await readClockStatement(db).execute()
  return { products: Number(row?.products ?? 0), reference: Number(row?.reference ?? 0) }
}

/**
 * One reading shared by the callers that arrive together: while one runs (it may have started before
 * a caller's write committed), the callers that arrive meanwhile share the single reading that starts
 * when it ends, so every caller gets a reading started after its call. Per database handle: a
 * transaction reads through its own (the embedded database runs one statement at a time, and a reading
 * queued behind an open transaction would wait for it forever).
 */
export class ChangeClock {
  private readonly shared = new WeakMap<
    Db,
    { running: Promise<ClockReading> | null; next: Promise<ClockReading> | null }
  >()
  /** Readings taken (tests count them). */
  reads = 0

  read(db: Db): Promise<ClockReading> {
    let state = this.shared.get(db)
    if (!state) {
      state = { running: null, next: null }
      this.shared.set(db, state)
    }
    const s = state
    const start = () => {
      this.reads++
      const running = readClock(db).finally(() => {
        if (s.running === running) s.running = null
      })
      s.running = running
      return running
    }
    if (!s.running) return start()
    if (!s.next) {
      s.next = s.running
        .catch(() => undefined)
        .then(() => {
          s.next = null
          return s.running ?? start()
        })
    }
    return s.next
  }
}
