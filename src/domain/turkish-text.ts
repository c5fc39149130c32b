/**
 * Turkish-aware text rules used for search and sorting. Pure functions: the database stores their
 * output in indexed columns, so "sanziman" finds "Şanzıman" on PGlite and PostgreSQL alike.
 */

const FOLD: Record<string, string> = {
  ş: 's',
  Ş: 's',
  ı: 'i',
  I: 'i',
  İ: 'i',
  i: 'i',
  ğ: 'g',
  Ğ: 'g',
  ç: 'c',
  Ç: 'c',
  ö: 'o',
  Ö: 'o',
  ü: 'u',
  Ü: 'u',
}

/** Lower-cases with Turkish rules and drops diacritics, both ways: 'IĞDIR', 'ığdır', 'igdir' → 'igdir'. */
export function foldTurkish(input: string): string {
  let out = ''
  for (const ch of input) out += FOLD[ch] ?? ch
  return out
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
}

/** Turkish lower-case (I → ı, İ → i), keeping the letters. */
export function turkishLower(input: string): string {
  return input.toLocaleLowerCase('tr-TR')
}

// Turkish alphabet, with q, w, x placed where Turkish dictionaries put them.
const ALPHABET = 'abcçdefgğhıijklmnoöpqrsştuüvwxyz'
const DIGITS = '0123456789'

/**
 * A key whose plain byte order is Turkish alphabetical order (a < b < c < ç < … < ı < i …), made only
 * of digits so that no database collation can reorder it. Case-insensitive; punctuation sorts first.
 */
export function turkishSortKey(input: string): string {
  let key = ''
  for (const ch of turkishLower(input)) {
    const digit = DIGITS.indexOf(ch)
    if (digit >= 0) {
      key += String(10 + digit)
      continue
    }
    const letter = ALPHABET.indexOf(ch)
    if (letter >= 0) {
      key += String(20 + letter)
      continue
    }
    const folded = foldTurkish(ch)
    const near = folded ? ALPHABET.indexOf(folded[0] ?? '') : -1
    key += near >= 0 ? String(20 + near) : '00'
  }
  return key
}

/** URL slug with Turkish letters folded: 'Şanzıman Parçaları' → 'sanziman-parcalari'. */
export function slugify(input: string): string {
  return foldTurkish(input)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
