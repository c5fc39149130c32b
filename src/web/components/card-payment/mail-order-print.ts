import type { Locale } from '../../../contracts/common'
import type { MailOrder } from '../../../contracts/payments'
import { formatDateTime } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import { escapeHtml, printHtml } from '../../lib/print-window'
import { imageUrl } from '../image-url'

/** The slip closes itself this long after printing (spec/2 §9). */
export const CLOSE_AFTER_PRINT_MS = 1000

/** The slip's labels, in the payer's language (payment.slip.*). */
export interface SlipTexts {
  title: string
  logo: string
  phone: string
  customerName: string
  currency: string
  installmentAmount: string
  installment: string
  cardHolder: string
  cardNumber: string
  expiryDate: string
  description: string
  date: string
}

/**
 * The slip's rows as label and text, in the order of spec/2 §2; the screen and the print share them.
 * The date is the payment's moment in the store's time zone ('14.03.2026 15:42', '14 Mar 2026, 15:42');
 * a date the server sent already written out is shown as it came.
 */
export function slipRows(
  slip: MailOrder,
  texts: SlipTexts,
  locale: Locale,
  timeZone: string,
): Array<[string, string]> {
  return [
    [texts.customerName, slip.customerName],
    [texts.currency, slip.currency],
    [
      texts.installmentAmount,
      formatMoney({ value: slip.installmentAmount, currency: slip.currency }, locale),
    ],
    [texts.installment, String(slip.installment)],
    [texts.cardHolder, slip.cardHolder],
    [texts.cardNumber, slip.cardNumber],
    [texts.expiryDate, slip.expiryDate],
    [texts.description, slip.description],
    [texts.date, formatDateTime(slip.date, locale, timeZone)],
  ]
}

const styles = `
@page { size: A4; margin: 14mm; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font-family: Arial, Helvetica, sans-serif; font-size: 13px; color: #1a1b1e; }
@media print { body { padding: 0; } }
header { display: flex; justify-content: space-between; align-items: flex-start; gap: 16px;
  border-bottom: 2px solid #1c7ed6; padding-bottom: 12px; margin-bottom: 16px; }
header img { max-height: 64px; max-width: 220px; object-fit: contain; }
.store { text-align: right; line-height: 1.5; }
h1 { font-size: 20px; margin: 0 0 16px; color: #1c7ed6; letter-spacing: 1px; text-transform: uppercase; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1px solid #ced4da; padding: 8px 10px; text-align: left; vertical-align: top; }
th { width: 40%; background: #f1f3f5; }
td { white-space: pre-wrap; overflow-wrap: anywhere; }
`

/**
 * The printable Mail Order slip (spec/2 §2): the store's logo, name, address and phone, then the
 * payment's rows, as one HTML document with its CSS inline. Every text from data is escaped; the
 * card number arrives masked from the server.
 */
export function buildMailOrderSlip(
  slip: MailOrder,
  texts: SlipTexts,
  locale: Locale,
  origin: string,
  timeZone: string,
): string {
  const logo = slip.store.logo
    ? `<img src="${escapeHtml(new URL(imageUrl(slip.store.logo), origin).href)}" alt="${escapeHtml(texts.logo)}">`
    : ''
  const store = [
    `<strong>${escapeHtml(slip.store.name)}</strong>`,
    escapeHtml(slip.store.address),
    slip.store.phone ? `${escapeHtml(texts.phone)}: ${escapeHtml(slip.store.phone)}` : '',
  ]
    .filter(Boolean)
    .join('<br>')
  const rows = slipRows(slip, texts, locale, timeZone)
    .map(([label, text]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(text)}</td></tr>`)
    .join('\n')
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${texts.title} - ${slip.store.name}`)}</title>
<style>${styles}</style>
</head>
<body>
<header><div>${logo}</div><div class="store">${store}</div></header>
<h1>${escapeHtml(texts.title)}</h1>
<table>
${rows}
</table>
</body>
</html>
`
}

/** Prints the slip in its own 800×600 window, which closes itself 1 s after printing (spec/2 §9). */
export function printSlip(html: string, name: string, opener: Pick<Window, 'open'> = window): boolean {
  return printHtml(html, name, { closeAfterPrintMs: CLOSE_AFTER_PRINT_MS }, opener)
}
