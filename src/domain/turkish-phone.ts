/** Separators people type inside a phone number: spaces, brackets, dashes, dots and slashes. */
const SEPARATORS = /[\s().\-/]/g

/**
 * A Turkish phone number as people write it, landline or mobile, with or without the trunk 0 or the
 * country code: '0532 123 45 67', '+90 (532) 123-45-67', '5321234567', '0212 444 55 66',
 * '0850 222 33 44'. Ten national digits whose area code starts with 2, 3 or 4 (landlines), 5 (mobiles)
 * or 8 (850 and the other non-geographic numbers). Returns it written one way, '0532 123 45 67', or
 * null when it is not such a number.
 */
export function normalizeTurkishPhone(typed: string): string | null {
  const compact = typed.trim().replace(SEPARATORS, '')
  const match = /^(?:\+90|0090|90|0)?([2-58]\d{9})$/.exec(compact)
  const digits = match?.[1]
  if (!digits) return null
  return `0${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`
}
