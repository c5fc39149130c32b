import type { Locale } from '../../../contracts/common'
import { escapeHtml, htmlDocument, htmlParagraph } from '../../integrations/mail/mail-html'
import type { MailMessage } from '../../integrations/mail/mailer'

/** The page that reads a link's token, in the mail's language, on the configured public address only. */
export const passwordLinkAddress = (publicUrl: string, token: string, locale: Locale = 'tr') =>
  `${publicUrl}${locale === 'en' ? '/en' : ''}/sifre-belirle?token=${encodeURIComponent(token)}`

const texts = {
  invite: {
    tr: {
      subject: 'Sipariş portalına davet',
      lines: (name: string) => [
        `Sayın ${name},`,
        'Sizin için toptan sipariş portalımızda bir kullanıcı hesabı oluşturuldu. Aşağıdaki bağlantıdan şifrenizi belirleyerek giriş yapabilirsiniz.',
      ],
      button: 'Şifremi belirle',
      validity: 'Bağlantı 72 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
      ignore: 'Bu daveti beklemiyorsanız bu e-postayı dikkate almayınız.',
    },
    en: {
      subject: 'Invitation to the ordering portal',
      lines: (name: string) => [
        `Dear ${name},`,
        'A user account has been created for you on our wholesale ordering portal. Set your password with the link below to log in.',
      ],
      button: 'Set my password',
      validity: 'The link is valid for 72 hours and can be used once.',
      ignore: 'If you were not expecting this invitation, please ignore this e-mail.',
    },
  },
  reset: {
    tr: {
      subject: 'Şifre sıfırlama',
      lines: (name: string) => [
        `Sayın ${name},`,
        'Hesabınız için bir şifre sıfırlama isteği alındı. Yeni şifrenizi aşağıdaki bağlantıdan belirleyebilirsiniz.',
      ],
      button: 'Yeni şifre belirle',
      validity: 'Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir.',
      ignore: 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayınız; şifreniz değişmez.',
    },
    en: {
      subject: 'Password reset',
      lines: (name: string) => [
        `Dear ${name},`,
        'A password reset was requested for your account. Set a new password with the link below.',
      ],
      button: 'Set a new password',
      validity: 'The link is valid for 1 hour and can be used once.',
      ignore: 'If you did not ask for this, please ignore this e-mail; your password stays as it is.',
    },
  },
} as const

const fallback = {
  tr: 'Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:',
  en: 'If the button does not work, paste this address into your browser:',
} as const

/** An invitation or a reset mail: the link as a button and written out for readers without buttons. */
export function passwordLinkMail(
  kind: 'invite' | 'reset',
  to: { email: string; name: string; locale: Locale },
  link: string,
): MailMessage {
  const t = texts[kind][to.locale]
  const href = escapeHtml(link)
  const lines = t.lines(to.name)
  const html = htmlDocument(
    t.subject,
    [
      ...lines.map((line) => htmlParagraph(line)),
      `<p style="margin:20px 0;"><a href="${href}" style="display:inline-block;padding:12px 20px;background:#1c7ed6;color:#ffffff;text-decoration:none;border-radius:4px;font-weight:bold;">${escapeHtml(t.button)}</a></p>`,
      `<p style="margin:12px 0;font-size:13px;color:#4b5563;">${escapeHtml(fallback[to.locale])}<br><a href="${href}" style="color:#1c7ed6;word-break:break-all;">${href}</a></p>`,
      htmlParagraph(t.validity),
      htmlParagraph(t.ignore, 'color:#4b5563;'),
    ],
    to.locale,
  )
  const text = [...lines, '', link, '', t.validity, t.ignore].join('\n')
  return { to: to.email, subject: t.subject, html, text }
}
