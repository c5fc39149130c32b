import type { Locale } from '../../../contracts/common'
import { formatDateTime } from '../../../domain/date-format'
import type { OrderStatus } from '../../../domain/order-status'
import type { Db } from '../../db/client'
import { htmlDocument, htmlParagraph } from '../../integrations/mail/mail-html'
import type { MailMessage } from '../../integrations/mail/mailer'
import { enqueueMail } from '../../integrations/mail/outbox.repository'

const texts = {
  tr: {
    subject: '{orderNo} numaralı siparişiniz: {status}',
    greeting: 'Sayın {name},',
    intro: '{orderNo} numaralı siparişinizin durumu {date} tarihinde "{status}" oldu.',
    note: 'Not: {note}',
    closing: 'Siparişlerinizi "Siparişlerim" sayfasından izleyebilirsiniz.',
    status: {
      new: 'Yeni',
      processing: 'Hazırlanıyor',
      shipped: 'Sevk edildi',
      delivered: 'Teslim edildi',
      cancelled: 'İptal Edildi',
    },
  },
  en: {
    subject: 'Your order {orderNo}: {status}',
    greeting: 'Dear {name},',
    intro: 'The status of your order {orderNo} changed to "{status}" on {date}.',
    note: 'Note: {note}',
    closing: 'You can follow your orders on the "My orders" page.',
    status: {
      new: 'New',
      processing: 'Being prepared',
      shipped: 'Shipped',
      delivered: 'Delivered',
      cancelled: 'Cancelled',
    },
  },
} satisfies Record<Locale, Record<string, unknown>>

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)

/** The mail the dealer's ordering user receives when staff move their order, in their language. */
export function orderStatusMail(
  change: { orderNo: string; status: OrderStatus; note: string | null; at: Date },
  to: { email: string; name: string; locale: Locale },
  timeZone: string,
): MailMessage {
  const t = texts[to.locale]
  const params = {
    orderNo: change.orderNo,
    name: to.name,
    status: t.status[change.status],
    date: formatDateTime(change.at, to.locale, timeZone),
    note: change.note ?? '',
  }
  const lines = [
    fill(t.greeting, params),
    fill(t.intro, params),
    ...(change.note ? [fill(t.note, params)] : []),
    t.closing,
  ]
  const subject = fill(t.subject, params)
  return {
    to: to.email,
    subject,
    html: htmlDocument(
      subject,
      lines.map((line) => htmlParagraph(line)),
      to.locale,
    ),
    text: lines.join('\n\n'),
  }
}

/** Queued in the status change's transaction: the mail commits with the change or not at all. */
export async function queueOrderStatusMail(
  tx: Db,
  orderId: number,
  change: Parameters<typeof orderStatusMail>[0],
  to: { email: string; name: string; locale: Locale | null },
  timeZone: string,
) {
  const mail = orderStatusMail(change, { ...to, locale: to.locale ?? 'tr' }, timeZone)
  await enqueueMail(tx, { ...mail, kind: 'order_status', orderId }, change.at)
}
