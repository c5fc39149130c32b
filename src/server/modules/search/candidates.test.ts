import { describe, expect, it } from 'vitest'
import { type CandidatesView, findCandidates } from './candidates'
import { PostingLists } from './posting-lists'
import { DEAD } from './top-by-name'

/** A small seeded generator, so a failure repeats. */
function seeded(seed: number) {
  let s = seed
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0
    return s / 2 ** 32
  }
}

const SLOTS = 5_000
const TOKENS = 12

/**
 * Token t's document list holds each slot with a chance that makes some lists dense (a bitmap) and
 * others sparse; description lists are sparse. Forms 'f0'… 'f11' are held by one token each, 'many'
 * by tokens 0–3. Some slots are dead; some numbers were added after sealing (the tails).
 */
function catalogue(seed: number) {
  const random = seeded(seed)
  const chance = (t: number) => [0.6, 0.3, 0.02, 0.004][t % 4]!
  const documents: Set<number>[] = Array.from({ length: TOKENS }, () => new Set())
  const descriptions: Set<number>[] = Array.from({ length: TOKENS }, () => new Set())
  const sealedDocs: Array<[number, number]> = []
  const sealedDescriptions: Array<[number, number]> = []
  const added: Array<[PostingLists, number, number]> = []
  const built = SLOTS - 300
  const postings0: Array<[number, number]> = []
  for (let slot = 0; slot < SLOTS; slot++) {
    for (let t = 0; t < TOKENS; t++) {
      if (random() < chance(t)) {
        documents[t]!.add(slot)
        if (slot < built) sealedDocs.push([t, slot])
        else postings0.push([t, slot])
      } else if (random() < 0.01) {
        descriptions[t]!.add(slot)
        if (slot < built) sealedDescriptions.push([t, slot])
      }
    }
  }
  const postings = PostingLists.seal(TOKENS, (add) => {
    for (const [t, slot] of sealedDocs) add(t, slot)
  })
  const descriptionPostings = PostingLists.seal(TOKENS, (add) => {
    for (const [t, slot] of sealedDescriptions) add(t, slot)
  })
  for (const [t, slot] of postings0) added.push([postings, t, slot])
  for (const [lists, t, slot] of added) lists.add(t, slot)
  // Description numbers after the build too: only those of slots whose document lacks the token.
  for (let t = 0; t < TOKENS; t++)
    for (const slot of descriptions[t]!) if (slot >= built) descriptionPostings.add(t, slot)
  const idOf = Int32Array.from({ length: SLOTS }, (_, slot) => (random() < 0.05 ? DEAD : slot + 1))
  const tokensOf = (form: string) => (form === 'many' ? [0, 1, 2, 3] : [Number(form.slice(1))])
  const buffers: Int32Array[] = []
  const words = (SLOTS >>> 5) + 1
  const liveBits = new Int32Array(words)
  idOf.forEach((id, slot) => {
    if (id !== DEAD) liveBits[slot >>> 5]! |= 1 << (slot & 31)
  })
  const view: CandidatesView = {
    liveBits,
    postings,
    descriptionPostings,
    vocabulary: { tokensWith: tokensOf },
    descriptionTokensStarting: (form) => Int32Array.from(tokensOf(form)),
    slotBuffer: (k) => {
      buffers[k] ??= new Int32Array(SLOTS)
      return buffers[k]!
    },
    matchBitmaps: () => ({ have: new Int32Array(words), into: new Int32Array(words), words }),
    descriptionOnly: { marks: new Int32Array(0), base: 0 },
    matchedBits: null,
  }
  return { view, documents, descriptions, idOf, tokensOf }
}

describe('findCandidates', () => {
  it('finds the live slots holding every word by some form, dense lists and tails alike, and marks description-only matches', () => {
    for (const seed of [1, 2, 3]) {
      const { view, documents, descriptions, idOf, tokensOf } = catalogue(seed)
      const queries: string[][][] = [
        [['f0']],
        [['f3']],
        [['f0'], ['f1']],
        [['f1'], ['f2', 'f3'], ['f0']],
        [['many'], ['f5']],
        [['f4'], ['f8'], ['many']],
        [['f2'], ['f6']],
      ]
      for (const query of queries) {
        const marks = { marks: new Int32Array(SLOTS), base: 7 }
        const found = findCandidates(view, query, marks)
        const inDocument = (slot: number, forms: string[]) =>
          forms.some((f) => tokensOf(f).some((t) => documents[t]!.has(slot)))
        const inDescription = (slot: number, forms: string[]) =>
          forms.some((f) => tokensOf(f).some((t) => descriptions[t]!.has(slot)))
        const expected = Array.from({ length: SLOTS }, (_, slot) => slot).filter(
          (slot) =>
            idOf[slot] !== DEAD &&
            query.every((forms) => inDocument(slot, forms) || inDescription(slot, forms)),
        )
        const label = `seed ${seed}, ${JSON.stringify(query)}`
        expect(
          [...found].sort((a, b) => a - b),
          label,
        ).toEqual(expected)
        const descriptionOnly = expected.filter((slot) => query.some((forms) => !inDocument(slot, forms)))
        expect(
          expected.filter((slot) => marks.marks[slot] === marks.base),
          label,
        ).toEqual(descriptionOnly)
      }
    }
  })

  it('finds nothing for no words', () => {
    const { view } = catalogue(4)
    expect([...findCandidates(view, [], { marks: new Int32Array(SLOTS), base: 1 })]).toEqual([])
  })
})

describe('PostingLists.bitmap', () => {
  it('gives a dense list as bits and a sparse one as null', () => {
    const dense = Array.from({ length: 400 }, (_, i) => i * 3)
    const sparse = [5, 900, 4_000, 20_000]
    const lists = PostingLists.seal(2, (add) => {
      for (const v of dense) add(0, v)
      for (const v of sparse) add(1, v)
    })
    const bits = lists.bitmap(0)!
    const held = Array.from({ length: bits.length * 32 }, (_, v) => v).filter(
      (v) => (bits[v >>> 5]! & (1 << (v & 31))) !== 0,
    )
    expect(held).toEqual(dense)
    expect(lists.bitmap(1)).toBeNull()
    expect(lists.bitmap(0)).toBe(bits)
  })
})
