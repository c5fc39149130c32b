import { formatDateTime } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import { escapeHtml, htmlDocument, htmlParagraph } from './mail-html'
import type { MailMessage } from './mailer'

export type PaymentLinkMailInput = {
  to: string
  /** The dealer company whose account the payment is credited to. */
  company: string
  /** The distributor (the store) that sends the mail. */
  store: string
  /** TRY, with a dot and 2 decimals. */
  amount: string
  expiresAt: Date
  /** The store's time zone, which the expiry is written in. */
  timeZone: string
  link: string
}

/**
 * The payment link as its payer receives it, in Turkish (the payer is not a user of ours, so there is
 * no language preference to follow): whose account it pays, the amount, until when it can be paid, and
 * the link, as a button and written out in full for mail readers that show no buttons.
 */
export function paymentLinkMail(input: PaymentLinkMailInput): MailMessage {
  const amount = formatMoney({ value: Number(input.amount), currency: 'TRY' }, 'tr')
  const until = formatDateTime(input.expiresAt, 'tr', input.timeZone)
  const subject = `Ödeme bağlantısı: ${input.company} — ${amount}`
  const intro = `${input.company} cari hesabına ${amount} tutarında ödeme yapabilmeniz için bir ödeme bağlantısı oluşturuldu.`
  const how = 'Ödemeyi aşağıdaki bağlantıdan kredi veya banka kartı ile yapabilirsiniz.'
  const validity = `Bağlantı ${until} tarihine kadar geçerlidir ve yalnızca bir kez kullanılabilir.`
  const ignore = 'Bu ödemeyi siz beklemiyorsanız bu e-postayı dikkate almayınız.'
  const href = escapeHtml(input.link)

  const html = htmlDocument(
    subject,
    [
      htmlParagraph('ÖDEME BAĞLANTISI', 'font-size:20px;font-weight:bold;'),
      htmlParagraph('Merhaba,'),
      htmlParagraph(intro),
      htmlParagraph(
        `Firma: ${input.company}\nTutar: ${amount}\nSon geçerlilik: ${until}`,
        'font-weight:bold;',
      ),
      htmlParagraph(how),
      `<p style="margin:20px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">Ödeme Yap</a></p>`,
      `<p style="margin:12px 0;font-size:13px;color:#4b5563;">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br><a href="${href}" style="color:#1c7ed6;word-break:break-all;">${href}</a></p>`,
      htmlParagraph(validity),
      htmlParagraph(`${ignore}\n\n${input.store}`, 'color:#4b5563;'),
    ],
    'tr',
  )
  const text = [
    'Merhaba,',
    '',
    intro,
    '',
    `Firma: ${input.company}`,
    `Tutar: ${amount}`,
    `Son geçerlilik: ${until}`,
    '',
    how,
    input.link,
    '',
    validity,
    ignore,
    '',
    input.store,
  ].join('\n')
  return { to: input.to, subject, html, text }
}
