/**
 * Exact lookups (a product's code and equivalent codes, its barcode) by two 32-bit hashes of the text
 * instead of a JS Map keyed by the strings: at 1,000,000 products that is 3.2 million keys (1.2
 * million of them equivalent codes, strings held for nothing else), about 150 MB as Maps and strings,
 * and 12 bytes a key here. Two hashes agreeing by chance on a different text is about 1 in 2^64.
 * Keys added after the build go to a small Map, read beside the sorted arrays.
 */

/**
 * FNV-1a over the UTF-16 code units, and a second hash of the same shape with another basis and
 * multiplier (murmur's).
 */
export const FNV = { basis: 0x811c9dc5, prime: 0x01000193 }
export const SECOND = { basis: 0x050c5d1f, prime: 0x5bd1e995 }

export function hashText(text: string, how: { basis: number; prime: number }): number {
  let hash = how.basis | 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, how.prime)
  }
  return hash
}

export class ExactKeys {
  private first = new Int32Array(1024)
  private second = new Int32Array(1024)
  private slots = new Int32Array(1024)
  private count = 0
  private sealed = false
  private readonly later = new Map<string, number[]>()

  /** The slot is found by this exact text. */
  add(key: string, slot: number) {
    if (this.sealed) {
      const found = this.later.get(key)
      if (found) found.push(slot)
      else this.later.set(key, [slot])
      return
    }
    if (this.count === this.first.length) {
      this.first = grown(this.first)
      this.second = grown(this.second)
      this.slots = grown(this.slots)
    }
    this.first[this.count] = hashText(key, FNV)
    this.second[this.count] = hashText(key, SECOND)
    this.slots[this.count] = slot
    this.count++
  }

  /** Ends the build: the keys sorted by their hashes, the arrays cut to size. */
  seal() {
    if (this.sealed) return
    this.sealed = true
    const { first, second, slots, count } = this
    const order = new Int32Array(count)
    for (let i = 0; i < count; i++) order[i] = i
    order.sort((a, b) => first[a]! - first[b]! || second[a]! - second[b]! || a - b)
    this.first = Int32Array.from(order, (i) => first[i]!)
    this.second = Int32Array.from(order, (i) => second[i]!)
    this.slots = Int32Array.from(order, (i) => slots[i]!)
  }

  /** The slots found by this exact text (removed ones too: the caller checks). */
  find(key: string): number[] {
    const out = [...(this.later.get(key) ?? [])]
    const h1 = hashText(key, FNV)
    const h2 = hashText(key, SECOND)
    const { first, second, slots } = this
    const n = this.sealed ? this.count : 0
    let lo = 0
    let hi = n
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (first[mid]! < h1 || (first[mid] === h1 && second[mid]! < h2)) lo = mid + 1
      else hi = mid
    }
    for (let i = lo; i < n && first[i] === h1 && second[i] === h2; i++) out.push(slots[i]!)
    return out
  }
}

function grown(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2)
  b.set(a)
  return b
}
