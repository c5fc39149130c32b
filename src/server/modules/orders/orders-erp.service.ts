import { eq } from 'drizzle-orm'
import type { OrderAck } from '../../../contracts/integration-feeds'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema/orders'
import { AppError, notFound } from '../../http/errors'
import { type AuditActor, recordAudit } from '../audit/audit.service'

/**
 * POST /api/integration/v1/orders/{id}/ack: the ERP took the order over as its document
 * `documentNumber`; the dealer sees that number on the order from then on. Idempotent: the same
 * number again answers the same acknowledgement (the ERP may resend after a lost answer); another
 * number for an acknowledged order is 409 `order_already_acknowledged`, naming the number it has.
 * Audited with the key as the actor.
 */
export async function acknowledgeOrder(
  db: Db,
  actor: AuditActor,
  orderId: number,
  documentNumber: string,
  now: Date,
): Promise<OrderAck> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: orders.id,
        orderNo: orders.orderNo,
        erpDocumentNo: orders.erpDocumentNo,
        erpTransferredAt: orders.erpTransferredAt,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for('update')
    if (!row) throw notFound()
    const answer = (at: Date) => ({
      id: row.id,
      orderNo: row.orderNo,
      documentNumber,
      transferredAt: at.toISOString(),
    })
    if (row.erpDocumentNo !== null) {
      // Compared as typed: the ERP's numbers are its own, case included.
      if (row.erpDocumentNo === documentNumber) return answer(row.erpTransferredAt ?? now)
      throw new AppError(
        'conflict',
        'feeds.orderAcked',
        { documentNumber: row.erpDocumentNo },
        'order_already_acknowledged',
      )
    }
    await tx
      .update(orders)
      .set({ erpDocumentNo: documentNumber, erpTransferredAt: now })
      .where(eq(orders.id, orderId))
    await recordAudit(
      tx,
      actor,
      {
        entity: 'order',
        entityId: orderId,
        action: 'erp_ack',
        before: { erpDocumentNo: null },
        after: { erpDocumentNo: documentNumber },
      },
      now,
    )
    return answer(now)
  })
}
