/**
 * Per slot, the name's sort key (products.name_sort) the (name, id) order is made from. As strings
 * they would cost a 16-byte header, a pointer and two bytes a digit each; here they are bytes end to
 * end in one buffer, one byte per two digits (~33 MB at 1,000,000 products). What a page or the
 * autocomplete shows of a product (name, seo, image) is read from the database for its few products.
 */

const encoderFree = /^(?:\d\d)*$/

export class SortKeys {
  private bytes = new Uint8Array(1 << 16)
  private used = 0
  /** Per slot, where its key starts and where it ends. */
  private bounds = new Int32Array(0)
  /** Keys that are not pairs of digits (none come from the database), by slot. */
  private readonly odd = new Map<number, string>()

  /** Adds the next slot's key (slots come in order, from 0). */
  add(slot: number, key: string) {
    if ((slot + 1) * 2 > this.bounds.length) {
      const grown = new Int32Array(Math.max(1024, this.bounds.length * 2))
      grown.set(this.bounds)
      this.bounds = grown
    }
    this.bounds[slot * 2] = this.used
    if (!encoderFree.test(key)) this.odd.set(slot, key)
    else {
      this.reserve(key.length >> 1)
      for (let i = 0; i < key.length; i += 2) {
        this.bytes[this.used++] = (key.charCodeAt(i) - 48) * 10 + key.charCodeAt(i + 1) - 48
      }
    }
    this.bounds[slot * 2 + 1] = this.used
  }

  /** Compares two slots' sort keys as the strings compare. */
  compare(a: number, b: number): number {
    if (this.odd.size > 0 && (this.odd.has(a) || this.odd.has(b))) {
      const s = this.key(a)
      const t = this.key(b)
      return s < t ? -1 : s > t ? 1 : 0
    }
    // A byte is two digits ('00' … '99' in order), so bytes compare as the digit strings do.
    const { bytes, bounds } = this
    let i = bounds[a * 2]!
    let j = bounds[b * 2]!
    const iEnd = bounds[a * 2 + 1]!
    const jEnd = bounds[b * 2 + 1]!
    for (; i < iEnd && j < jEnd; i++, j++) {
      if (bytes[i] !== bytes[j]) return bytes[i]! - bytes[j]!
    }
    return iEnd - i - (jEnd - j)
  }

  /** Gives back the room not used yet (a build is done): the next key grows the buffer by a quarter. */
  trim() {
    this.bytes = this.bytes.slice(0, this.used)
  }

  private key(slot: number): string {
    const odd = this.odd.get(slot)
    if (odd !== undefined) return odd
    let key = ''
    for (let i = this.bounds[slot * 2]!; i < this.bounds[slot * 2 + 1]!; i++) {
      key += String(this.bytes[i]!).padStart(2, '0')
    }
    return key
  }

  private reserve(length: number) {
    if (this.used + length <= this.bytes.length) return
    // A quarter more, not double: after a build (trimmed) only changed products are added.
    const grown = new Uint8Array(Math.max(this.used + length, Math.ceil(this.bytes.length * 1.25)))
    grown.set(this.bytes.subarray(0, this.used))
    this.bytes = grown
  }
}
