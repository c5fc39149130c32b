import { type Order, type OrderList, orderListSchema, orderSchema } from '../../contracts/orders'

const money = (value: number, currency = 'TRY') => ({ value, currency })

/** An order as the server answers it: 2 Adet Fren Balatası and 3 Koli Vida, 20 % and 10 % KDV. */
export function testOrder(overrides: Partial<Order> = {}): Order {
  return orderSchema.parse({
    id: 77,
    orderNo: 'S2026-000077',
    date: '2026-03-14T09:30:00.000Z',
    status: 'new',
    isCancel: false,
    cancellable: true,
    statusAt: '2026-03-14T09:30:00.000Z',
    statusNote: null,
    history: [],
    creator: 'Ayşe Yılmaz',
    description: 'Acil teslim',
    paymentPlan: '30 Gün Vadeli',
    branch: 'Ankara Şube',
    erpDocumentNo: null,
    subtotal: money(2499),
    tax: money(496.8),
    total: money(2995.8),
    baseTotal: money(2995.8),
    orderItems: [
      {
        id: 1,
        productId: 1,
        image: 'fb-100.jpg',
        code: 'FB-100',
        name: 'Fren Balatası',
        unit: 'Adet',
        multiplier: 1,
        quantity: 2,
        price: money(1234.5),
        amount: money(2469),
        tax: money(493.8),
      },
      {
        id: 2,
        productId: 9,
        image: null,
        code: 'V-9',
        name: 'Vida',
        unit: 'Koli',
        multiplier: 12,
        quantity: 3,
        price: money(10),
        amount: money(30),
        tax: money(3),
      },
    ],
    ...overrides,
  })
}

export function testOrderList(items: Order[], overrides: Partial<OrderList> = {}): OrderList {
  return orderListSchema.parse({
    items,
    page: 1,
    pages: 1,
    limit: 20,
    total: items.length,
    customer: 'Yılmaz Otomotiv Ltd.',
    ...overrides,
  })
}
