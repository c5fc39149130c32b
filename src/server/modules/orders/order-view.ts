import type { Order } from '../../../contracts/orders'
import { dealerMayCancel, type OrderStatus } from '../../../domain/order-status'
import type { orders } from '../../db/schema/orders'
import type { OrderItemRow, StatusChangeRow } from './orders.repository'

type OrderRow = typeof orders.$inferSelect & {
  creator: string
  branch: string | null
  history: StatusChangeRow[]
}
type ItemRow = OrderItemRow

/** An order as the dealer sees it: the snapshot, never today's catalogue. */
export function orderView(order: OrderRow, items: ItemRow[]): Order {
  const money = (value: string, currency = order.currencyCode) => ({ value: Number(value), currency })
  return {
    id: order.id,
    orderNo: order.orderNo,
    date: order.createdAt.toISOString(),
    status: order.status as OrderStatus,
    isCancel: order.status === 'cancelled',
    // A paid order is refunded by the store, never cancelled by the dealer.
    cancellable: dealerMayCancel({ status: order.status as OrderStatus, paid: order.paidAt !== null }),
    statusAt: (order.statusChangedAt ?? order.createdAt).toISOString(),
    statusNote: order.staffNote,
    history: order.history.map((change) => ({
      from: change.from as OrderStatus,
      to: change.to as OrderStatus,
      at: new Date(change.at).toISOString(),
      note: change.note,
      byStaff: change.byStaff,
    })),
    creator: order.creator,
    description: order.description,
    paymentPlan: order.paymentPlanName,
    branch: order.branch,
    erpDocumentNo: order.erpDocumentNo,
    subtotal: money(order.subtotal),
    tax: money(order.tax),
    total: money(order.total),
    baseTotal: money(order.baseTotal, 'TRY'),
    orderItems: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      image: item.image,
      code: item.code,
      name: item.name,
      unit: item.unitName,
      multiplier: item.multiplier,
      quantity: item.quantity,
      price: money(item.unitPrice),
      amount: money(item.amount),
      tax: money(item.tax),
    })),
  }
}
