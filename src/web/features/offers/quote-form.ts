import type { TFunction } from 'i18next'
import type { Locale } from '../../../contracts/common'
import type { Offer, OfferList } from '../../../contracts/offers'
import { formatDate } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import { imageUrl } from '../../components/image-url'
import { escapeHtml } from '../../lib/print-window'
import { NO_OFFER_NOTE } from './offer-constants'
import type { DraftTotals } from './offer-draft'

/** The words of the printed quote, in the dealer's language (built from the offers.print texts). */
export interface QuoteTexts {
  title: string
  date: string
  number: string
  seller: string
  customer: string
  phone: string
  email: string
  logo: string
  /** 'Sayın {company},' */
  greeting: (company: string) => string
  /** Who the greeting names when the offer has no customer. */
  greetingFallback: string
  intro: string
  name: string
  quantity: string
  taxRate: string
  price: string
  amount: string
  subtotal: string
  tax: string
  total: string
  note: string
}

export function quoteTexts(t: TFunction): QuoteTexts {
  return {
    title: t('offers.quote.title'),
    date: t('offers.quote.date'),
    number: t('offers.quote.number'),
    seller: t('offers.quote.seller'),
    customer: t('offers.quote.customer'),
    phone: t('offers.quote.phone'),
    email: t('offers.quote.email'),
    logo: t('offers.quote.logo'),
    greeting: (company) => t('offers.quote.greeting', { company }),
    greetingFallback: t('offers.quote.greetingFallback'),
    intro: t('offers.quote.intro'),
    name: t('offers.quote.name'),
    quantity: t('offers.quote.quantity'),
    taxRate: t('offers.quote.taxRate'),
    price: t('offers.quote.price'),
    amount: t('offers.quote.amount'),
    subtotal: t('offers.quote.subtotal'),
    tax: t('offers.quote.tax'),
    total: t('offers.quote.total'),
    note: t('offers.quote.note'),
  }
}

export interface QuoteFormInput {
  offer: Offer
  /** The lines and totals with each line's profit applied (what the list shows). */
  totals: DraftTotals
  seller: OfferList['seller']
  /** The store logo file (the list's `logo`), or null. */
  logo: string | null
  /** location.origin: the printed page is about:blank, so every address must be absolute. */
  origin: string
  locale: Locale
  /** The store's time zone: the offer's date is its day there. */
  timeZone: string
  texts: QuoteTexts
}

/** '%20' (tr), '20%' (en). */
function formatTaxRate(rate: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'tr-TR', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(rate / 100)
}

/** Who the greeting names: the customer's company, else the customer's name, else a polite fallback. */
export function greetingName(offer: Offer, fallback: string): string {
  return offer.customerCompanyName?.trim() || offer.customerName?.trim() || fallback
}

const styles = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; font-size: 12px; color: #1a1b1e;
  -webkit-print-color-adjust: exact; print-color-adjust: exact; }
