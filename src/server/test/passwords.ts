import { hashPassword } from '../security/password'

/**
 * scrypt's N for the users the tests make. At the product's 2^15 a hash or a login costs 50–350 ms
 * on the 2-core CI machine, and the integration suite logs users in by the hundred; 2^10 is a
 * thirty-second of that work. Logins verify with the N stored in the hash, so the path is the product's;
 * security/password.test.ts and the password-change tests keep the product's own N.
 */
const TEST_N = 1024

const hashes = new Map<string, Promise<string>>()

/** One stored hash per password for the whole test file (the salt need not differ between test users). */
export function testPasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password)
  if (!hash) {
    hash = hashPassword(password, TEST_N)
    hashes.set(password, hash)
  }
  return hash
}
