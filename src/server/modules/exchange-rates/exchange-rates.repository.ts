import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { exchangeRateStatus, exchangeRates } from '../../db/schema/exchange-rates'

export type FetchStatusRow = typeof exchangeRateStatus.$inferSelect

const EMPTY_STATUS: FetchStatusRow = {
  id: 1,
  lastSuccessAt: null,
  lastBulletinDate: null,
  appliedWith: null,
  lastFailureAt: null,
  lastFailure: null,
}

/** The fetch status row; lock: held until the caller's transaction ends (one fetch applies at a time). */
export async function readFetchStatus(db: Db, options: { lock?: boolean } = {}): Promise<FetchStatusRow> {
  // The migration inserts the row; a database restored from before it gets it back here.
  await db.insert(exchangeRateStatus).values({ id: 1 }).onConflictDoNothing()
  const query = db.select().from(exchangeRateStatus).where(eq(exchangeRateStatus.id, 1))
  const [row] = await (options.lock ? query.for('update') : query)
  return row ?? EMPTY_STATUS
}

export async function writeFetchSuccess(
  db: Db,
  at: Date,
  bulletinDate: string,
  appliedWith: string,
): Promise<void> {
  await db
    .update(exchangeRateStatus)
    .set({ lastSuccessAt: at, lastBulletinDate: bulletinDate, appliedWith })
    .where(eq(exchangeRateStatus.id, 1))
}

/** A fetch that applied nothing new still counts as a success: the bank answered a good bulletin. */
export async function writeFetchChecked(db: Db, at: Date): Promise<void> {
  await db.update(exchangeRateStatus).set({ lastSuccessAt: at }).where(eq(exchangeRateStatus.id, 1))
}

export async function writeFetchFailure(db: Db, at: Date, reason: string): Promise<void> {
  await db.insert(exchangeRateStatus).values({ id: 1 }).onConflictDoNothing()
  await db
    .update(exchangeRateStatus)
    .set({ lastFailureAt: at, lastFailure: reason.slice(0, 200) })
    .where(eq(exchangeRateStatus.id, 1))
}

/** The bank's rates of one bulletin; a currency already stored for it is updated (other settings). */
export async function insertBulletinRates(
  db: Db,
  bulletinDate: string,
  rates: Array<{ currency: string; rate: string }>,
  at: Date,
): Promise<void> {
  if (rates.length === 0) return
  await db
    .insert(exchangeRates)
    .values(
      rates.map((r) => ({
        currencyCode: r.currency,
        rate: r.rate,
        bulletinDate,
        source: 'tcmb' as const,
        fetchedAt: at,
      })),
    )
    .onConflictDoUpdate({
      target: [exchangeRates.currencyCode, exchangeRates.bulletinDate],
      targetWhere: sql`${exchangeRates.source} = 'tcmb'`,
      set: { rate: sql`excluded.rate`, fetchedAt: sql`excluded.fetched_at` },
    })
}

export async function insertManualRate(
  db: Db,
  currency: string,
  rate: string,
  userId: number,
  at: Date,
): Promise<void> {
  await db
    .insert(exchangeRates)
    .values({ currencyCode: currency, rate, bulletinDate: null, source: 'manual', fetchedAt: at, userId })
}
