/**
 * The distinct tokens of the listed products' search documents, numbered in the order first seen,
 * and which tokens contain a form (through their trigrams). At 100,000 products there are ~330,000
 * of them, most a single product's code, barcode or model code, so the layout counts: the token →
 * number lookup is an open-addressing table of numbers (2 MB) rather than a Map (14 MB), and the
 * trigram → tokens lists share typed arrays (posting-lists.ts, 11 MB) rather than one JS array
 * each (26 MB).
 */
import { PostingLists } from './posting-lists'

/** Tokens of the form's trigram are checked with `includes`; shorter forms scan every token once. */
const FORM_MEMO_MAX = 5_000

const DICTIONARY_WORD = /^[a-z]{3,}$/

/** V8 keeps a slice of this many characters or more as a view into the string it was cut from. */
const SLICE_MIN = 13

export class Vocabulary {
  /** By token id. */
  readonly tokens: string[] = []
  /** Token ids by a hash of the token, found by linear probing (-1: free); at most 3/4 full. */
  private table = new Int32Array(1 << 16).fill(-1)
  /** Trigram → its list in `trigramTokens`. */
  private readonly trigramNos = new Map<string, number>()
  /** Per trigram, the tokens holding it, ascending; made from all tokens at once when first read. */
  private trigramTokens: PostingLists | null = null
  /** Form → tokens containing it; emptied when tokens are added. */
  readonly formMemo = new Map<string, number[]>()
  private words: string[] = []
  private wordsOf = -1

  /** The token's id, which it is given when new. */
  id(token: string): number {
    const at = this.place(token)
    const found = this.table[at]!
    if (found >= 0) return found
    const id = this.tokens.length
    this.tokens.push(ownCopy(token))
    this.table[at] = id
    if (this.tokens.length * 4 > this.table.length * 3) this.rehash(this.table.length * 2)
    if (this.trigramTokens) {
      for (const trigram of trigramsOf(token)) this.trigramTokens.add(this.trigramNo(trigram), id)
    }
    this.formMemo.clear()
    return id
  }

  /** The token's id; -1 when no document holds it. */
  find(token: string): number {
    return this.table[this.place(token)]!
  }

  /** Tokens containing the form, ascending. */
  tokensWith(form: string): number[] {
    const memo = this.formMemo.get(form)
    if (memo) return memo
    const lists = this.trigramLists()
    // The first of the form's trigrams held by the fewest tokens (-1: one no token holds).
    let best: number | null = null
    let bestSize = 0
    for (const trigram of trigramsOf(form)) {
      const no = this.trigramNos.get(trigram) ?? -1
      const size = no < 0 ? 0 : lists.size(no)
      if (best === null || size < bestSize) {
        best = no
        bestSize = size
      }
    }
    const { tokens } = this
    const found: number[] = []
    if (best === null) {
      for (let t = 0; t < tokens.length; t++) if (tokens[t]!.includes(form)) found.push(t)
    } else if (best >= 0) {
      const { values } = lists
      const end = lists.end(best)
      for (let i = lists.start(best); i < end; i++) {
        const t = values[i]!
        if (tokens[t]!.includes(form)) found.push(t)
      }
      for (const t of lists.tail(best) ?? []) if (tokens[t]!.includes(form)) found.push(t)
    }
    if (this.formMemo.size >= FORM_MEMO_MAX) this.formMemo.clear()
    this.formMemo.set(form, found)
    return found
  }

  /** The tokens that are words of 3+ letters (codes and sizes are no typo's correction). */
  dictionary(): string[] {
    if (this.wordsOf !== this.tokens.length) {
      this.words = this.tokens.filter((t) => DICTIONARY_WORD.test(t))
      this.wordsOf = this.tokens.length
    }
    return this.words
  }

  /** Makes the trigram lists of every token so far (a build calls it once its tokens are in). */
  seal() {
    this.trigramLists()
  }

  private trigramLists(): PostingLists {
    if (this.trigramTokens) return this.trigramTokens
    const { tokens } = this
    // Each token's trigram numbers end to end (one int32 each, ~11 MB at 100,000 products), in
    // token order: the token of each is known again by counting, so no (trigram, token) pairs.
    let total = 0
    for (const token of tokens) total += Math.max(0, token.length - 2)
    const nos = new Int32Array(total)
    let next = 0
    for (const token of tokens) for (const trigram of trigramsOf(token)) nos[next++] = this.trigramNo(trigram)
    this.trigramTokens = PostingLists.seal(this.trigramNos.size, (add) => {
      let at = 0
      tokens.forEach((token, id) => {
        for (let i = 2; i < token.length; i++) add(nos[at++]!, id)
      })
    })
    return this.trigramTokens
  }

  private trigramNo(trigram: string): number {
    let no = this.trigramNos.get(trigram)
    if (no === undefined) {
      no = this.trigramNos.size
      this.trigramNos.set(trigram, no)
    }
    return no
  }

  /** Where the token is in the table, or the free place it would take. */
  private place(token: string): number {
    const { table, tokens } = this
    const mask = table.length - 1
    let at = hashOf(token) & mask
    for (;;) {
      const id = table[at]!
      if (id < 0 || tokens[id] === token) return at
      at = (at + 1) & mask
    }
  }

  private rehash(size: number) {
    this.table = new Int32Array(size).fill(-1)
    this.tokens.forEach((token, id) => {
      this.table[this.place(token)] = id
    })
  }
}

/** FNV-1a over the UTF-16 code units. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/**
 * The token as a string of its own. A token split from a document of 100+ characters is a slice of
 * it, and a slice of SLICE_MIN characters or more (every barcode) would keep the whole document alive.
 */
function ownCopy(token: string): string {
  if (token.length < SLICE_MIN) return token
  const copy = Buffer.from(token, 'utf8').toString('utf8')
  // A lone surrogate does not survive UTF-8 (none comes from the database): then keep the slice.
  return copy === token ? copy : token
}

/** Trigrams of a token (none when shorter than 3 letters). */
function trigramsOf(text: string): string[] {
  const out: string[] = []
  for (let i = 0; i + 3 <= text.length; i++) out.push(text.slice(i, i + 3))
  return out
}
