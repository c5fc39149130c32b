import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { derivedSecretsKey, keyFingerprint, openSecret, sealSecret, secretsKeyFromText } from './secret-box'

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32)

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = sealSecret(key, 'iyzico.secretKey', 'sandbox-SECRET-1234567890')
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('SECRET')
    expect(openSecret(key, 'iyzico.secretKey', sealed)).toBe('sandbox-SECRET-1234567890')
  })

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(sealSecret(key, 'a', 'same')).not.toBe(sealSecret(key, 'a', 'same'))
  })

  it('does not open with another key, under another name, or once changed', () => {
    const sealed = sealSecret(key, 'iyzico.apiKey', 'key-value')
    expect(openSecret(randomBytes(32), 'iyzico.apiKey', sealed)).toBeNull()
    expect(openSecret(key, 'iyzico.secretKey', sealed)).toBeNull()
    const [v, n, t, c] = sealed.split('.')
    const flipped = `${c![0] === 'A' ? 'B' : 'A'}${c!.slice(1)}`
    expect(openSecret(key, 'iyzico.apiKey', [v, n, t, flipped].join('.'))).toBeNull()
    expect(openSecret(key, 'iyzico.apiKey', 'not sealed')).toBeNull()
  })

  it('reads a key from 64 hex characters or 32 bytes of base64, nothing else', () => {
    const raw = randomBytes(32)
    expect(secretsKeyFromText(raw.toString('hex'))?.equals(raw)).toBe(true)
    expect(secretsKeyFromText(raw.toString('base64'))?.equals(raw)).toBe(true)
    expect(secretsKeyFromText(raw.toString('base64url'))?.equals(raw)).toBe(true)
    expect(secretsKeyFromText('too short')).toBeNull()
    expect(secretsKeyFromText(randomBytes(16).toString('hex'))).toBeNull()
  })

  it('derives a key of its own from the session secret, stable and not the secret', () => {
    const a = derivedSecretsKey('x'.repeat(40))
    expect(a).toHaveLength(32)
    expect(a.equals(derivedSecretsKey('x'.repeat(40)))).toBe(true)
    expect(a.equals(derivedSecretsKey('y'.repeat(40)))).toBe(false)
    expect(keyFingerprint(a)).toMatch(/^[0-9a-f]{16}$/)
    expect(keyFingerprint(a)).not.toBe(keyFingerprint(derivedSecretsKey('y'.repeat(40))))
  })
})
