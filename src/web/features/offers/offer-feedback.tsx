import { notifications } from '@mantine/notifications'
import { isApiError } from '../../lib/api-error'

/** A short confirmation (toast at the top, closes by itself after 5 s: spec/2 §9). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message })
}

/**
 * A failed offer call shows the spec's text, unless the API client already reacted (401 → login page,
 * 403 → its own toast).
 */
export function notifyFailure(error: unknown, message: string): void {
  if (isApiError(error) && error.handled) return
  notifications.show({ color: 'red', message, autoClose: 8000 })
}
