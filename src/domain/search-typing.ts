import { normaliseSearchText } from './search-query'

/**
 * What a person searched, as the search statistics count it: the autocomplete asks for suggestions
 * at nearly every keystroke ('v', 'vi', 'vid', 'vida'), and only the term the person settled on is
 * one search. A term is settled when the person stops typing for this long, starts another search
 * (a term that does not continue it), or opens the search page with it.
 */
export const SETTLE_MS = 2_000

/**
 * Whether `next` is the same search typed on from `previous`: letters added, or some taken back
 * ('vida' after 'vid', 'vid' after 'vida'), compared as the search compares (Turkish letters
 * folded, case and spacing ignored). An empty term continues nothing.
 */
export function continuesTyping(previous: string, next: string): boolean {
  const a = normaliseSearchText(previous)
  const b = normaliseSearchText(next)
  if (!a || !b) return false
  return b.startsWith(a) || a.startsWith(b)
}
