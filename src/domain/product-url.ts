/**
 * A product's address: '/{seo}-p-{id}', the slug first for people and search engines, the
 * id last for the lookup. A list address is anything else, so the shape alone tells the two apart.
 */
export function productPath(seo: string, id: number): string {
  return `/${seo}-p-${id}`
}

// The slug is greedy, so a slug that itself holds '-p-' still ends at the last one. At most 9 digits:
// a product id is a positive 32-bit integer, and a longer number names no product.
const PRODUCT_SEGMENT = /^([^/]*)-p-(\d{1,9})$/

/**
 * The slug and id of one path segment (without the leading slash and the language prefix) when it is
 * a product's address, else null: '{seo}-p-{id}' with an id of 1–9 digits above 0.
 */
export function parseProductSegment(segment: string): { seo: string; id: number } | null {
  const match = PRODUCT_SEGMENT.exec(segment)
  if (!match) return null
  const id = Number(match[2])
  return id > 0 ? { seo: match[1]!, id } : null
}
