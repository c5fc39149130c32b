/** The five networks of the store's social links, in the order their entries are stored. */
export const socialNetworks = ['facebook', 'instagram', 'twitter', 'youtube', 'pinterest'] as const
export type SocialNetwork = (typeof socialNetworks)[number]

export interface SocialLink {
  network: SocialNetwork
  url: string
}

/** The character between the entries of store_info.social_links. */
export const SOCIAL_LINKS_SEPARATOR = '|'

/**
 * The store's social links setting (spec/2 §2 "Social links"): five entries in the order of
 * `socialNetworks`, separated by '|'. An entry whose first character is '0' is hidden; the URL is what
 * follows the first two characters ('1 https://facebook.com/acme'). Only http(s) URLs are kept, so a
 * mistyped or hostile value never becomes a `javascript:` link.
 */
export function parseSocialLinks(raw: string | null | undefined): SocialLink[] {
  if (!raw) return []
  const links: SocialLink[] = []
  raw.split(SOCIAL_LINKS_SEPARATOR).forEach((part, index) => {
    const network = socialNetworks[index]
    const entry = part.trim()
    if (!network || entry.length < 3 || entry.startsWith('0')) return
    const url = entry.slice(2).trim()
    if (isWebAddress(url)) links.push({ network, url })
  })
  return links
}

function isWebAddress(text: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(text)) return false
  try {
    const url = new URL(text)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** One of the five entries as staff edit it: the address, and whether the footer shows it. */
export interface SocialLinkEntry {
  network: SocialNetwork
  url: string
  visible: boolean
}

/** The stored setting as five editable entries, hidden ones and empty ones included. */
export function socialLinkEntries(raw: string | null): SocialLinkEntry[] {
  const parts = (raw ?? '').split(SOCIAL_LINKS_SEPARATOR)
  return socialNetworks.map((network, i) => {
    const entry = (parts[i] ?? '').trim()
    return { network, url: entry.length > 2 ? entry.slice(2).trim() : '', visible: entry.startsWith('1') }
  })
}

/** Five entries written back as the stored setting ('1 url|0 url|…'); no address at all: null. */
export function socialLinksSetting(entries: readonly SocialLinkEntry[]): string | null {
  if (entries.every((entry) => entry.url === '')) return null
  return entries.map((entry) => `${entry.visible ? '1' : '0'} ${entry.url}`).join(SOCIAL_LINKS_SEPARATOR)
}
