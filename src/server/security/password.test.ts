import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password'

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const stored = await hashPassword('Bayi1234!')
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword('Bayi1234!', stored)).toBe(true)
    expect(await verifyPassword('bayi1234!', stored)).toBe(false)
  })

  it('salts every hash and rejects malformed stored values', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'))
    expect(await verifyPassword('x', 'plain-text')).toBe(false)
  })
})
