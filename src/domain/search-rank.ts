/**
 * Search ranking over plain entries, for the in-process search index. The order is the
 * one docs/decisions.md "Search ranking" describes:
 *   tier 0 exact code, barcode or equivalent code · 1 code prefix · 2 every word in the name ·
 *   3 some words in the name · 4 the rest of the search document (brand, special code, category) ·
 *   5 a word found only in the description
 * then, within a tier: more words at a word start in the name, more words found there as typed, more
 * words in the name, fewer extra words in the name, the name in Turkish order, the id.
 * A query word is a list of forms (domain/search-query wordForms plus typo corrections); a word is in
 * the name when one of its forms occurs in the normalised name, at a word start when it begins a word.
 */
import { foldTurkish } from './turkish-text'

/** What ranking reads of a product. searchName is normalised (normaliseSearchText of the name). */
export type RankEntry = {
  id: number
  code: string
  barcode: string | null
  equivalentCodes: readonly string[]
  searchName: string
  nameSort: string
  /**
   * The search document (code, name, brand, category…), when known: a query word with no form in it
   * was found in the description only (tier 5). Without it every word counts as in the document.
   */
  searchText?: string
  /** What rankKey derives from the fields above, kept by an index that ranks an entry many times. */
  derived?: RankDerived
}

export type RankDerived = { lowerCode: string; spacedName: string; extra: number }

/** The lower-cased code, the name after a space (word starts are ' ' + form) and its extra words. */
export function rankDerived(entry: Pick<RankEntry, 'code' | 'searchName'>): RankDerived {
  const name = entry.searchName
  let extra = 0
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) === 32) extra++
  return { lowerCode: entry.code.toLowerCase(), spacedName: ` ${name}`, extra }
}

/** A query prepared for ranking many entries. */
export type RankQuery = {
  /** The code, barcode and equivalent codes are compared with these. */
  upper: string
  raw: string
  /** A code starting with this (lower-cased) is a code prefix match. */
  prefix: string
  words: ReadonlyArray<readonly string[]>
  /** Each word's forms after a space: a form at a word start of ' ' + name. */
  spacedWords: ReadonlyArray<readonly string[]>
}

export function rankQuery(raw: string, words: ReadonlyArray<readonly string[]>): RankQuery {
  const trimmed = raw.trim()
  return {
    raw: trimmed,
    upper: trimmed.toLocaleUpperCase('tr-TR'),
    prefix: foldTurkish(trimmed),
    words,
    spacedWords: words.map((forms) => (forms.length > 0 ? forms.map((f) => ` ${f}`) : [' '])),
  }
}

export type RankKey = { tier: number; starts: number; typed: number; inName: number; extra: number }

export function rankKey(entry: RankEntry, q: RankQuery): RankKey {
  const name = entry.searchName
  const { lowerCode, spacedName, extra } = entry.derived ?? rankDerived(entry)
  let starts = 0
  let typed = 0
  let inName = 0
  for (let w = 0; w < q.words.length; w++) {
    const forms = q.words[w]!
    const spacedForms = q.spacedWords[w]!
    for (const f of forms) {
      if (name.includes(f)) {
        inName++
        break
      }
    }
    for (const f of spacedForms) {
      if (spacedName.includes(f)) {
        starts++
        break
      }
    }
    if (spacedName.includes(spacedForms[0]!)) typed++
  }
  let tier: number
  if (entry.code === q.upper || entry.barcode === q.raw || entry.equivalentCodes.includes(q.upper)) tier = 0
  else if (lowerCode.startsWith(q.prefix)) tier = 1
  else if (entry.searchText !== undefined && !everyWordIn(entry.searchText, q)) tier = 5
  else if (q.words.length > 0 && inName === q.words.length) tier = 2
  else if (inName > 0) tier = 3
  else tier = 4
  return { tier, starts, typed, inName, extra }
}

/** Whether each query word has a form in the text (a form has no space: it lies within one token). */
function everyWordIn(text: string, q: RankQuery): boolean {
  return q.words.every((forms) => forms.some((f) => text.includes(f)))
}

/**
 * The key as one number, smaller first: equal numbers are equal keys. Counts are capped at 15 and the
 * extra words at 1023 (queries have at most 8 words; names far fewer than 1023 spaces).
 */
export function rankScore(key: RankKey): number {
  return packRank(key.tier, key.starts, key.typed, key.inName, key.extra)
}

/** rankScore over the fields themselves (an index ranking thousands of entries makes no objects). */
/** Extra name words above this tie in the rank (packRank's field for them holds 0–1023). */
export const EXTRA_WORDS_CAP = 1023

const cap = (n: number, max: number) => (n < 0 ? 0 : n > max ? max : n)

export function packRank(tier: number, starts: number, typed: number, inName: number, extra: number): number {
  return (
    (((tier * 16 + (15 - cap(starts, 15))) * 16 + (15 - cap(typed, 15))) * 16 + (15 - cap(inName, 15))) *
      1024 +
    cap(extra, EXTRA_WORDS_CAP)
  )
}

/** Best first: the key, then the name in Turkish order (nameSort), then the id. */
export function compareRanked(a: RankEntry, b: RankEntry, q: RankQuery): number {
  const byKey = rankScore(rankKey(a, q)) - rankScore(rankKey(b, q))
  if (byKey !== 0) return byKey
  if (a.nameSort !== b.nameSort) return a.nameSort < b.nameSort ? -1 : 1
  return a.id - b.id
}
