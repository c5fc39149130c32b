import { foldTurkish } from '../../../domain/turkish-text'

/** A bank as the import matches it: its issuer words (banks.issuer_match). */
export type BankMatcher = { id: number; issuerMatch: string[] }

/**
 * Upper- or lower-case, Turkish letters folded, punctuation as spaces: 'TÜRKİYE İŞ BANKASI, A.Ş.',
 * 'TURKIYE IS BANKASI, A.S.' and 'Türkiye İş Bankası A.Ş.' all read 'turkiye is bankasi a s'.
 */
export function issuerKey(text: string): string {
  return foldTurkish(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/**
 * The bank a BIN row's issuer belongs to: the first bank (in the given order) one of whose words
 * occurs in the issuer as whole words ('IS BANKASI' in 'TURKIYE IS BANKASI, A.S.', but 'AKBANK' not in
 * 'MAKBANK'); null when none does.
 */
export function bankForIssuer(issuer: string, banks: BankMatcher[]): number | null {
  const haystack = ` ${issuerKey(issuer)} `
  if (haystack.trim() === '') return null
  for (const bank of banks) {
    for (const word of bank.issuerMatch) {
      const needle = issuerKey(word)
      if (needle && haystack.includes(` ${needle} `)) return bank.id
    }
  }
  return null
}
