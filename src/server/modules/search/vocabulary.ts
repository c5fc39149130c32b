/**
 * The distinct tokens of the listed products' search documents, numbered in the order first seen,
 * and which tokens contain a form (through their trigrams). At 1,000,000 products there are ~3,000,000
 * of them, most a single product's code, barcode or model code, so the layout counts:
 * - the tokens are UTF-8 bytes end to end in one buffer (~60 MB), not a string each (a 16-byte header
 *   and a pointer each, ~140 MB); UTF-8 is self-synchronising, so a form is in a token, or starts it,
 *   exactly when its bytes are in the token's bytes, or start them;
 * - the token → number lookup is an open-addressing table of numbers rather than a Map;
 * - the trigram → tokens lists are gaps coded in bytes, all in one buffer (packed-lists.ts), rather
 *   than an Int32Array of token ids (99 MB at 1,000,000 products) or a JS array each.
 * A token with a lone surrogate (none comes from the database, which stores UTF-8) is kept as UTF-8
 * makes it, with U+FFFD in its place.
 */
import { PackedLists } from './packed-lists'

/** Tokens of the form's trigram are checked one by one; shorter forms scan every token's bytes once. */
const FORM_MEMO_MAX = 5_000

/** a and z in UTF-8: a dictionary word is 3+ of the letters between. */
const A = 0x61
const Z = 0x7a

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export class Vocabulary {
  /** The tokens' bytes end to end; token t is bytes[starts[t]] up to starts[t + 1]. */
  private bytes = new Uint8Array(1 << 16)
  private starts = new Int32Array(1 << 12)
  private count = 0
  /** Token ids by a hash of the token's bytes, found by linear probing (-1: free); at most 3/4 full. */
  private table = new Int32Array(1 << 16).fill(-1)
  /** Trigram → its list in `trigramTokens`. */
  private readonly trigramNos = new Map<string, number>()
  /** Per trigram, the tokens holding it, ascending; made from all tokens at once when first read. */
  private trigramTokens: PackedLists | null = null
  /** Form → tokens containing it; emptied when tokens are added. */
  readonly formMemo = new Map<string, number[]>()
  private words: string[] = []
  private wordsOf = -1
  /** The last form asked about, and its bytes: callers ask of many tokens with one form. */
  private form = ''
  private formBytes = new Uint8Array(0)
  /** The token being looked up, as UTF-8 (reused: a build looks up every word of every document). */
  private key = new Uint8Array(256)

  /** How many tokens there are (ids 0 up to this). */
  get size(): number {
    return this.count
  }

  /** The token's id, which it is given when new. */
  id(token: string): number {
    const length = this.encode(token)
    const at = this.place(this.key, length)
    const found = this.table[at]!
    if (found >= 0) return found
    const id = this.append(this.key, length)
    this.table[at] = id
    if (this.count * 4 > this.table.length * 3) this.rehash(this.table.length * 2)
    if (this.trigramTokens) {
      for (const trigram of trigramsOf(token)) this.trigramTokens.add(this.trigramNo(trigram), id)
    }
    this.formMemo.clear()
    return id
  }

  /** The token's id; -1 when no document holds it. */
  find(token: string): number {
    return this.table[this.place(this.key, this.encode(token))]!
  }

  /** The token as text. */
  token(id: number): string {
    return decoder.decode(this.bytes.subarray(this.starts[id]!, this.starts[id + 1]!))
  }

  /** Whether the token starts with the form. */
  startsWith(id: number, form: string): boolean {
    const f = this.bytesOf(form)
    const from = this.starts[id]!
    if (this.starts[id + 1]! - from < f.length) return false
    const { bytes } = this
    for (let k = 0; k < f.length; k++) if (bytes[from + k] !== f[k]) return false
    return true
  }

  /** Whether the token is a word of 3+ letters a–z (codes and sizes are no typo's correction). */
  isWord(id: number): boolean {
    const from = this.starts[id]!
    const end = this.starts[id + 1]!
    if (end - from < 3) return false
    const { bytes } = this
    for (let i = from; i < end; i++) if (bytes[i]! < A || bytes[i]! > Z) return false
    return true
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
    const f = encoder.encode(form)
    let found: number[] = []
    if (best === null) {
      found = this.scanFor(f)
    } else if (best >= 0) {
      lists.forEach(best, (t) => {
        if (this.contains(t, f)) found.push(t)
      })
    }
    if (this.formMemo.size >= FORM_MEMO_MAX) this.formMemo.clear()
    this.formMemo.set(form, found)
    return found
  }

  /** The tokens that are words of 3+ letters (codes and sizes are no typo's correction). */
  dictionary(): string[] {
    if (this.wordsOf !== this.count) {
      const words: string[] = []
      for (let t = 0; t < this.count; t++) if (this.isWord(t)) words.push(this.token(t))
      this.words = words
      this.wordsOf = this.count
    }
    return this.words
  }

  /** Makes the trigram lists of every token so far and gives back unused room (a build is done). */
  seal() {
    this.bytes = this.bytes.slice(0, this.starts[this.count])
    this.starts = this.starts.slice(0, this.count + 1)
    this.trigramLists()
  }

  private trigramLists(): PackedLists {
    if (this.trigramTokens) return this.trigramTokens
    // Each token's trigram numbers end to end (one int32 each), in token order, and how many each
    // token has: the token of each is known again by counting, so no (trigram, token) pairs.
    const counts = new Int32Array(this.count)
    let nos = new Int32Array(Math.max(1024, this.count * 4))
    let next = 0
    for (let t = 0; t < this.count; t++) {
      const trigrams = trigramsOf(this.token(t))
      if (next + trigrams.length > nos.length) {
        const grown = new Int32Array(Math.max(next + trigrams.length, nos.length * 2))
        grown.set(nos)
        nos = grown
      }
      for (const trigram of trigrams) nos[next++] = this.trigramNo(trigram)
      counts[t] = trigrams.length
    }
    this.trigramTokens = PackedLists.seal(this.trigramNos.size, (add) => {
      let at = 0
      for (let t = 0; t < counts.length; t++) for (let i = 0; i < counts[t]!; i++) add(nos[at++]!, t)
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

  private bytesOf(form: string): Uint8Array {
    if (form !== this.form) {
      this.form = form
      this.formBytes = encoder.encode(form)
    }
    return this.formBytes
  }

  /** Whether the token's bytes hold f's. */
  private contains(id: number, f: Uint8Array): boolean {
    const m = f.length
    if (m === 0) return true
    const { bytes } = this
    const first = f[0]!
    const last = this.starts[id + 1]! - m
    for (let i = this.starts[id]!; i <= last; i++) {
      if (bytes[i] !== first) continue
      let k = 1
      while (k < m && bytes[i + k] === f[k]) k++
      if (k === m) return true
    }
    return false
  }

  /** Every token holding f, by searching the whole buffer natively (a form of 1–2 letters has no trigram). */
  private scanFor(f: Uint8Array): number[] {
    const found: number[] = []
    if (f.length === 0) {
      for (let t = 0; t < this.count; t++) found.push(t)
      return found
    }
    const { starts } = this
    const end = starts[this.count]!
    const all = Buffer.from(this.bytes.buffer, this.bytes.byteOffset, end)
    let t = 0
    let at = all.indexOf(f, 0)
    while (at >= 0) {
      while (starts[t + 1]! <= at) t++
      // A match running into the next token is none.
      if (at + f.length <= starts[t + 1]!) {
        found.push(t)
        at = starts[t + 1]!
      } else at++
      at = at < end ? all.indexOf(f, at) : -1
    }
    return found
  }

  /** The token's UTF-8 into `key`; its length. */
  private encode(token: string): number {
    if (this.key.length < token.length * 3) this.key = new Uint8Array(token.length * 3)
    return encoder.encodeInto(token, this.key).written
  }

  private append(key: Uint8Array, length: number): number {
    const id = this.count
    if (id + 2 > this.starts.length) this.starts = grownTo(this.starts, id + 2)
    const from = this.starts[id]!
    if (from + length > this.bytes.length) this.bytes = grownTo(this.bytes, from + length)
    this.bytes.set(key.subarray(0, length), from)
    this.starts[id + 1] = from + length
    this.count++
    return id
  }

  /** Where the token is in the table, or the free place it would take. */
  private place(key: Uint8Array, length: number): number {
    const { table } = this
    const mask = table.length - 1
    let at = hashOf(key, 0, length) & mask
    for (;;) {
      const id = table[at]!
      if (id < 0 || this.equals(id, key, length)) return at
      at = (at + 1) & mask
    }
  }

  private equals(id: number, key: Uint8Array, length: number): boolean {
    const from = this.starts[id]!
    if (this.starts[id + 1]! - from !== length) return false
    const { bytes } = this
    for (let k = 0; k < length; k++) if (bytes[from + k] !== key[k]) return false
    return true
  }

  private rehash(size: number) {
    this.table = new Int32Array(size).fill(-1)
    const mask = size - 1
    for (let id = 0; id < this.count; id++) {
      let at = hashOf(this.bytes, this.starts[id]!, this.starts[id + 1]!) & mask
      while (this.table[at]! >= 0) at = (at + 1) & mask
      this.table[at] = id
    }
  }
}

/**
 * The array with room for `length` and a quarter more: after a build (trimmed) only the tokens of
 * changed products come, so the buffer grows by little.
 */
function grownTo<T extends Uint8Array | Int32Array>(array: T, length: number): T {
  const grown = new (array.constructor as new (n: number) => T)(
    Math.max(length, Math.ceil(array.length * 1.25)),
  )
  grown.set(array)
  return grown
}

/** FNV-1a over bytes. */
function hashOf(bytes: Uint8Array, from: number, end: number): number {
  let hash = 0x811c9dc5
  for (let i = from; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193)
  return hash >>> 0
}

/** Trigrams of a token (none when shorter than 3 letters). */
function trigramsOf(text: string): string[] {
  const out: string[] = []
  for (let i = 0; i + 3 <= text.length; i++) out.push(text.slice(i, i + 3))
  return out
}
