/**
 * The autocomplete's best few without ranking every match. A one-word query ranks (domain/search-rank):
 * exact code, then code prefix, then products with a name word starting with the word as typed, by
 * fewer extra name words and then the (name, id) order. When no product is in the first two tiers,
 * the best `limit` are the first of that third group, and each token's name list kept in (extra words,
 * name order) order gives them after reading a few entries per token, where the full pass ranks every
 * match (124,000 for a three-letter prefix at 1,000,000 products). Anything else returns null, and the
 * caller ranks every match: the answer is the same either way (top-by-name.int.test.ts compares them).
 */
import type { RankQuery } from '../../../domain/search-rank'
import type { PostingLists } from './posting-lists'
import type { Vocabulary } from './vocabulary'

/** packRank's cap on the extra words: above it, names tie on this part of the key. */
const EXTRA_CAP = 1023

const DEAD = -1

/** What the fast path reads of the index (search-index.ts IndexData). */
export type NameRankView = {
  readonly vocabulary: Vocabulary
  readonly namePostings: PostingLists
  readonly idOf: Int32Array
  readonly extraOf: Int32Array
  readonly ordinal: Int32Array
  readonly ordinalSlots: Int32Array
  readonly codeOrder: CodeOrder
  /** Products whose name has a word their search document lacks (then a name match is no match). */
  readonly namesOutsideDocument: number
  exactMatches(q: RankQuery): number[]
  ensureOrdinals(): void
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
    const { sorted } = this
    const lowerAt = (i: number) => codeOf[sorted[i]!]!.toLowerCase()
    let lo = 0
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (lowerAt(mid) < prefix) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < sorted.length && lowerAt(i).startsWith(prefix); i++) {
      if (idOf[sorted[i]!] !== DEAD) return true
    }
    return this.later.some((slot) => idOf[slot] !== DEAD && codeOf[slot]!.toLowerCase().startsWith(prefix))
  }
}

/** The best `limit` slots for a one-word query when the name group decides them; null otherwise. */
export function topByName(
  view: NameRankView,
  q: RankQuery,
  limit: number,
  codeOf: readonly string[],
): number[] | null {
  if (q.words.length !== 1 || limit <= 0 || q.prefix.length === 0) return null
  const typed = q.words[0]![0]
  if (!typed || view.namesOutsideDocument > 0) return null
  if (view.exactMatches(q).length > 0) return null
  if (view.codeOrder.anyStartsWith(q.prefix, codeOf, view.idOf)) return null
  view.ensureOrdinals()
  const { namePostings, idOf, extraOf, ordinal } = view
  const { values } = namePostings
  const { tokens } = view.vocabulary
  const span = view.ordinalSlots.length + 1
  // The best so far, ascending by key; few enough (the autocomplete's ten) for insertion.
  const keys: number[] = []
  const slots: number[] = []
  const consider = (slot: number): boolean => {
    if (idOf[slot] === DEAD) return true
    const key = Math.min(extraOf[slot]!, EXTRA_CAP) * span + ordinal[slot]!
    if (keys.length === limit && key >= keys[limit - 1]!) return false
    if (slots.includes(slot)) return true
    let at = keys.length
    while (at > 0 && keys[at - 1]! > key) at--
    keys.splice(at, 0, key)
    slots.splice(at, 0, slot)
    if (keys.length > limit) {
      keys.pop()
      slots.pop()
    }
    return true
  }
  for (const token of view.vocabulary.tokensWith(typed)) {
    if (!tokens[token]!.startsWith(typed)) continue
    const end = namePostings.end(token)
    // The sealed part is in key order: past the current last of the best, nothing after it can enter.
    for (let p = namePostings.start(token); p < end; p++) if (!consider(values[p]!)) break
    for (const slot of namePostings.tail(token) ?? []) consider(slot)
  }
  return slots.length === limit ? slots : null
}
