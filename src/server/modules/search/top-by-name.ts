/**
 * The autocomplete's best few without ranking every match. A query ranks (domain/search-rank): exact
 * code, then code prefix, then names holding every word, first those where each starts a name word as
 * typed, by fewer extra name words and then the (name, id) order. Two shortcuts follow from that, where the full pass ranks
 * every match (124,000 for a three-letter prefix at 1,000,000 products):
 * - topByName: the best are the first names holding every word at a word start as typed (among the
 *   code-prefix products when there are such), and each token's name list, kept in (extra words,
 *   name order) order, gives them after a few entries per token;
 * - topByCode: at least `limit` products have the typed text as a code prefix, so only they are ranked.
 * Either returns null when it cannot tell, and the caller ranks every match: the answer is the same
 * either way (top-by-name.int.test.ts compares them).
 */
import { normaliseSearchText } from '../../../domain/search-query'
import { EXTRA_WORDS_CAP as EXTRA_CAP, type RankQuery } from '../../../domain/search-rank'
import type { PostingLists } from './posting-lists'
import { smallestNumbers } from './smallest'
import type { Vocabulary } from './vocabulary'

/** idOf of a removed or replaced slot: its postings are skipped. */
export const DEAD = -1

/** What the fast path reads of the index (search-index.ts IndexData). */
export type NameRankView = {
  readonly vocabulary: Vocabulary
  readonly postings: PostingLists
  readonly namePostings: PostingLists
  readonly codeOf: readonly string[]
  readonly idOf: Int32Array
  readonly extraOf: Int32Array
  readonly ordinal: Int32Array
  readonly ordinalSlots: Int32Array
  /** Each sealed slot's (name, id) position at the build: its name lists' order, which never changes. */
  readonly buildOrdinal: Int32Array
  readonly codeOrder: CodeOrder
  /** Products whose name has a word their search document lacks (then a name match is no match). */
  readonly namesOutsideDocument: number
  exactMatches(q: RankQuery): number[]
  /** The tokens containing the form that some name holds. */
  nameTokensWith(form: string): Int32Array
  ensureOrdinals(): void
  /** Per-slot scratch marks reused by every search (search-index.ts), and a byte per slot. */
  scratch(k: number): { marks: Int32Array; base: number }
  readonly counts: Uint8Array[]
}

/**
 * Sorts each token's sealed name list by (extra words capped, name order). The order stays right
 * after later changes: a slot's extra words and name never change (a renamed product gets a new
 * slot), and new ordinals keep the old slots' relative order; slots added later go to the tails.
 */
export function orderNameLists(
  lists: PostingLists,
  extraOf: Int32Array,
  ordinal: Int32Array,
  ordinalSlots: Int32Array,
): void {
  const { starts, values } = lists
  // Two live slots never share an ordinal; a removed one would (0), and its list would be mixed up.
  if (ordinalSlots.length !== ordinal.length) throw new Error('name lists ordered with removed slots')
  const span = ordinal.length + 1
  let keys = new Float64Array(64)
  for (let l = 0; l < lists.sealed; l++) {
    const from = starts[l]!
    const n = starts[l + 1]! - from
    if (n < 2) continue
    if (keys.length < n) keys = new Float64Array(Math.max(n, keys.length * 2))
    for (let i = 0; i < n; i++) {
      const slot = values[from + i]!
      keys[i] = Math.min(extraOf[slot]!, EXTRA_CAP) * span + ordinal[slot]!
    }
    // A numeric sort of the keys; each slot comes back from its ordinal (a build has no dead slot,
    // so every slot of a list has an ordinal of its own).
    const sorted = keys.subarray(0, n).sort()
    for (let i = 0; i < n; i++) values[from + i] = ordinalSlots[sorted[i]! % span]!
  }
}

/**
 * Slots in the order of their lower-cased codes, to tell at once whether some product's code starts
 * with what was typed (the code prefix tier). Slots made after the build are kept aside, read one by one.
 */
export class CodeOrder {
  private sorted = new Int32Array(0)
  private readonly later: number[] = []

  /** The build's slots (0 … codes.length - 1), sorted once; the lower-cased codes are not kept. */
  seal(codes: readonly string[]) {
    const lower = codes.map((code) => code.toLowerCase())
    const slots = Int32Array.from(lower.keys())
    slots.sort((a, b) => (lower[a]! < lower[b]! ? -1 : lower[a]! > lower[b]! ? 1 : a - b))
    this.sorted = slots
  }

