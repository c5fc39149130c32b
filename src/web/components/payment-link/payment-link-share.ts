/** The token of a link the server answered: the last segment of `{origin}/odeme-linki/{token}`. */
export function tokenOfLink(link: string): string | undefined {
  const match = /\/odeme-linki\/([A-Za-z0-9_-]+)\/?$/.exec(link)
  return match?.[1]
}

/** WhatsApp's share address for a text (the app or web.whatsapp.com lets the user pick the chat). */
export function whatsappShareUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}
