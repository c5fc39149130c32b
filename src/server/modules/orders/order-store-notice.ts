import { formatMoney } from '../../../domain/money-format'
import type { Db } from '../../db/client'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { storeNoticeMail } from '../../integrations/mail/store-notice-mail'
import { orderView } from './order-view'
import { findOrder, findOrderItems, findOrderParties } from './orders.repository'

/** The staff's order list, opened on this order's number. */
export const staffOrderPage = (publicUrl: string, orderNo: string) =>
  `${publicUrl}/yonetim/siparisler?q=${encodeURIComponent(orderNo)}`

/**
 * Queues the store's mail of a new order to each of its notification addresses, inside the order's
 * transaction (the mail commits with the order or not at all). Nothing when the store has no address.
 */
export async function queueStoreOrderNotice(
  tx: Db,
  orderId: number,
  input: {
    now: Date
    timeZone: string
    publicUrl: string
    paidByCard: boolean
    /** storeMailRecipients, read by the caller (before it took the store-wide order counter). */
    recipients: string[]
  },
): Promise<void> {
  const { recipients } = input
  if (recipients.length === 0) return
  const parties = await findOrderParties(tx, orderId)
  const row = parties && (await findOrder(tx, orderId, parties.customerId))
  if (!parties || !row) throw new Error(`order ${orderId} not found in its own transaction`)
  const order = orderView(row, await findOrderItems(tx, [orderId]))
  const facts = [
    `Ödeme planı: ${order.paymentPlan}`,
    ...(input.paidByCard ? ['Ödeme: kredi kartıyla ödendi'] : []),
    ...(order.branch ? [`Şube: ${order.branch}`] : []),
    `Sipariş notu: ${order.description}`,
  ]
  for (const to of recipients) {
    const mail = storeNoticeMail({
      kind: 'order',
      to,
      documentNo: order.orderNo,
      createdAt: input.now,
      timeZone: input.timeZone,
      dealer: { code: parties.customerCode, name: parties.customerName },
      user: { name: parties.userName, email: parties.userEmail },
      total: formatMoney(order.total, 'tr'),
      facts,
      lines: order.orderItems.map((item) => ({
        code: item.code,
        name: item.name,
        quantity: `${item.quantity} ${item.unit}`,
        amount: formatMoney(item.amount, 'tr'),
      })),
      staffPage: staffOrderPage(input.publicUrl, order.orderNo),
    })
    await enqueueMail(tx, { ...mail, kind: 'store_order', orderId }, input.now)
  }
}
