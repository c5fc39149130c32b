import type { Locale } from '../../../contracts/common'
import { DEFAULT_OFFER_DESCRIPTION, type Offer, type OfferItem } from '../../../contracts/offers'
import { formatDate } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import {
  htmlDocument,
  htmlParagraph,
  htmlTable,
  htmlTotals,
  type MailColumn,
  type MailTotal,
  textTable,
  textTotals,
} from './mail-html'
import type { MailMessage } from './mailer'

/** The dealer company that sends the offer (the seller printed on the quote form). */
export type OfferMailSeller = {
  name: string
  address: string | null
  town: string | null
  city: string | null
  phone: string | null
  email: string | null
}

const texts = {
  tr: {
    title: 'TEKLİF FORMU',
    subject: 'Teklif {offerNo} — {seller}',
    greeting: 'Sayın {name},',
    nobody: 'Sayın Yetkili,',
    intro: '{date} tarihli {offerNo} numaralı teklifimiz aşağıdadır.',
    name: 'Ürün',
    quantity: 'Miktar',
    unit: 'Birim',
    unitPrice: 'Birim Fiyat',
    taxRate: 'KDV %',
    amount: 'Tutar',
    subtotal: 'Ara Toplam',
    tax: 'KDV',
    total: 'Genel Toplam',
    description: 'Açıklama',
    seller: 'Satıcı',
    phone: 'Tel',
    email: 'E-posta',
  },
  en: {
    title: 'QUOTATION',
    subject: 'Offer {offerNo} — {seller}',
    greeting: 'Dear {name},',
    nobody: 'Dear Sir or Madam,',
    intro: 'Please find below our offer {offerNo} of {date}.',
    name: 'Product',
    quantity: 'Quantity',
    unit: 'Unit',
    unitPrice: 'Unit price',
    taxRate: 'Tax %',
    amount: 'Amount',
    subtotal: 'Subtotal',
    tax: 'Tax',
    total: 'Total',
    description: 'Note',
    seller: 'Seller',
    phone: 'Phone',
    email: 'E-mail',
  },
} satisfies Record<Locale, Record<string, string>>

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)

/**
 * The offer as the dealer's customer receives it: the lines with the dealer's profit applied (the
 * offer's unitPrice/amount), the totals, the note and the seller. The mail goes to the offer's
 * customer e-mail; callers check there is one.
 */
export function offerMail(
  offer: Offer,
  seller: OfferMailSeller,
  locale: Locale,
  timeZone: string,
): MailMessage {
  const t = texts[locale]
  const money = (m: OfferItem['amount']) => formatMoney(m, locale)
  const number = new Intl.NumberFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 2 })
  // The offer's day in the store's time zone.
  const date = formatDate(offer.date, locale, timeZone)
  const params = { offerNo: offer.orderNo, seller: seller.name, date }
  const addressee = offer.customerCompanyName || offer.customerName
  const greeting = addressee ? fill(t.greeting, { name: addressee }) : t.nobody

  const columns: Array<MailColumn<OfferItem>> = [
    { title: t.name, cell: (i) => i.name },
    { title: t.quantity, align: 'right', cell: (i) => number.format(i.quantity) },
    { title: t.unit, cell: (i) => i.unit },
    { title: t.unitPrice, align: 'right', cell: (i) => money(i.unitPrice) },
    { title: t.taxRate, align: 'right', cell: (i) => number.format(i.taxRate) },
    { title: t.amount, align: 'right', cell: (i) => money(i.amount) },
  ]
  const totals: MailTotal[] = [
    { label: t.subtotal, value: money(offer.subtotal) },
    { label: t.tax, value: money(offer.tax) },
    { label: t.total, value: money(offer.total), strong: true },
  ]
  const note = offer.description && offer.description !== DEFAULT_OFFER_DESCRIPTION ? offer.description : null
  const sellerLines = [
    seller.name,
    seller.address,
    [seller.town, seller.city].filter(Boolean).join(' / ') || null,
    seller.phone ? `${t.phone}: ${seller.phone}` : null,
    seller.email ? `${t.email}: ${seller.email}` : null,
  ].filter((line): line is string => Boolean(line))

  const html = htmlDocument(
    `${t.title} ${offer.orderNo}`,
    [
      htmlParagraph(t.title, 'font-size:20px;font-weight:bold;'),
      htmlParagraph(`${offer.orderNo} — ${date}`, 'color:#4b5563;'),
      htmlParagraph(greeting),
      htmlParagraph(fill(t.intro, params)),
      htmlTable(columns, offer.offerItems),
      htmlTotals(totals),
      ...(note ? [htmlParagraph(`${t.description}: ${note}`)] : []),
      htmlParagraph(`${t.seller}:\n${sellerLines.join('\n')}`, 'color:#4b5563;'),
    ],
    locale,
  )
  const text = [
    `${t.title} ${offer.orderNo} — ${date}`,
    '',
    greeting,
    '',
    fill(t.intro, params),
    '',
    textTable(columns, offer.offerItems),
    '',
    textTotals(totals),
    ...(note ? ['', `${t.description}: ${note}`] : []),
    '',
    `${t.seller}:`,
    ...sellerLines,
  ].join('\n')

  return { to: offer.customerEmail ?? '', subject: fill(t.subject, params), html, text }
}
