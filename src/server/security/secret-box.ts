import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets kept in the database (the gateway's merchant keys), sealed with AES-256-GCM (docs/decisions.md,
 * "Gateway keys stored encrypted"): a fresh 96-bit nonce per seal, the 128-bit tag checked on opening,
 * and the secret's name as additional data, so a sealed value copied into another column does not
 * open there. Stored as `v1.<nonce>.<tag>.<ciphertext>`, each base64url.
 */

const VERSION = 'v1'

/** A 32-byte key: 64 hex characters, or 32 bytes in base64 (openssl rand -hex 32 / -base64 32). */
export function secretsKeyFromText(text: string): Buffer | null {
  const trimmed = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
    return bytes.length === 32 ? bytes : null
  }
  return null
}

/**
 * The key outside production when none is given: derived from the session secret (HKDF-SHA-256 with
 * its own label), so a developer's machine and the demo need no variable, and the key is never the
 * session secret itself. Changing the session secret makes stored secrets unreadable: they are typed
 * again on the screen.
 */
export function derivedSecretsKey(sessionSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'toptan', 'gateway secrets v1', 32))
}

/** A short fingerprint of a key, stored beside what it sealed: a key change is told from a damaged value. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('toptan key id').update(key).digest('hex').slice(0, 16)
}

export function sealSecret(key: Buffer, name: string, plaintext: string): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(name, 'utf8'))
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [VERSION, nonce, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The plaintext, or null when the value was sealed with another key, for another name, or damaged. */
export function openSecret(key: Buffer, name: string, stored: string): string | null {
  const [version, nonce, tag, sealed, ...rest] = stored.split('.')
  if (version !== VERSION || !nonce || !tag || sealed === undefined || rest.length > 0) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
    decipher.setAAD(Buffer.from(name, 'utf8'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    )
  } catch {
    return null
  }
}
