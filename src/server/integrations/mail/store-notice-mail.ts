import { formatDateTime } from '../../../domain/date-format'
import { escapeHtml, htmlDocument, htmlParagraph, htmlTable, type MailColumn, textTable } from './mail-html'
import type { MailMessage } from './mailer'

export type StoreNoticeLine = { code: string; name: string; quantity: string; amount: string }

export type StoreNoticeInput = {
  kind: 'order' | 'offer'
  /** One of the store's notification addresses. */
  to: string
  documentNo: string
  createdAt: Date
  /** The store's time zone, which the time is written in. */
  timeZone: string
  dealer: { code: string; name: string }
  user: { name: string; email: string }
  /** The total as the dealer saw it, written with its currency. */
  total: string
  /** Further facts, each "Label: value" (payment plan, branch, paid by card, note). */
  facts: string[]
  lines: StoreNoticeLine[]
  /** Where staff open the document, or null while the staff area has no screen for it. */
  staffPage: string | null
}

const WORDS = {
  order: {
    title: 'YENİ SİPARİŞ',
    subject: 'Yeni sipariş',
    no: 'Sipariş no',
    open: 'Siparişi yönetim ekranında açın',
  },
  offer: {
    title: 'YENİ TEKLİF',
    subject: 'Yeni teklif',
    no: 'Teklif no',
    open: 'Teklifi yönetim ekranında açın',
  },
} as const

/**
 * A new order or offer as the store's staff receive it, in Turkish (the store's working language):
 * who placed it for which dealer, when, the total, its lines, and a link to the staff screen.
 */
export function storeNoticeMail(input: StoreNoticeInput): MailMessage {
  const w = WORDS[input.kind]
  const when = formatDateTime(input.createdAt, 'tr', input.timeZone)
  const subject = `${w.subject} ${input.documentNo}: ${input.dealer.name} — ${input.total}`
  const facts = [
    `${w.no}: ${input.documentNo}`,
    `Tarih: ${when}`,
    `Bayi: ${input.dealer.name} (${input.dealer.code})`,
    `Oluşturan: ${input.user.name} <${input.user.email}>`,
    `Genel toplam: ${input.total}`,
    ...input.facts,
  ]
  const columns: Array<MailColumn<StoreNoticeLine>> = [
    { title: 'Ürün Kodu', cell: (l) => l.code },
    { title: 'Ürün', cell: (l) => l.name },
    { title: 'Miktar', align: 'right', cell: (l) => l.quantity },
    { title: 'Tutar', align: 'right', cell: (l) => l.amount },
  ]
  const link = input.staffPage
    ? `<p style="margin:12px 0;"><a href="${escapeHtml(input.staffPage)}" style="color:#1c7ed6;">${escapeHtml(w.open)}</a></p>`
    : null
  const html = htmlDocument(
    subject,
    [
      htmlParagraph(w.title, 'font-size:20px;font-weight:bold;'),
      htmlParagraph(facts.join('\n')),
      htmlTable(columns, input.lines),
      ...(link ? [link] : []),
    ],
    'tr',
  )
  const text = [
    w.title,
    '',
    ...facts,
    '',
    textTable(columns, input.lines),
    ...(input.staffPage ? ['', `${w.open}: ${input.staffPage}`] : []),
  ].join('\n')
  return { to: input.to, subject, html, text }
}
