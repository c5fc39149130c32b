import type { Locale } from '../../../contracts/common'
import type { FrameMessage } from '../../../contracts/payments'

/** The payment page the modal frames (spec/2 §7); it answers with FrameMessage posts. */
export const PAYMENT_FRAME_SRC = '/payment/start'

/**
 * The frame's address in the page's language: the frame is not under /en, so without `lang` it would
 * follow the user's saved preference, and so would the callback address it asks for (`?lang=`), whose
 * answer (a decline's reason) the page shows.
 */
export const paymentFrameSrc = (locale: Locale) => `${PAYMENT_FRAME_SRC}?lang=${locale}`
/** spec/2 §9 */
export const PAYMENT_FRAME_HEIGHT = 500

/** What the frame may tell the page; 'start' only goes the other way. */
export type IncomingFrameMessage = Exclude<FrameMessage, { type: 'start' }>

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The message's shape, checked field by field: anything else (other scripts' posts) is ignored. */
export function readFrameMessage(data: unknown): IncomingFrameMessage | null {
  if (!isRecord(data)) return null
  switch (data.type) {
    case 'ready':
    case 'dialogClose':
      return { type: data.type }
    case 'loading':
      return typeof data.value === 'boolean' ? { type: 'loading', value: data.value } : null
    case 'payment_succeed':
    case 'payment_processing':
      return typeof data.intentId === 'string' && data.intentId !== ''
        ? { type: data.type, intentId: data.intentId }
        : null
    case 'payment_failed':
      return {
        type: 'payment_failed',
        intentId: typeof data.intentId === 'string' ? data.intentId : null,
        message: typeof data.message === 'string' ? data.message : '',
      }
    default:
      return null
  }
}

/**
 * A message from our payment frame, or null: it must come from this site's own origin and from the
 * frame's own window (not another tab, frame or extension), and have a known shape (spec/2 §4).
 */
export function trustedFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: Window | null | undefined,
  origin: string = window.location.origin,
): IncomingFrameMessage | null {
  if (event.origin !== origin) return null
  if (!frame || event.source !== frame) return null
  return readFrameMessage(event.data)
}
