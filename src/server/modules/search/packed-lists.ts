/**
 * Lists of ascending numbers, each kept as the gaps between its numbers in a variable-length code
 * (7 bits a byte, the high bit saying another byte follows): the tokens holding each trigram. At
 * 1,000,000 products there are ~25 million (trigram, token) pairs over ~4,300 trigrams, so the gaps
 * are small and most take one or two bytes where an Int32Array takes four. A list is only ever read
 * whole, front to back (which tokens hold a form), so nothing needs a number's position.
 *
 * A number added after the build goes to a small array of its list's own, read after the packed part,
 * as in posting-lists.ts. A number repeated in a row (a token holding a trigram twice) is kept once.
 */
export class PackedLists {
  /** Sealed list l is bytes[starts[l]] up to (not including) bytes[starts[l + 1]]. */
  private readonly starts: Int32Array
  private readonly bytes: Uint8Array
  private readonly counts: Int32Array
  /** Per list, its index in `tails` (-1: nothing added since the build). */
  private tailOf = new Int32Array(0)
  private readonly tails: number[][] = []

  private constructor(starts: Int32Array, bytes: Uint8Array, counts: Int32Array) {
    this.starts = starts
    this.bytes = bytes
    this.counts = counts
  }

  /**
   * Lists 0 … listCount-1 from the (list, number) pairs `each` reports, ascending within each list;
   * `each` calls back twice: once to size each list, once to fill it.
   */
  static seal(listCount: number, each: (add: (list: number, value: number) => void) => void): PackedLists {
    const starts = new Int32Array(listCount + 1)
    const counts = new Int32Array(listCount)
    const last = new Int32Array(listCount).fill(-1)
    each((list, value) => {
      if (value === last[list]) return
      starts[list + 1]! += codeLength(value - last[list]!)
      counts[list]!++
      last[list] = value
    })
    for (let l = 0; l < listCount; l++) starts[l + 1]! += starts[l]!
    const bytes = new Uint8Array(starts[listCount]!)
    const next = starts.slice(0, listCount)
    last.fill(-1)
    each((list, value) => {
      if (value === last[list]) return
      let gap = value - last[list]!
      last[list] = value
      let at = next[list]!
      while (gap >= 0x80) {
        bytes[at++] = (gap & 0x7f) | 0x80
        gap >>>= 7
      }
      bytes[at++] = gap
      next[list] = at
    })
    return new PackedLists(starts, bytes, counts)
  }

  /** How many numbers the list holds. */
  size(list: number): number {
    return (list < this.counts.length ? this.counts[list]! : 0) + (this.tail(list)?.length ?? 0)
  }

  /** Each number of the list, ascending. */
  forEach(list: number, visit: (value: number) => void) {
    if (list < this.counts.length) {
      const { bytes } = this
      const end = this.starts[list + 1]!
      let value = -1
      for (let at = this.starts[list]!; at < end; ) {
        let gap = 0
        let scale = 1
        let byte: number
        do {
          byte = bytes[at++]!
          gap += (byte & 0x7f) * scale
          scale *= 0x80
        } while (byte >= 0x80)
        value += gap
        visit(value)
      }
    }
    for (const value of this.tail(list) ?? []) visit(value)
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
      const tail = this.tails[at]!
      if (tail[tail.length - 1] !== value) tail.push(value)
    } else {
      this.tailOf[list] = this.tails.length
      this.tails.push([value])
    }
  }

  private tail(list: number): readonly number[] | undefined {
    const at = list < this.tailOf.length ? this.tailOf[list]! : -1
    return at < 0 ? undefined : this.tails[at]
  }
}

/** Bytes the gap takes: 7 bits each. */
function codeLength(gap: number): number {
  return gap < 0x80 ? 1 : gap < 0x4000 ? 2 : gap < 0x200000 ? 3 : gap < 0x10000000 ? 4 : 5
}