  /** A slot made after the build. */
  add(slot: number) {
    this.later.push(slot)
  }

  /** Whether a live slot's lower-cased code starts with the prefix. */
  anyStartsWith(prefix: string, codeOf: readonly string[], idOf: Int32Array): boolean {
    return this.scan(prefix, codeOf, idOf, () => false)
  }

  /** The live slots whose lower-cased code starts with the prefix. */
  startingWith(prefix: string, codeOf: readonly string[], idOf: Int32Array): number[] {
    const out: number[] = []
    this.scan(prefix, codeOf, idOf, (slot) => {
      out.push(slot)
      return true
    })
    return out
  }

  /**
   * About how many codes start with the prefix, to choose how to find them: the build's, dead or
   * alive, without the later ones (at most a quarter of the live: more rebuild the index).
   */
  countStartingWith(prefix: string, codeOf: readonly string[]): number {
    return this.firstAtLeast(`${prefix}\uffff`, codeOf) - this.firstAtLeast(prefix, codeOf)
  }

  /** The first position in the build's order whose lower-cased code is not below `text`. */
  private firstAtLeast(text: string, codeOf: readonly string[]): number {
    const { sorted } = this
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (codeOf[sorted[mid]!]!.toLowerCase() < text) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Visits the live slots with the prefix while `visit` says go on; false once it said stop. */
  private scan(
    prefix: string,
    codeOf: readonly string[],
    idOf: Int32Array,
    visit: (slot: number) => boolean,
  ): boolean {
    // The codes starting with the prefix are one run of the order, found by its two ends: a slot's
    // code never changes (a new code is a new slot), so no code in the run is compared again (a code
    // prefix such as 'BYA-0' covers ~28,000 of 1,000,000 codes).
    const { sorted } = this
    const end = this.firstAtLeast(`${prefix}\uffff`, codeOf)
    for (let i = this.firstAtLeast(prefix, codeOf); i < end; i++) {
      const slot = sorted[i]!
      if (idOf[slot] !== DEAD && !visit(slot)) return true
    }
    for (const slot of this.later) {
      if (idOf[slot] !== DEAD && lowerCaseStartsWith(codeOf[slot]!, prefix) && !visit(slot)) return true
    }
    return false
  }
}

/** Membership checks of the other words one search may make before it leaves the rest to the full pass. */
const CHECK_BUDGET = 50_000

/**
 * The best `limit` slots when names holding every word at a word start as typed decide them: no
 * exact code, and at least `limit` such names (among the code-prefix products, when some code starts
 * with what was typed: those rank first). The word with the fewest such names leads: its lists are
 * read in key order, and each slot is checked for the other words by a binary search of their lists
 * by key. Null otherwise. `matches`: the query's matches as a bitmap, when the caller found them
 * (the search page), so that only those are checked.
 */
export function topByName(
  view: NameRankView,
  q: RankQuery,
  limit: number,
  matches: Int32Array | null = null,
): number[] | null {
  if (q.words.length === 0 || limit <= 0 || q.prefix.length === 0) return null
  const typedForms = q.words.map((forms) => forms[0])
  if (typedForms.some((form) => !form) || view.namesOutsideDocument > 0) return null
  if (view.exactMatches(q).length > 0) return null
  const { codeOf } = view
  const { prefix } = q
  const codesFirst = view.codeOrder.anyStartsWith(prefix, codeOf, view.idOf)
  view.ensureOrdinals()
  const { namePostings, idOf, extraOf, ordinal } = view
  const { values } = namePostings
  const { vocabulary } = view
  const span = view.ordinalSlots.length + 1
  const keyOf = (slot: number) => Math.min(extraOf[slot]!, EXTRA_CAP) * span + ordinal[slot]!
  // A sealed list's order by the build's positions, which a removed slot keeps (its ordinal does not).
  const { buildOrdinal } = view
  const buildSpan = buildOrdinal.length + 1
  const sealedKey = (slot: number) => Math.min(extraOf[slot]!, EXTRA_CAP) * buildSpan + buildOrdinal[slot]!
  // Per word, the name tokens starting with it as typed; the word with the fewest entries leads.
  const perWord = typedForms.map((form) =>
    Array.from(view.nameTokensWith(form!)).filter((token) => vocabulary.startsWith(token, form!)),
  )
  const entries = perWord.map((list) => list.reduce((n, token) => n + namePostings.size(token), 0))
  const lead = entries.indexOf(Math.min(...entries))
  const others = perWord.filter((_, w) => w !== lead)
  let checks = 0
  const holds = (list: number[], slot: number) =>
    list.some((token) => {
      const key = slot < buildOrdinal.length ? sealedKey(slot) : -1
      checks++
      let lo = namePostings.start(token)
      let hi = namePostings.end(token)
      while (key >= 0 && lo < hi) {
        const mid = (lo + hi) >> 1
        if (sealedKey(values[mid]!) < key) lo = mid + 1
        else hi = mid
      }
      if (key >= 0 && lo < namePostings.end(token) && values[lo] === slot) return true
      return namePostings.tail(token)?.includes(slot) ?? false
    })
  // The best so far, ascending by key; few enough (the autocomplete's ten) for insertion.
  const best = new BestByKey(limit)
  const consider = (slot: number): boolean => {
    if (idOf[slot] === DEAD) return true
    const key = keyOf(slot)
    if (!best.admits(key)) return false
    if (codesFirst && !lowerCaseStartsWith(codeOf[slot]!, prefix)) return true
    // A name holding every word is in its document, so such a product is one of the matches: a slot
    // outside them is passed over for one bit instead of a binary search per other word.
    if (matches && (matches[slot >>> 5]! & (1 << (slot & 31))) === 0) return true
    if (best.slots.includes(slot)) return true
    if (!others.every((list) => holds(list, slot))) return true
    best.add(slot, key)
    return true
  }
  for (const token of perWord[lead]!) {
    const end = namePostings.end(token)
    // The sealed part is in key order: past the current last of the best, nothing after it can enter.
    for (let p = namePostings.start(token); p < end && checks <= CHECK_BUDGET; p++) {
      if (!consider(values[p]!)) break
    }
    for (const slot of namePostings.tail(token) ?? []) consider(slot)
    if (checks > CHECK_BUDGET) return null
  }
  if (best.slots.length === limit) return best.slots
  // Fewer than `limit` names hold the one word as typed, and they were all read: the next groups.
  if (q.words.length !== 1 || codesFirst) return null
  return nextGroups(view, q.words[0]!, best.slots, limit)
}

/**
 * One word's best after the names holding it at a word start as typed (`first`, all of them): the
 * names holding another of its forms (a stem, a typo's correction) at a word start, then those holding
 * a form inside a word, each group by (extra words, name order) and read from its tokens' name lists in
 * that order. Past the second group come products whose name does not hold the word: null then.
 */
function nextGroups(
  view: NameRankView,
  forms: readonly string[],
  first: number[],
  limit: number,
): number[] | null {
  const { vocabulary } = view
  const typed = forms[0]!
  const tokens = [...new Set(forms.flatMap((form) => Array.from(view.nameTokensWith(form))))]
  const atStart = (token: number) => forms.some((form) => vocabulary.startsWith(token, form))
  const groups = [
    tokens.filter((token) => !vocabulary.startsWith(token, typed) && atStart(token)),
    tokens.filter((token) => !atStart(token)),
  ]
  const taken = [...first]
  for (const group of groups) {
    taken.push(...bestInLists(view, group, limit - taken.length, taken))
    if (taken.length === limit) return taken
  }
  return null
}

/**
 * The `want` slots of lowest (extra words, name order) key in the tokens' name lists, leaving out
 * `skip` and removed slots: each list's sealed part is in key order, so a list is left once its next
 * entry cannot beat the worst kept.
 */
function bestInLists(view: NameRankView, tokens: number[], want: number, skip: readonly number[]): number[] {
  const { namePostings, idOf, extraOf, ordinal } = view
  const { values } = namePostings
  const span = view.ordinalSlots.length + 1
  const best = new BestByKey(want)
  const consider = (slot: number): boolean => {
    if (idOf[slot] === DEAD) return true
    const key = Math.min(extraOf[slot]!, EXTRA_CAP) * span + ordinal[slot]!
    if (!best.admits(key)) return false
    if (!best.slots.includes(slot) && !skip.includes(slot)) best.add(slot, key)
    return true
  }
  for (const token of tokens) {
    const end = namePostings.end(token)
    for (let p = namePostings.start(token); p < end; p++) if (!consider(values[p]!)) break
    for (const slot of namePostings.tail(token) ?? []) consider(slot)
  }
  return best.slots
}

/** The `size` slots of lowest key seen so far, ascending; few (a page at most), so kept by insertion. */
class BestByKey {
  readonly slots: number[] = []
  private readonly keys: number[] = []