@media print { body { padding: 0; } }
.top { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px;
  border-bottom: 2px solid #1c7ed6; padding-bottom: 12px; }
.logos img { max-height: 64px; max-width: 220px; object-fit: contain; }
h1 { margin: 0 0 8px; font-size: 22px; letter-spacing: 1px; color: #1c7ed6; text-align: right; }
.meta { display: grid; grid-template-columns: auto auto; gap: 2px 12px; margin: 0; justify-content: end; }
.meta dt { font-weight: bold; }
.meta dd { margin: 0; text-align: right; }
.parties { display: flex; gap: 24px; margin: 16px 0; }
.parties section { flex: 1; }
h2 { font-size: 13px; margin: 0 0 4px; text-transform: uppercase; color: #495057; }
.parties p { margin: 0; line-height: 1.5; }
.greeting { margin: 16px 0 4px; font-weight: bold; }
.intro { margin: 0 0 16px; }
table { width: 100%; border-collapse: collapse; }
.lines th, .lines td { border: 1px solid #ced4da; padding: 6px 8px; vertical-align: top; }
.lines th { background: #f1f3f5; text-align: left; }
.num { text-align: right; white-space: nowrap; }
.totals { width: auto; margin: 12px 0 0 auto; }
.totals th, .totals td { padding: 4px 8px; }
.totals th { text-align: left; font-weight: normal; }
.totals .grand th, .totals .grand td { font-weight: bold; font-size: 14px; border-top: 2px solid #1a1b1e; }
.note { margin-top: 16px; white-space: pre-wrap; }
tr { page-break-inside: avoid; }
`

function lines(parts: Array<string | null | undefined>): string {
  return parts
    .filter((p): p is string => Boolean(p?.trim()))
    .map(escapeHtml)
    .join('<br>')
}

/**
 * The printable quote (spec/2 §2 'TEKLİF FORMU'): a complete HTML document with its CSS inline, so the
 * print window needs nothing else. Every text that comes from data is escaped.
 */
export function buildQuoteForm({
  offer,
  totals,
  seller,
  logo,
  origin,
  locale,
  timeZone,
  texts,
}: QuoteFormInput): string {
  const money = (m: { value: number; currency: string }) => escapeHtml(formatMoney(m, locale))
  const place = [seller.town, seller.city].filter((p) => p?.trim()).join(' / ')
  const sellerBlock = lines([
    seller.address,
    place,
    seller.phone ? `${texts.phone}: ${seller.phone}` : null,
    seller.email ? `${texts.email}: ${seller.email}` : null,
  ])
  const customerBlock = lines([
    offer.customerCompanyName,
    offer.customerName,
    offer.customerPhone ? `${texts.phone}: ${offer.customerPhone}` : null,
    offer.customerEmail ? `${texts.email}: ${offer.customerEmail}` : null,
  ])
  const logoHtml = logo
    ? `<img src="${escapeHtml(new URL(imageUrl(logo), origin).href)}" alt="${escapeHtml(texts.logo)}">`
    : ''
  const rows = totals.lines
    .map(
      (line) => `<tr>
<td>${escapeHtml(line.item.name)}</td>
<td class="num">${escapeHtml(`${line.item.quantity} ${line.item.unit}`.trim())}</td>
<td class="num">${escapeHtml(formatTaxRate(line.item.taxRate, locale))}</td>
<td class="num">${money(line.unitPrice)}</td>
<td class="num">${money(line.amount)}</td>
</tr>`,
    )
    .join('\n')
  const description = offer.description.trim()
  const note =
    description && description !== NO_OFFER_NOTE
      ? `<p class="note"><strong>${escapeHtml(texts.note)}:</strong> ${escapeHtml(description)}</p>`
      : ''

  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${texts.title} ${offer.orderNo}`)}</title>
<style>${styles}</style>
</head>
<body>
<header class="top">
<div class="logos">${logoHtml}</div>
<div>
<h1>${escapeHtml(texts.title)}</h1>
<dl class="meta">
<dt>${escapeHtml(texts.date)}</dt><dd>${escapeHtml(formatDate(offer.date, locale, timeZone))}</dd>
<dt>${escapeHtml(texts.number)}</dt><dd>${escapeHtml(offer.orderNo)}</dd>
</dl>
</div>
</header>
<div class="parties">
<section><h2>${escapeHtml(texts.seller)}</h2><p><strong>${escapeHtml(seller.name)}</strong>${sellerBlock ? `<br>${sellerBlock}` : ''}</p></section>
${customerBlock ? `<section><h2>${escapeHtml(texts.customer)}</h2><p>${customerBlock}</p></section>` : ''}
</div>
<p class="greeting">${escapeHtml(texts.greeting(greetingName(offer, texts.greetingFallback)))}</p>
<p class="intro">${escapeHtml(texts.intro)}</p>
<table class="lines">
<thead><tr><th>${escapeHtml(texts.name)}</th><th class="num">${escapeHtml(texts.quantity)}</th><th class="num">${escapeHtml(texts.taxRate)}</th><th class="num">${escapeHtml(texts.price)}</th><th class="num">${escapeHtml(texts.amount)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<table class="totals">
<tr><th>${escapeHtml(texts.subtotal)}</th><td class="num">${money(totals.subtotal)}</td></tr>
<tr><th>${escapeHtml(texts.tax)}</th><td class="num">${money(totals.tax)}</td></tr>
<tr class="grand"><th>${escapeHtml(texts.total)}</th><td class="num">${money(totals.total)}</td></tr>
</table>
${note}
</body>
</html>
`
}
