/**
 * Many lists of ascending numbers, stored compactly: the slots whose document holds each token, the
 * tokens holding each trigram. At 100,000 products a build makes ~1.6 million slot numbers over
 * ~330,000 tokens, nine in ten of them held by one product only (its code, barcode, model code). As
 * one JS array per list that cost ~72 MB of heap (an array object and a backing store with room to
 * grow, 8 bytes a number); here the lists made by a build share one Int32Array end to end, with one
 * array of where each starts (4 bytes a list, 4 bytes a number: ~7 MB).
 *
 * A number added after the build (a product changed or added since) goes to a small array of its
 * list's own, read after the shared part. A list stays ascending because numbers arrive ascending:
 * slots and token ids are handed out in order. The next rebuild folds those arrays in again.
 */
/** A list is dense when it holds at least one of every DENSE_SHARE numbers up to its last. */
const DENSE_SHARE = 64

export class PostingLists {
  /** Sealed list l is values[starts[l]] up to (not including) values[starts[l + 1]]. */
  readonly starts: Int32Array
  readonly values: Int32Array
  /** Lists from this number on were made after the build: only their tail holds numbers. */
  readonly sealed: number
  /** Per list, its index in `tails` (-1: nothing added since the build). */
  private tailOf = new Int32Array(0)
  private readonly tails: number[][] = []
  /** The dense sealed lists as bitmaps, made on first use (the sealed part never changes). */
  private readonly bitmaps = new Map<number, Int32Array>()

  private constructor(starts: Int32Array, values: Int32Array) {
    this.starts = starts
    this.values = values
    this.sealed = starts.length - 1
  }

  /**
   * Lists 0 … listCount-1 from the (list, number) pairs `each` reports in order, which calls back
   * twice: once to count each list's length, once to fill it (a counting sort, so no list is ever
   * grown and the pairs need not be held twice).
   */
  static seal(listCount: number, each: (add: (list: number, value: number) => void) => void): PostingLists {
    const starts = new Int32Array(listCount + 1)
    each((list) => {
      starts[list + 1]!++
    })
    for (let l = 0; l < listCount; l++) starts[l + 1]! += starts[l]!
    const values = new Int32Array(starts[listCount]!)
    const next = starts.slice(0, listCount)
    each((list, value) => {
      values[next[list]!++] = value
    })
    return new PostingLists(starts, values)
  }

  static empty(): PostingLists {
    return new PostingLists(new Int32Array(1), new Int32Array(0))
  }

  /** The list's first position in `values` (its sealed part). */
  start(list: number): number {
    return list < this.sealed ? this.starts[list]! : 0
  }

  /** Past the list's last position in `values`. */
  end(list: number): number {
    return list < this.sealed ? this.starts[list + 1]! : 0
  }

  /** The numbers added to the list since the build, after its sealed part. */
  tail(list: number): readonly number[] | undefined {
    const at = list < this.tailOf.length ? this.tailOf[list]! : -1
    return at < 0 ? undefined : this.tails[at]
  }

  /** Whether any list has numbers added since the build (most reads skip the tails when none has). */
  get hasTails(): boolean {
    return this.tails.length > 0
  }

  /** Whether the list holds no number (its tail, if any, is never empty). */
  isEmpty(list: number): boolean {
    if (list < this.sealed && this.starts[list + 1]! > this.starts[list]!) return false
    return this.tail(list) === undefined
  }

  size(list: number): number {
    return this.end(list) - this.start(list) + (this.tail(list)?.length ?? 0)
  }

  /** Whether the list holds the number, for lists kept ascending (a binary search of each part). */
  has(list: number, value: number): boolean {
    const { values } = this
    let lo = this.start(list)
    let hi = this.end(list)
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (values[mid]! < value) lo = mid + 1
      else hi = mid
    }
    if (lo < this.end(list) && values[lo] === value) return true
    const tail = this.tail(list)
    if (!tail) return false
    let a = 0
    let b = tail.length
    while (a < b) {
      const mid = (a + b) >> 1
      if (tail[mid]! < value) a = mid + 1
      else b = mid
    }
    return tail[a] === value
  }

  /**
   * The list's sealed part as a bitmap (number v is bit v & 31 of word v >>> 5) when it holds at least
   * one number in DENSE_SHARE of the numbers up to its last, else null. Such a bitmap costs at most
   * twice the list's own 4 bytes a number, and merging it into a set of slots is one pass over words
   * in cache, rather than a random read per number: at 1,000,000 products ~160 lists ('ve', 'iş',
   * a category's words) hold half of all the numbers, in ~20 MB of bitmaps. The tail is not in it.
   */
  bitmap(list: number): Int32Array | null {
    const start = this.start(list)
    const end = this.end(list)
    if (end === start) return null
    const { values } = this
    const top = values[end - 1]!
    if ((end - start) * DENSE_SHARE < top + 1) return null
    let bits = this.bitmaps.get(list)
    if (!bits) {
      bits = new Int32Array((top >>> 5) + 1)
      for (let p = start; p < end; p++) {
        const v = values[p]!
        bits[v >>> 5]! |= 1 << (v & 31)
      }
      this.bitmaps.set(list, bits)
    }
    return bits
  }

  /** Appends a number (larger than the list's last) to a list, which may be new. */
  add(list: number, value: number) {
    if (list >= this.tailOf.length) {
      const grown = new Int32Array(Math.max(list + 1, this.tailOf.length * 2, 64)).fill(-1)
      grown.set(this.tailOf)
      this.tailOf = grown
    }
    const at = this.tailOf[list]!
    if (at >= 0) {
      this.tails[at]!.push(value)
    } else {
      this.tailOf[list] = this.tails.length
      this.tails.push([value])
    }
  }
}

/**
 * (list, number) pairs in arrival order, as a build collects them before sealing: the lists one
 * int32 each, the numbers as runs (a slot's tokens arrive together), so about 4 bytes a pair.
 */
export class PairBuffer {
  private lists = new Int32Array(1 << 16)
  private pairs = 0
  /** Per run: its number, and how many pairs it spans. */
  private runs = new Int32Array(1 << 12)
  private runCount = 0

  push(list: number, value: number) {
    if (this.pairs === this.lists.length) this.lists = doubled(this.lists)
    this.lists[this.pairs++] = list
    const last = (this.runCount - 1) * 2
    if (this.runCount > 0 && this.runs[last] === value) {
      this.runs[last + 1]!++
      return
    }
    if ((this.runCount + 1) * 2 > this.runs.length) this.runs = doubled(this.runs)
    this.runs[this.runCount * 2] = value
    this.runs[this.runCount * 2 + 1] = 1
    this.runCount++
  }

  forEach(visit: (list: number, value: number) => void) {
    const { lists, runs } = this
    let at = 0
    for (let r = 0; r < this.runCount; r++) {
      const value = runs[r * 2]!
      const end = at + runs[r * 2 + 1]!
      for (; at < end; at++) visit(lists[at]!, value)
    }
  }
}

function doubled(a: Int32Array): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(a.length * 2)
  grown.set(a)
  return grown
}
