/**
 * How each matched slot's name holds the query's words, as the ranking counts them (domain/search-rank):
 * words in the name, words at a word start, words at a word start as typed. Two ways give the same
 * counts, and the cheaper one for the query is taken:
 * - by name lists: walk the name list of every token holding a word's form, touching each name found
 *   (cheap when few names hold the words, whatever the matches);
 * - by slot tokens: read each matched slot's own name tokens (cheap when the matches are few and a
 *   word is short: at 1,000,000 products 'iş' is in the names of 270,000 products, while
 *   "iş eldivenleri" matches 28,000).
 */
import type { RankQuery } from '../../../domain/search-rank'
import type { PostingLists } from './posting-lists'
import type { Vocabulary } from './vocabulary'

/** What the counting reads of the index (search-index.ts IndexData). */
export type NameCountsView = {
  readonly vocabulary: Vocabulary
  /** Per token, the slots whose name holds it. */
  readonly namePostings: PostingLists
  /** Per slot, its name's tokens, ascending. */
  readonly slotNameTokens: PostingLists
  /** The tokens containing the form that some name holds. */
  nameTokensWith(form: string): Int32Array
  scratch(k: number): { marks: Int32Array; base: number }
  /** counts[0], [1], [2]: per slot, the words in its name, at a word start, at a word start as typed. */
  readonly counts: Uint8Array[]
}

export type CountMethod = 'name lists' | 'slot tokens'

/** Slot counts written by countNameWords are valid where marks[slot] >= base (0 for any other slot). */
export type CountedSlots = { marks: Int32Array; base: number }

const NO_NUMBERS: readonly number[] = []

/** A token's bits per query word w, at 3w: the word is in it, starts it, starts it as typed. */
const IN = 1
const START = 2
const TYPED = 4
const BITS_PER_WORD = 3
/** Queries of more words than one int's bits hold are counted by name lists (a query has at most 8). */
const MAX_WORDS_BY_TOKENS = Math.floor(31 / BITS_PER_WORD)

/**
 * Counts the words each of `slots` holds in its name into view.counts. Slots outside `slots` may be
 * counted too (the name lists reach every name holding a word); none is counted wrong. `within`, a
 * bitmap holding every slot of `slots` (the candidates' own, candidates.ts), lets the name lists skip
 * the names of other products at the cost of one bit read each.
 */
export function countNameWords(
  view: NameCountsView,
  slots: Int32Array | readonly number[],
  q: RankQuery,
  within: Int32Array | null = null,
  method: CountMethod = cheaperMethod(view, slots, q, within),
): CountedSlots {
  return method === 'slot tokens' && q.words.length <= MAX_WORDS_BY_TOKENS
    ? countBySlotTokens(view, slots, q)
    : countByNameLists(view, q, within)
}

/**
 * A name list's entry costs about twice a slot's token here (measured at 1,000,000 products: 20–90 ns
 * against 13–21 ns): the lists reach slots all over the per-slot arrays, the tokens are read in a row.
 */
const LIST_ENTRY_COST = 2
/** …and one whose slot is outside the bitmap of matches, only its bit read (measured: see benchmarks.md). */
const SKIPPED_ENTRY_COST = 0.25

/** The method of less work: the name lists' entries, or the matches' name tokens. */
export function cheaperMethod(
  view: NameCountsView,
  slots: Int32Array | readonly number[],
  q: RankQuery,
  within: Int32Array | null = null,
): CountMethod {
  let listEntries = 0
  for (const forms of q.words) {
    for (const form of forms) {
      for (const token of view.nameTokensWith(form)) listEntries += view.namePostings.size(token)
    }
  }
  const perSlot = view.slotNameTokens.values.length / Math.max(1, view.slotNameTokens.sealed)
  // With the bitmap, a share of the entries as large as the matches' share of the slots is counted.
  const share = within ? Math.min(1, slots.length / Math.max(1, view.slotNameTokens.sealed)) : 1
  const entryCost = within ? SKIPPED_ENTRY_COST + share * LIST_ENTRY_COST : LIST_ENTRY_COST
  return slots.length * perSlot < listEntries * entryCost ? 'slot tokens' : 'name lists'
}

