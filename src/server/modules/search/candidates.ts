/**
 * The slots whose document holds every query word (each by one of its forms), found by walking the
 * posting lists of the tokens holding a form. The slots matched so far are a bitmap, 32 slots to an
 * int (125 KB at 1,000,000 slots, in cache), not a per-slot number (4 MB, one cache miss per entry):
 * at 1,000,000 products a search walks up to 760,000 entries for one short word ('ve').
 * A dense list ('ve', 'iş', a category's words) is merged as its own bitmap, word by word
 * (PostingLists.bitmap), rather than entry by entry.
 */
import type { PostingLists } from './posting-lists'

/** What finding the candidates reads of the index (search-index.ts IndexData). */
export type CandidatesView = {
  /**
   * One bit per slot, set while the slot is live: 125 KB at 1,000,000 slots, read a 32-slot int at a
   * time where the ids would be read a slot at a time (4 MB).
   */
  readonly liveBits: Int32Array
  /** Per token, the slots whose document holds it, ascending. */
  readonly postings: PostingLists
  /** Per token, the slots whose description (not document) holds it, ascending. */
  readonly descriptionPostings: PostingLists
  readonly vocabulary: { tokensWith(form: string): readonly number[] }
  /** The tokens starting with the form that some description holds. */
  descriptionTokensStarting(form: string): Int32Array
  /** A reusable array of up to every slot, for the candidates (search-index.ts IndexData). */
  slotBuffer(k: number): Int32Array
  /** Two cleared bitmaps of every slot, and how many of their ints are in use. */
  matchBitmaps(): { have: Int32Array; into: Int32Array; words: number }
  /** Written here: slots with marks[slot] === base matched some word in the description only. */
  descriptionOnly: { marks: Int32Array; base: number }
  /** Written here: the matches as a bitmap (dead slots too), valid until the next search. */
  matchedBits: Int32Array | null
}

const NO_SLOTS: readonly number[] = []
const NO_MATCHES = new Int32Array(0)
/** The view's slot buffer the candidates are written to (filterSlots writes the next one). */
export const CANDIDATE_BUFFER = 0

/**
 * The live slots matching every word, in no particular order (every reader sorts or counts them), in
 * the view's reusable buffer: valid until the next search. Sets view.descriptionOnly for the ranking
 * (tier 5).
 */
export function findCandidates(
  view: CandidatesView,
  words: ReadonlyArray<readonly string[]>,
  descriptionOnly: { marks: Int32Array; base: number },
): Int32Array {
  view.descriptionOnly = descriptionOnly
  view.matchedBits = null
  if (words.length === 0) return NO_MATCHES
  const { postings, descriptionPostings, liveBits } = view
  const bitmaps = view.matchBitmaps()
  const size = bitmaps.words
  let { have, into } = bitmaps
  const out = { slots: view.slotBuffer(CANDIDATE_BUFFER), length: 0 }
  for (let i = 0; i < words.length; i++) {
    const forms = words[i]!
    const first = i === 0
    const last = i === words.length - 1
    // have: the slots matching every word before this one; into: those matching this one too.
    const before = have
    const after = into
    // A slot first reached through a description matched this word there only.
    let inDescription = false
    const visit = (slot: number) => {
      const w = slot >>> 5
      const bit = 1 << (slot & 31)
      if ((!first && (before[w]! & bit) === 0) || (after[w]! & bit) !== 0) return
      after[w] = after[w]! | bit
      if (inDescription) descriptionOnly.marks[slot] = descriptionOnly.base
      if (last && (liveBits[w]! & bit) !== 0) out.slots[out.length++] = slot
    }
    const walk = (lists: PostingLists, tokenId: number) => {
      const { values } = lists
      const end = lists.end(tokenId)
      for (let p = lists.start(tokenId); p < end; p++) visit(values[p]!)
      if (lists.hasTails) for (const slot of lists.tail(tokenId) ?? NO_SLOTS) visit(slot)
    }
    const merge = (bits: Int32Array) => {
      const n = Math.min(bits.length, size)
      for (let w = 0; w < n; w++) {
        const fresh = (first ? bits[w]! : bits[w]! & before[w]!) & ~after[w]!
        if (fresh === 0) continue
        after[w] = after[w]! | fresh
        if (last) pushSlots(fresh & liveBits[w]!, w, out)
      }
    }
    for (const form of forms) {
      for (const tokenId of view.vocabulary.tokensWith(form)) {
        const bits = postings.bitmap(tokenId)
        if (!bits) {
          walk(postings, tokenId)
          continue
        }
        merge(bits)
        if (postings.hasTails) for (const slot of postings.tail(tokenId) ?? NO_SLOTS) visit(slot)
      }
    }
    // In a description a form counts at a word start only: 'run' finds 'ürün' in a name, not there.
    inDescription = true
    for (const form of forms) {
      for (const tokenId of view.descriptionTokensStarting(form)) walk(descriptionPostings, tokenId)
    }
    // The next word reads this word's set; the older one is cleared to be written next.
    have = after
    into = before
    into.fill(0, 0, size)
  }
  view.matchedBits = have
  return out.slots.subarray(0, out.length)
}

/**
 * Pushes the slots of the set bits of int w, highest first: taking the lowest bit by negation
 * would overflow an int for bit 31, and the engine would drop to slower number code.
 */
function pushSlots(bits: number, w: number, out: { slots: Int32Array; length: number }) {
  let rest = bits
  while (rest !== 0) {
    const bit = 31 - Math.clz32(rest)
    out.slots[out.length++] = (w << 5) + bit
    rest ^= 1 << bit
  }
}
