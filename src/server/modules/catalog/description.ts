import sanitizeHtml from 'sanitize-html'

/**
 * Product descriptions come from the distributor's ERP or editors: only formatting survives, never
 * scripts, styles, event handlers or foreign frames. Links may only be http(s) or mail.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'span',
    'blockquote',
    'hr',
    'sub',
    'sup',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
}

export function sanitizeDescription(html: string | null): string | null {
  if (!html) return null
  const known = sanitized.get(html)
  if (known !== undefined) return known
  const clean = sanitizeHtml(html, OPTIONS)
  // A pure function of the text, so remembering it can never show an old description: a changed
  // description is another key. The oldest entry goes first once the map is full.
  if (sanitized.size >= SANITIZED_MAX) sanitized.delete(sanitized.keys().next().value!)
  sanitized.set(html, clean)
  return clean
}

/**
 * Descriptions sanitized lately, by their stored text: the product page reads its row afresh every
 * time (nothing of a product is cached by time), and sanitizing is most of its CPU.
 */
const sanitized = new Map<string, string>()
export const SANITIZED_MAX = 1_000
