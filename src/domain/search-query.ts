/**
 * The search analyser: one normaliser for what a dealer types and for each product's search document,
 * so the two meet. Pure functions; the database stores normaliseSearchText's output at write time.
 *
 * - Turkish letters folded both ways (foldTurkish): 'IĞDIR', 'ığdır', 'igdir' are one word.
 * - Units written either way become one token: '4 x 40', '4×40', '4X40' → '4x40'; '10 mm' → '10mm'.
 * - Suffixes a dealer types are stripped into extra word forms ('kablosu' → 'kablo', 'vidalar' → 'vida',
 *   'matkabı' → 'matkap' with the final consonant's softening undone). A query word matches when any of
 *   its forms occurs in the document: the typed form always stays one of them.
 */
import { foldTurkish } from './turkish-text'

/** Words of a query that take part in the search; more are ignored. */
export const MAX_QUERY_WORDS = 8
/** Words at least this long are matched with one typing error when nothing matches them as typed. */
export const TYPO_MIN_LENGTH = 5
/** A stem shorter than this is not offered as a form (it would match too much). */
const MIN_STEM = 4

// Units that follow a number; written as one token with it ('10 mm' → '10mm').
const UNITS = [
  'mm',
  'cm',
  'mt',
  'm',
  'kg',
  'gr',
  'g',
  'lt',
  'ml',
  'l',
  'v',
  'w',
  'kw',
  'a',
  'ah',
  'mah',
  'bar',
  'inc',
  'inch',
  'cc',
]
const UNIT_AFTER_NUMBER = new RegExp(`(\\d)\\s+(${UNITS.join('|')})(?![a-z0-9])`, 'g')

/**
 * Folded, punctuation-light text with units joined: what both the query and the document are made of.
 * Keeps '-', '.', ',' and '/' inside a token (codes, '2,5mm', '1/2'); everything else separates words.
 */
export function normaliseSearchText(input: string): string {
  return (
    ` ${foldTurkish(input)} `
      .replace(/[×*]/g, 'x')
      .replace(/[^a-z0-9\-.,/x ]+/g, ' ')
      // Separators that do not sit between two letters or digits are no part of a token.
      .replace(/(^|\s)[-.,/]+|[-.,/]+(?=\s|$)/g, '$1 ')
      .replace(/(\d)\s*x\s*(?=\d)/g, '$1x')
      .replace(UNIT_AFTER_NUMBER, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }

/**
 * A product description's words for search (its lowest-ranked matches): the HTML's text with tags
 * and entities gone, normalised like the document. Nothing is kept of tags' attributes.
 */
export function descriptionText(html: string | null | undefined): string {
  if (!html) return ''
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? ' '
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1))
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    })
  return normaliseSearchText(text)
}

/** A product's search document: every text a dealer may type to find it, normalised, one space apart. */
export function searchDocument(parts: Array<string | null | undefined>): string {
  return parts
    .filter((p): p is string => Boolean(p))
    .map(normaliseSearchText)
    .filter(Boolean)
    .join(' ')
}

const VOWELS = new Set([...'aeiou'])
const isVowel = (ch: string | undefined) => ch !== undefined && VOWELS.has(ch)

// Longest first: 'ları' before 'lar' before 'ı'. Folded spellings (ı → i, ü → u).
const SUFFIXES: Array<{ suffix: string; after?: 'vowel' | 'consonant' }> = [
  { suffix: 'lari' },
  { suffix: 'leri' },
  { suffix: 'lar' },
  { suffix: 'ler' },
  { suffix: 'si', after: 'vowel' },
  { suffix: 'su', after: 'vowel' },
  { suffix: 'yi', after: 'vowel' },
  { suffix: 'yu', after: 'vowel' },
  { suffix: 'i', after: 'consonant' },
  { suffix: 'u', after: 'consonant' },
]

// A final b, d, g before a vowel suffix was p, t, k in the bare word (matkap → matkabı, ğ folds to g).
const HARDEN: Record<string, string> = { b: 'p', d: 't', g: 'k' }

/**
 * The forms a typed word may stand for: itself, then its stems with Turkish suffixes removed (and the
 * softened final consonant hardened back). Words with digits are codes or sizes and stay as typed.
 */
export function wordForms(word: string): string[] {
  const forms = [word]
  if (/[^a-z]/.test(word)) return forms
  for (const { suffix, after } of SUFFIXES) {
    if (!word.endsWith(suffix)) continue
    const stem = word.slice(0, -suffix.length)
    if (stem.length < MIN_STEM) continue
    const last = stem[stem.length - 1]
    if (after === 'vowel' && !isVowel(last)) continue
    if (after === 'consonant' && isVowel(last)) continue
    forms.push(stem)
    const hard = last ? HARDEN[last] : undefined
    if (hard && after !== undefined) forms.push(stem.slice(0, -1) + hard)
    // The longest suffix that fits is the one: 'contası' is 'conta', not also 'contas'.
    break
  }
  return [...new Set(forms)]
}

export type AnalysedWord = {
  /** As typed, normalised. */
  word: string
  /** The word and its stems; a typo correction adds the corrected word. */
  forms: string[]
  /** Long enough to be matched with one typing error. */
  typoTolerant: boolean
}

export type AnalysedQuery = {
  /** The whole query, trimmed: compared with codes, barcodes and equivalent codes as it is. */
  raw: string
  /** The whole query normalised: a code prefix is compared with it. */
  normalised: string
  words: AnalysedWord[]
}

/** What the search does with a typed query. */
export function analyseQuery(input: string): AnalysedQuery {
  const raw = input.trim()
  const normalised = normaliseSearchText(raw)
  const seen = new Set<string>()
  const words: AnalysedWord[] = []
  for (const word of normalised.split(' ')) {
    if (!word || seen.has(word) || words.length >= MAX_QUERY_WORDS) continue
    seen.add(word)
    words.push({
      word,
      forms: wordForms(word),
      typoTolerant: word.length >= TYPO_MIN_LENGTH && /^[a-z]+$/.test(word),
    })
  }
  return { raw, normalised, words }
}

/** Levenshtein distance, stopping early once it exceeds `max` (answers max + 1 then). */
export function editDistance(a: string, b: string, max = 1): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > max) return max + 1
    previous = current
  }
  return previous[b.length]!
}

/**
 * Corrections of a typo-tolerant word from the catalogue's dictionary: when some dictionary word starts
 * with one of its forms, the word is no typo and nothing is corrected; otherwise every dictionary word
 * within one edit of the word (or of its start: 'matkp' → 'matkap' and 'eldivn' → 'eldiven').
 */
export function typoCorrections(word: AnalysedWord, dictionary: string[]): string[] {
  if (!word.typoTolerant) return []
  if (dictionary.some((d) => word.forms.some((f) => d.startsWith(f)))) return []
  return dictionary.filter(
    (d) => editDistance(word.word, d) <= 1 || editDistance(word.word, d.slice(0, word.word.length)) <= 1,
  )
}
