import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt parameters (N = 2^15, r = 8, p = 1): about 50 ms and 32 MiB per hash on this class of machine. */
const N = 32768
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/**
 * Stored as "scrypt$N$r$p$salt$hash" so parameters can be raised later without breaking old hashes.
 * `n` is lowered only by the tests for the users they make by the hundred (test/passwords.ts): a
 * login reads N from the stored hash, so theirs takes the same path at a fraction of the cost.
 */
export async function hashPassword(password: string, n: number = N): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, n, R, P)
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
let decoy: Promise<string> | undefined
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'))
  return decoy
}
