/** spec/2 §9: an account password is 6 to 30 characters long. */
export const PASSWORD_MIN_LENGTH = 6
export const PASSWORD_MAX_LENGTH = 30

/** What is wrong with a new password and its verification, in the order spec/2 §5 checks them. */
export type PasswordChangeProblem = 'empty' | 'length' | 'verifyMissing' | 'mismatch'

/** Characters as people count them: code points of the NFC form (the form the hash is taken of). */
export function passwordLength(password: string): number {
  return [...password.normalize('NFC')].length
}

/**
 * The account form's rules (spec/2 §5): a new password of 6 to 30 characters, given again as the
 * verification, both the same. An empty new password is nothing to save. Null when it may be saved.
 */
export function passwordChangeProblem(
  password: string,
  passwordVerify: string,
): PasswordChangeProblem | null {
  if (password === '') return 'empty'
  const length = passwordLength(password)
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'length'
  if (passwordVerify === '') return 'verifyMissing'
  if (password.normalize('NFC') !== passwordVerify.normalize('NFC')) return 'mismatch'
  return null
}
