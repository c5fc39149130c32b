import type { Locale } from '../../../contracts/common'
import type { Order } from '../../../contracts/orders'
import { formatMoney } from '../../../domain/money-format'
import { escapeHtml } from '../../http/shell'
import type { MailMessage } from '../../integrations/mail/mailer'

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

/** The order confirmation the dealer receives: every line and the totals, as the order snapshot has them. */
export function orderConfirmationMail(
  order: Order,
  to: { email: string; name: string; locale: Locale },
): MailMessage {
  const t = texts[to.locale]
  const money = (m: Order['total']) => formatMoney(m, to.locale)
  const date = new Date(order.date).toLocaleDateString(to.locale === 'tr' ? 'tr-TR' : 'en-GB', {
    timeZone: 'Europe/Istanbul',
  })
  const params = { orderNo: order.orderNo, name: to.name, date }
  const lines = order.orderItems.map((item) => ({
    code: item.code,
    name: item.name,
    quantity: `${item.quantity} ${item.unit}`,
    unitPrice: money(item.price),
    amount: money(item.amount),
  }))
  const totals: Array<[string, string]> = [
    [t.subtotal, money(order.subtotal)],
    [t.tax, money(order.tax)],
    [t.total, money(order.total)],
  ]
  const facts: Array<[string, string]> = [
    [t.plan, order.paymentPlan],
    ...(order.branch ? [[t.branch, order.branch] as [string, string]] : []),
    [t.description, order.description],
  ]

  const cell = 'padding:6px 8px;border-bottom:1px solid #ddd'
  const right = `${cell};text-align:right;white-space:nowrap`
  const html = `<!doctype html><html lang="${to.locale}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${escapeHtml(fill(t.greeting, params))}</p>
<p>${escapeHtml(fill(t.intro, params))}</p>
<table style="border-collapse:collapse;width:100%;max-width:720px">
<thead><tr><th style="${cell};text-align:left">${t.code}</th><th style="${cell};text-align:left">${t.product}</th><th style="${right}">${t.quantity}</th><th style="${right}">${t.unitPrice}</th><th style="${right}">${t.amount}</th></tr></thead>
<tbody>
${lines
  .map(
    (l) =>
      `<tr><td style="${cell}">${escapeHtml(l.code)}</td><td style="${cell}">${escapeHtml(l.name)}</td><td style="${right}">${escapeHtml(l.quantity)}</td><td style="${right}">${l.unitPrice}</td><td style="${right}">${l.amount}</td></tr>`,
  )
  .join('\n')}
</tbody>
<tfoot>
${totals.map(([label, value]) => `<tr><td colspan="4" style="${right}"><strong>${label}</strong></td><td style="${right}"><strong>${value}</strong></td></tr>`).join('\n')}
</tfoot>
</table>
${facts.map(([label, value]) => `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>`).join('\n')}
<p>${t.closing}</p>
</body></html>`

  const text = [
    fill(t.greeting, params),
    '',
    fill(t.intro, params),
    '',
    ...lines.map((l) => `${l.code} - ${l.name}: ${l.quantity} × ${l.unitPrice} = ${l.amount}`),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    t.closing,
  ].join('\n')

  return { to: to.email, subject: fill(t.subject, params), html, text }
}
