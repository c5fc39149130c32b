import { and, count, desc, eq, getTableColumns, inArray, type SQL } from 'drizzle-orm'
import type { MailStatus } from '../../../contracts/mail-outbox'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema/mail'
import { offers, orders } from '../../db/schema/orders'

const withStatus = (status: MailStatus | undefined): SQL | undefined =>
  status ? eq(mailOutbox.status, status) : undefined

export async function countMail(db: Db, status: MailStatus | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(withStatus(status))
  return row?.n ?? 0
}

const { html: _html, text: _text, ...listColumns } = getTableColumns(mailOutbox)

/** A page of the outbox, newest first, without the bodies, with the number of the order or offer. */
export async function findMailPage(db: Db, status: MailStatus | undefined, offset: number, limit: number) {
  return db
    .select({ ...listColumns, orderNo: orders.orderNo, offerNo: offers.offerNo })
    .from(mailOutbox)
    .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
    .leftJoin(offers, eq(offers.id, mailOutbox.offerId))
    .where(withStatus(status))
    .orderBy(desc(mailOutbox.id))
    .offset(offset)
    .limit(limit)
}

export type MailRow = Awaited<ReturnType<typeof findMailPage>>[number]

export async function findMail(db: Db, id: number): Promise<MailRow | null> {
  const [row] = await db
    .select({ ...listColumns, orderNo: orders.orderNo, offerNo: offers.offerNo })
    .from(mailOutbox)
    .leftJoin(orders, eq(orders.id, mailOutbox.orderId))
    .leftJoin(offers, eq(offers.id, mailOutbox.offerId))
    .where(eq(mailOutbox.id, id))
  return row ?? null
}

/**
 * A failed or pending mail due now with a fresh set of attempts; answers whether the row changed (a
 * sent mail is never sent again). A worker sending it right now keeps its claim only if it still
 * matches, so its late result cannot overwrite this reset.
 */
export async function resetForRetry(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['failed', 'pending'])))
    .returning({ id: mailOutbox.id })
  return rows.length > 0
}
