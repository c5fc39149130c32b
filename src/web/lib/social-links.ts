export const socialNetworks = ['facebook', 'instagram', 'twitter', 'youtube', 'pinterest'] as const
export type SocialNetwork = (typeof socialNetworks)[number]

export interface SocialLink {
  network: SocialNetwork
  url: string
}

/**
 * The store's social links setting (spec/2 §2 "Social links"): five entries in the order of
 * `socialNetworks`, separated by '|'. An entry whose first character is '0' is hidden; its URL is the
 * rest after the first two characters ('1,https://facebook.com/acme'). Only http(s) URLs are kept, so a
 * mistyped or hostile value never becomes a `javascript:` link.
 */
export function parseSocialLinks(raw: string | null | undefined): SocialLink[] {
  if (!raw) return []
  const links: SocialLink[] = []
  raw.split('|').forEach((part, index) => {
    const network = socialNetworks[index]
    const entry = part.trim()
    if (!network || entry.length < 3 || entry.startsWith('0')) return
    const url = entry.slice(2).trim()
    if (/^https?:\/\/[^\s]+$/i.test(url)) links.push({ network, url })
  })
  return links
}
