import { describe, expect, it } from 'vitest'
import {
  canMoveOrder,
  dealerMayCancel,
  isOrderStatus,
  nextOrderStatuses,
  ORDER_STATUSES,
  type OrderStatus,
} from './order-status'

describe('order status moves', () => {
  const allowed: Array<[OrderStatus, OrderStatus]> = [
    ['new', 'processing'],
    ['new', 'cancelled'],
    ['processing', 'shipped'],
    ['processing', 'cancelled'],
    ['shipped', 'delivered'],
  ]

  it('allows exactly the moves of the table, every other pair is refused', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to)
        expect(canMoveOrder(from, to), `${from} → ${to}`).toBe(expected)
      }
    }
  })

  it.each([
    ['new', ['processing', 'cancelled']],
    ['processing', ['shipped', 'cancelled']],
    ['shipped', ['delivered']],
    ['delivered', []],
    ['cancelled', []],
  ] as Array<[OrderStatus, OrderStatus[]]>)('from %s staff are offered %j', (from, next) => {
    expect(nextOrderStatuses(from)).toEqual(next)
  })

  it('never goes back, and a shipped order is no longer cancelled', () => {
    expect(canMoveOrder('shipped', 'cancelled')).toBe(false)
    expect(canMoveOrder('processing', 'new')).toBe(false)
    expect(canMoveOrder('delivered', 'shipped')).toBe(false)
  })

  it.each([
    [{ status: 'new', paid: false }, true],
    [{ status: 'new', paid: true }, false],
    [{ status: 'processing', paid: false }, false],
    [{ status: 'cancelled', paid: false }, false],
  ] as Array<[{ status: OrderStatus; paid: boolean }, boolean]>)(
    'the dealer may cancel %j: %s',
    (order, may) => {
      expect(dealerMayCancel(order)).toBe(may)
    },
  )

  it('knows its statuses', () => {
    expect(isOrderStatus('delivered')).toBe(true)
    expect(isOrderStatus('lost')).toBe(false)
    expect(isOrderStatus(3)).toBe(false)
  })
})
