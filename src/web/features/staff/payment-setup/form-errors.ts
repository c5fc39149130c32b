import { isApiError } from '../../../lib/api-error'

/**
 * The server's field messages of a refused save, for a form to show under its fields (what was typed
 * stays); null when the refusal names no field the form has, so the form shows it above instead.
 */
export function fieldMessages(error: unknown, fields: readonly string[]): Record<string, string> | null {
  if (!isApiError(error) || !error.fields) return null
  const known = Object.entries(error.fields).filter(([field]) =>
    fields.some((name) => field === name || field.startsWith(`${name}.`)),
  )
  return known.length > 0 ? Object.fromEntries(known) : null
}
