/**
 * Card numbers as the payment records keep them: never the number, only its masked form (the first 6
 * and last 4 digits, as printed on the Mail Order slip) and the card's network.
 */

/** '4508034508034509' → '450803******4509'. */
export function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`
}

/** The Luhn check digit rule every real card number meets. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export type CardNetwork = 'VISA' | 'MASTER_CARD' | 'TROY' | 'AMEX'

/**
 * The network by the card's leading digits (issuer identification ranges): TROY 9792, AMEX 34/37,
 * Mastercard 51–55 and 2221–2720, VISA 4. Null for anything else.
 */
export function cardNetworkOf(digits: string): CardNetwork | null {
  if (digits.startsWith('9792')) return 'TROY'
  if (/^3[47]/.test(digits)) return 'AMEX'
  const two = Number(digits.slice(0, 2))
  const four = Number(digits.slice(0, 4))
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTER_CARD'
  if (digits.startsWith('4')) return 'VISA'
  return null
}

/** 'MM/YY' is valid through the last day of that month; expired once `now` is in a later month (UTC). */
export function cardExpired(expire: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expire)
  if (!match) return true
  const card = (2000 + Number(match[2])) * 12 + Number(match[1])
  return card < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
}
