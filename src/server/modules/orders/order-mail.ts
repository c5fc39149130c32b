import type { Locale } from '../../../contracts/common'
import type { Order } from '../../../contracts/orders'
import { formatDateTime } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import type { Db } from '../../db/client'
import {
  htmlDocument,
  htmlParagraph,
  htmlTable,
  htmlTotals,
  type MailColumn,
  type MailTotal,
  textTable,
  textTotals,
} from '../../integrations/mail/mail-html'
import type { MailMessage } from '../../integrations/mail/mailer'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { orderView } from './order-view'
import { findOrder, findOrderItems } from './orders.repository'

type OrderItem = Order['orderItems'][number]

const texts = {
  tr: {
    subject: 'Siparişiniz alındı: {orderNo}',
    greeting: 'Sayın {name},',
    intro: '{orderNo} numaralı siparişiniz {date} tarihinde alındı. Sipariş özeti aşağıdadır.',
    code: 'Ürün Kodu',
    product: 'Ürün',
    quantity: 'Miktar',
    unitPrice: 'Birim Fiyat',
    amount: 'Tutar',
    subtotal: 'Ara Toplam',
    tax: 'KDV',
    total: 'Genel Toplam',
    plan: 'Ödeme planı',
    branch: 'Şube',
    description: 'Sipariş notu',
    closing: 'Bizi tercih ettiğiniz için teşekkür ederiz.',
  },
  en: {
    subject: 'Your order has been received: {orderNo}',
    greeting: 'Dear {name},',
    intro: 'We received your order {orderNo} on {date}. Here is its summary.',
    code: 'Code',
    product: 'Product',
    quantity: 'Quantity',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total',
    plan: 'Payment plan',
    branch: 'Branch',
    description: 'Order note',
    closing: 'Thank you for your order.',
  },
} satisfies Record<Locale, Record<string, string>>

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)

/**
 * The order confirmation the dealer receives: every line and the totals, as the order snapshot has
 * them, and when it was placed in the store's time zone.
 */
export function orderConfirmationMail(
  order: Order,
  to: { email: string; name: string; locale: Locale },
  timeZone: string,
): MailMessage {
  const t = texts[to.locale]
  const money = (m: Order['total']) => formatMoney(m, to.locale)
  const date = formatDateTime(order.date, to.locale, timeZone)
  const params = { orderNo: order.orderNo, name: to.name, date }
  const columns: Array<MailColumn<OrderItem>> = [
    { title: t.code, cell: (i) => i.code },
    { title: t.product, cell: (i) => i.name },
    { title: t.quantity, align: 'right', cell: (i) => `${i.quantity} ${i.unit}` },
    { title: t.unitPrice, align: 'right', cell: (i) => money(i.price) },
    { title: t.amount, align: 'right', cell: (i) => money(i.amount) },
  ]
  const totals: MailTotal[] = [
    { label: t.subtotal, value: money(order.subtotal) },
    { label: t.tax, value: money(order.tax) },
    { label: t.total, value: money(order.total), strong: true },
  ]
  const facts = [
    `${t.plan}: ${order.paymentPlan}`,
    ...(order.branch ? [`${t.branch}: ${order.branch}`] : []),
    `${t.description}: ${order.description}`,
  ]
  const html = htmlDocument(
    fill(t.subject, params),
    [
      htmlParagraph(fill(t.greeting, params)),
      htmlParagraph(fill(t.intro, params)),
      htmlTable(columns, order.orderItems),
      htmlTotals(totals),
      htmlParagraph(facts.join('\n')),
      htmlParagraph(t.closing),
    ],
    to.locale,
  )
  const text = [
    fill(t.greeting, params),
    '',
    fill(t.intro, params),
    '',
    textTable(columns, order.orderItems),
    '',
    textTotals(totals),
    '',
    ...facts,
    '',
    t.closing,
  ].join('\n')
  return { to: to.email, subject: fill(t.subject, params), html, text }
}

/**
 * Queues the confirmation to the ordering user, in their language, inside the order's transaction: the
 * order is read back as the dealer will see it, and the mail commits with the order or not at all.
 */
export async function queueOrderConfirmation(
  tx: Db,
  user: { customerId: number; email: string; name: string; locale: Locale | null },
  orderId: number,
  now: Date,
  timeZone: string,
) {
  const order = await findOrder(tx, orderId, user.customerId)
  if (!order) throw new Error(`order ${orderId} not found in its own transaction`)
  const mail = orderConfirmationMail(
    orderView(order, await findOrderItems(tx, [orderId])),
    { email: user.email, name: user.name, locale: user.locale ?? 'tr' },
    timeZone,
  )
  await enqueueMail(tx, { ...mail, kind: 'order_confirmation', orderId }, now)
}
