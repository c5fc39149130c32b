import { formatDateTime } from '../../../domain/date-format'
import { escapeHtml, htmlDocument, htmlParagraph } from './mail-html'
import type { MailMessage } from './mailer'

export type FaultReportMailInput = {
  /** The store's address (store_info.email): the mail is for the store's service staff. */
  to: string
  reportNo: string
  createdAt: Date
  /** The store's time zone, which the date is written in. */
  timeZone: string
  dealer: { code: string; name: string }
  user: { name: string; email: string }
  product: { code: string; name: string }
  serialNumber: string | null
  contactPhone: string
  description: string
  /** Where staff see the report, and its photo when it has one. */
  staffPage: string
  photoLink: string | null
}

/**
 * A new fault report as the store's staff receive it, in Turkish (the store's working language): who
 * filed it, the product and serial, the phone to call, the description, and links to the staff page
 * and the photo (the photo stays in the portal; staff open it logged in).
 */
export function faultReportMail(input: FaultReportMailInput): MailMessage {
  const when = formatDateTime(input.createdAt, 'tr', input.timeZone)
  const subject = `Arıza bildirimi ${input.reportNo}: ${input.dealer.name} — ${input.product.code}`
  const facts = [
    `Bildirim no: ${input.reportNo}`,
    `Tarih: ${when}`,
    `Bayi: ${input.dealer.name} (${input.dealer.code})`,
    `Bildiren: ${input.user.name} <${input.user.email}>`,
    `Ürün: ${input.product.code} — ${input.product.name}`,
    `Seri numarası: ${input.serialNumber ?? '—'}`,
    `İletişim telefonu: ${input.contactPhone}`,
    `Fotoğraf: ${input.photoLink ? 'var' : 'yok'}`,
  ]
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}" style="color:#1c7ed6;">${escapeHtml(text)}</a>`
  const links = [
    link(input.staffPage, 'Arıza bildirimlerini yönetim sayfasında açın'),
    ...(input.photoLink ? [link(input.photoLink, 'Fotoğrafı açın')] : []),
  ]
  const html = htmlDocument(
    subject,
    [
      htmlParagraph('YENİ ARIZA BİLDİRİMİ', 'font-size:20px;font-weight:bold;'),
      htmlParagraph(facts.join('\n')),
      htmlParagraph('Arıza açıklaması:', 'font-weight:bold;margin-bottom:4px;'),
      htmlParagraph(input.description, 'margin-top:0;padding:8px 12px;background:#f3f4f6;'),
      `<p style="margin:12px 0;">${links.join('<br>')}</p>`,
    ],
    'tr',
  )
  const text = [
    'Yeni arıza bildirimi',
    '',
    ...facts,
    '',
    'Arıza açıklaması:',
    input.description,
    '',
    `Yönetim sayfası: ${input.staffPage}`,
    ...(input.photoLink ? [`Fotoğraf: ${input.photoLink}`] : []),
  ].join('\n')
  return { to: input.to, subject, html, text }
}
