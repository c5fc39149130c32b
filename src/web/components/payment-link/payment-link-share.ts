/** The token of a link the server answered: the last segment of `{origin}/odeme-linki/{token}`. */
export function tokenOfLink(link: string): string | undefined {
  const match = /\/odeme-linki\/([A-Za-z0-9_-]+)\/?$/.exec(link)
  return match?.[1]
}

/** WhatsApp's share address for a text (the app or web.whatsapp.com lets the user pick the chat). */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}

/** An amount the modal starts with (a number or text), written as people type it in `locale`. */
export function amountForInput(amount: number | string | undefined, locale: 'tr' | 'en'): string {
  if (amount === undefined || amount === '') return ''
  if (typeof amount === 'string') return amount
  if (!Number.isFinite(amount) || amount <= 0) return ''
  const fixed = amount.toFixed(2).replace(/\.00$/, '')
  return locale === 'tr' ? fixed.replace('.', ',') : fixed
}