  constructor(private readonly size: number) {}

  /** Whether a slot of this key would be kept: a sealed list in key order is left at the first that is not. */
  admits(key: number): boolean {
    return this.keys.length < this.size || key < this.keys[this.size - 1]!
  }

  add(slot: number, key: number) {
    const { keys, slots } = this
    let at = keys.length
    while (at > 0 && keys[at - 1]! > key) at--
    keys.splice(at, 0, key)
    slots.splice(at, 0, slot)
    if (keys.length > this.size) {
      keys.pop()
      slots.pop()
    }
  }
}

/** A name with a word starting with the typed form, with another form, containing a form, none. */
const NO_NAME_MATCH = 3

/**
 * The best `limit` slots for a one-word query that at least `limit` codes start with (and none equals):
 * tier 1 outranks every other match, so only those products are ranked, by how their name holds the
 * word, then extra words and name order. Each one chosen must be a match (a token of its normalised
 * code in its search document holds the word, or its name does); null otherwise.
 */
export function topByCode(view: NameRankView, q: RankQuery, limit: number): number[] | null {
  if (q.words.length !== 1 || q.prefix.length === 0 || limit <= 0) return null
  if (view.exactMatches(q).length > 0) return null
  const prefixed = view.codeOrder.startingWith(q.prefix, view.codeOf, view.idOf)
  if (prefixed.length < limit) return null
  view.ensureOrdinals()
  const forms = q.words[0]!
  const { namePostings, extraOf, ordinal, ordinalSlots } = view
  const { values } = namePostings
  const { vocabulary } = view
  // group[slot], valid where stamp[slot] === base: the best way the slot's name holds the word.
  const { marks: stamp, base } = view.scratch(1)
  const group = view.counts[0]!
  const mark = (slot: number, g: number) => {
    if (stamp[slot] !== base) {
      stamp[slot] = base
      group[slot] = g
    } else if (g < group[slot]!) group[slot] = g
  }
  for (const form of forms) {
    for (const token of view.nameTokensWith(form)) {
      const end = namePostings.end(token)
      const tail = namePostings.tail(token)
      const g = !vocabulary.startsWith(token, form) ? 2 : form === forms[0] ? 0 : 1
      for (let p = namePostings.start(token); p < end; p++) mark(values[p]!, g)
      for (const slot of tail ?? []) mark(slot, g)
    }
  }
  const span = ordinalSlots.length + 1
  const keys = new Float64Array(prefixed.length)
  for (let i = 0; i < prefixed.length; i++) {
    const s = prefixed[i]!
    const g = stamp[s] === base ? group[s]! : NO_NAME_MATCH
    keys[i] = (g * (EXTRA_CAP + 1) + Math.min(extraOf[s]!, EXTRA_CAP)) * span + ordinal[s]!
  }
  const top = Array.from(smallestNumbers(keys, limit), (key) => ordinalSlots[key % span]!)
  const isMatch = (slot: number) =>
    (stamp[slot] === base && view.namesOutsideDocument === 0) || codeTokenMatches(view, slot, forms)
  return top.every(isMatch) ? top : null
}

/** Whether a token of the slot's normalised code, held by its search document, contains a form. */
function codeTokenMatches(view: NameRankView, slot: number, forms: readonly string[]): boolean {
  return normaliseSearchText(view.codeOf[slot]!)
    .split(' ')
    .some((token) => {
      if (!token || !forms.some((form) => token.includes(form))) return false
      const id = view.vocabulary.find(token)
      return id >= 0 && view.postings.has(id, slot)
    })
}

/**
 * code.toLowerCase().startsWith(prefix), without making the lower-cased code while the code's
 * characters are ASCII (every generated code): lower-casing those is one character for one, so an
 * ASCII code shorter than the prefix never starts with it (a search of several words is longer than
 * most codes).
 */
export function lowerCaseStartsWith(code: string, prefix: string): boolean {
  const n = Math.min(code.length, prefix.length)
  for (let i = 0; i < n; i++) {
    let c = code.charCodeAt(i)
    if (c >= 128) return code.toLowerCase().startsWith(prefix)
    if (c >= 65 && c <= 90) c += 32
    if (c !== prefix.charCodeAt(i)) return false
  }
  return prefix.length <= code.length
}
