/**
 * Files the ERP names by address (an invoice's PDF, a product's image) are downloaded by the portal
 * itself, later and outside any database transaction (server/modules/remote-files). These are the
 * rules of that fetch: what may be fetched, how often it is tried, and what a downloaded file must be.
 */

/** Waits after each failed attempt; after the last one the file is given up (`failed`). */
export const FETCH_RETRY_WAITS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60, 12 * 60 * 60] as const
/** Attempts in all: the first and one per wait. */
export const FETCH_MAX_ATTEMPTS = FETCH_RETRY_WAITS_SECONDS.length + 1

export const FETCH_STATES = ['pending', 'fetched', 'failed'] as const
export type FetchState = (typeof FETCH_STATES)[number]

/** The largest invoice PDF taken, uploaded or fetched. */
export const INVOICE_PDF_MAX_BYTES = 10 * 1024 * 1024
/** The largest image downloaded for a product (it is made smaller before it is kept). */
export const PRODUCT_IMAGE_MAX_BYTES = 15 * 1024 * 1024

/**
 * After `attempts` failed tries (1 = the first), when to try again; null when the file is given up:
 * at once for a failure that trying again cannot mend (`retryable` false: too large, not a PDF or an
 * image), else after the last wait.
 */
export function nextFetchAttempt(attempts: number, failedAt: Date, retryable = true): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new RangeError(`attempts must be 1 or more: ${attempts}`)
  if (!retryable) return null
  const wait = FETCH_RETRY_WAITS_SECONDS[attempts - 1]
  return wait === undefined ? null : new Date(failedAt.getTime() + wait * 1000)
}

/** Only web addresses are fetched: never file:, data: or anything a URL parser also reads. */
export function isFetchableUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== ''
  } catch {
    return false
  }
}

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-

/** A PDF starts with `%PDF-` (a content type says nothing: an ERP may send any). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b)
}
