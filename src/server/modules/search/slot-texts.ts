/**
 * Per slot, the texts only a page's few slots read: the name and seo the autocomplete shows, and
 * the name's sort key (products.name_sort) the (name, id) order is made from. As strings they cost
 * ~28 MB at 100,000 products: a name with a Turkish letter is a two-byte string, a sort key two
 * digits per letter, each with a 16-byte header and a pointer. Here they are bytes end to end in one
 * buffer: the name and seo as UTF-8, the sort key one byte per two digits (~13 MB in all).
 */

/** Fields per slot in `bounds`: where the name, the seo and the sort key start, and where it ends. */
const FIELDS = 4

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** A surrogate code unit: a text holding one is checked to come back from UTF-8 as it went in. */
const SURROGATE = /[\uD800-\uDFFF]/

export class SlotTexts {
  private bytes = new Uint8Array(1 << 16)
  private used = 0
  private bounds = new Int32Array(0)
  /** Texts UTF-8 or digit pairs cannot hold exactly, by slot and field (none come from the database). */
  private readonly odd = new Map<number, string>()

  /** Adds the next slot's texts (slots come in order, from 0). */
  add(slot: number, name: string, seo: string, sortKey: string) {
    if ((slot + 1) * FIELDS > this.bounds.length) {
      const grown = new Int32Array(Math.max(1024, this.bounds.length * 2))
      grown.set(this.bounds)
      this.bounds = grown
    }
    const at = slot * FIELDS
    this.bounds[at] = this.used
    this.putText(at, name)
    this.bounds[at + 1] = this.used
    this.putText(at + 1, seo)
    this.bounds[at + 2] = this.used
    this.putSortKey(at + 2, sortKey)
    this.bounds[at + 3] = this.used
  }

  name(slot: number): string {
    return this.text(slot * FIELDS)
  }

  seo(slot: number): string {
    return this.text(slot * FIELDS + 1)
  }

  /** Compares two slots' sort keys as the strings compare. */
  compareSortKeys(a: number, b: number): number {
    const x = a * FIELDS + 2
    const y = b * FIELDS + 2
    if (this.odd.size > 0 && (this.odd.has(x) || this.odd.has(y))) {
      const s = this.sortKey(x)
      const t = this.sortKey(y)
      return s < t ? -1 : s > t ? 1 : 0
    }
    // A byte is two digits ('00' … '99' in order), so bytes compare as the digit strings do.
    const { bytes, bounds } = this
    let i = bounds[x]!
    let j = bounds[y]!
    const iEnd = bounds[x + 1]!
    const jEnd = bounds[y + 1]!
    for (; i < iEnd && j < jEnd; i++, j++) {
      if (bytes[i] !== bytes[j]) return bytes[i]! - bytes[j]!
    }
    return iEnd - i - (jEnd - j)
  }

  /** Gives back the room not used yet (a build is done): the next text grows the buffer by a quarter. */
  trim() {
    this.bytes = this.bytes.slice(0, this.used)
  }

  private text(field: number): string {
    const odd = this.odd.get(field)
    if (odd !== undefined) return odd
    return decoder.decode(this.bytes.subarray(this.bounds[field]!, this.bounds[field + 1]!))
  }

  private sortKey(field: number): string {
    const odd = this.odd.get(field)
    if (odd !== undefined) return odd
    let key = ''
    for (let i = this.bounds[field]!; i < this.bounds[field + 1]!; i++) {
      key += String(this.bytes[i]!).padStart(2, '0')
    }
    return key
  }

  private putText(field: number, text: string) {
    this.reserve(text.length * 3)
    const { written } = encoder.encodeInto(text, this.bytes.subarray(this.used))
    if (
      SURROGATE.test(text) &&
      decoder.decode(this.bytes.subarray(this.used, this.used + written)) !== text
    ) {
      this.odd.set(field, text)
      return
    }
    this.used += written
  }

  private putSortKey(field: number, key: string) {
    this.reserve(key.length >> 1)
    if (!/^(?:\d\d)*$/.test(key)) {
      this.odd.set(field, key)
      return
    }
    for (let i = 0; i < key.length; i += 2) {
      this.bytes[this.used++] = (key.charCodeAt(i) - 48) * 10 + key.charCodeAt(i + 1) - 48
    }
  }

  private reserve(length: number) {
    if (this.used + length <= this.bytes.length) return
    // A quarter more, not double: after a build (trimmed) only changed products are added.
    const grown = new Uint8Array(Math.max(this.used + length, Math.ceil(this.bytes.length * 1.25)))
    grown.set(this.bytes.subarray(0, this.used))
    this.bytes = grown
  }
}
