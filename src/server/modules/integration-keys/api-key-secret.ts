import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * An integration key reads `tpk_<prefix>_<secret>`: `tpk_` makes it recognisable (secret scanners,
 * a person reading a config file), the 12-character prefix is public and finds the key's row, and the
 * secret is 32 random bytes of which only the SHA-256 is stored (as password links and payment links
 * are). A database dump therefore holds no usable key.
 */
const KEY_PATTERN = /^tpk_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/

export const newKeyPrefix = () => randomBytes(6).toString('hex')

export function newApiKey(prefix: string): { key: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url')
  return { key: `tpk_${prefix}_${secret}`, secretHash: secretHashOf(secret) }
}

export const secretHashOf = (secret: string) => createHash('sha256').update(secret).digest('hex')

/** The prefix and secret of a well-formed key, or null. */
export function parseApiKey(key: string): { prefix: string; secret: string } | null {
  const match = KEY_PATTERN.exec(key)
  return match?.[1] && match[2] ? { prefix: match[1], secret: match[2] } : null
}

/** Whether the secret hashes to the stored hash, compared in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(secretHashOf(secret), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
