/**
 * An order's life after the dealer placed it. The distributor takes it up (processing), ships it and
 * sees it delivered; it may be cancelled until it is shipped. The dealer may cancel only a new order
 * not paid by card (a paid one is refunded by the store). Every move is one step of this table; a
 * cancellation carries its reason.
 */
export const ORDER_STATUSES = ['new', 'processing', 'shipped', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  new: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value)
}

/** The statuses staff may move an order to from `from`, in the order they are offered. */
export function nextOrderStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT[from]
}

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to)
}

/** Whether the dealer may cancel it themselves: new, and not paid by card. */
export function dealerMayCancel(order: { status: OrderStatus; paid: boolean }): boolean {
  return order.status === 'new' && !order.paid
}

/** The longest reason or staff note kept with a status change. */
export const ORDER_NOTE_MAX = 1000