function countByNameLists(view: NameCountsView, q: RankQuery, within: Int32Array | null): CountedSlots {
  // Counts live in scratch arrays reused by every search: a slot's counts are valid when its
  // marks[slot] is at least this call's base (stale ones read as 0).
  const seen = view.scratch(1)
  const [inName, starts, typed] = view.counts as [Uint8Array, Uint8Array, Uint8Array]
  const inStamp = view.scratch(2)
  const startStamp = view.scratch(3)
  const typedStamp = view.scratch(4)
  const touch = (slot: number) => {
    if (seen.marks[slot]! >= seen.base) return
    seen.marks[slot] = seen.base
    inName[slot] = 0
    starts[slot] = 0
    typed[slot] = 0
  }
  const { namePostings, vocabulary } = view
  const { values } = namePostings
  q.words.forEach((forms, w) => {
    const inMark = inStamp.base + w
    const startMark = startStamp.base + w
    const typedMark = typedStamp.base + w
    let atStart = false
    let asTyped = false
    const count = (slot: number) => {
      if (within && (within[slot >>> 5]! & (1 << (slot & 31))) === 0) return
      touch(slot)
      if (inStamp.marks[slot] !== inMark) {
        inStamp.marks[slot] = inMark
        inName[slot]!++
      }
      if (!atStart) return
      if (startStamp.marks[slot] !== startMark) {
        startStamp.marks[slot] = startMark
        starts[slot]!++
      }
      if (asTyped && typedStamp.marks[slot] !== typedMark) {
        typedStamp.marks[slot] = typedMark
        typed[slot]!++
      }
    }
    for (const form of forms) {
      asTyped = form === forms[0]
      for (const tokenId of view.nameTokensWith(form)) {
        atStart = vocabulary.startsWith(tokenId, form)
        const end = namePostings.end(tokenId)
        for (let p = namePostings.start(tokenId); p < end; p++) count(values[p]!)
        for (const slot of namePostings.tail(tokenId) ?? NO_NUMBERS) count(slot)
      }
    }
  })
  return seen
}

function countBySlotTokens(
  view: NameCountsView,
  slots: Int32Array | readonly number[],
  q: RankQuery,
): CountedSlots {
  const seen = view.scratch(1)
  const [inName, starts, typed] = view.counts as [Uint8Array, Uint8Array, Uint8Array]
  // The few name tokens holding some word, with what they say of each word.
  const held: number[] = []
  const said: number[] = []
  q.words.forEach((forms, w) => {
    forms.forEach((form, f) => {
      for (const token of view.nameTokensWith(form)) {
        const at = view.vocabulary.startsWith(token, form) ? (f === 0 ? IN | START | TYPED : IN | START) : IN
        held.push(token)
        said.push(at << (BITS_PER_WORD * w))
      }
    })
  })
  const bitsOf = new TokenBits(held, said)
  const lists = view.slotNameTokens
  const { values, starts: listStarts, sealed } = lists
  const tails = lists.hasTails
  const words = q.words.length
  for (let k = 0; k < slots.length; k++) {
    const slot = slots[k]!
    let bits = 0
    if (slot < sealed) {
      const end = listStarts[slot + 1]!
      for (let p = listStarts[slot]!; p < end; p++) bits |= bitsOf.get(values[p]!)
    }
    if (tails) for (const token of lists.tail(slot) ?? NO_NUMBERS) bits |= bitsOf.get(token)
    let i = 0
    let s = 0
    let t = 0
    for (let w = 0; w < words; w++) {
      const b = bits >>> (BITS_PER_WORD * w)
      i += b & IN
      s += (b & START) >>> 1
      t += (b & TYPED) >>> 2
    }
    seen.marks[slot] = seen.base
    inName[slot] = i
    starts[slot] = s
    typed[slot] = t
  }
  return seen
}

/**
 * Token → bits for a few tokens, by open addressing in a table at most half full: a JS Map took
 * 30 ns a lookup here, and nearly every lookup is a miss (a name token no query word is in).
 */
class TokenBits {
  private readonly keys: Int32Array
  private readonly bits: Int32Array
  private readonly shift: number

  constructor(tokens: readonly number[], bits: readonly number[]) {
    let size = 16
    while (size < tokens.length * 2) size *= 2
    this.keys = new Int32Array(size).fill(-1)
    this.bits = new Int32Array(size)
    this.shift = 32 - Math.log2(size)
    tokens.forEach((token, i) => {
      const at = this.find(token)
      this.keys[at] = token
      this.bits[at]! |= bits[i]!
    })
  }

  /** The token's bits, 0 for a token not held. */
  get(token: number): number {
    return this.bits[this.find(token)]!
  }

  /** The token's place, or the free place where it would go. */
  private find(token: number): number {
    const mask = this.keys.length - 1
    let at = Math.imul(token, 0x9e3779b1) >>> this.shift
    while (this.keys[at] !== token && this.keys[at] !== -1) at = (at + 1) & mask
    return at
  }
}
