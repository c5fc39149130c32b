/** A facet value (a brand or category id) and how many matches have it. */
export type FacetCount = { id: number; count: number }

/**
 * Counts per id in a typed array indexed by the id (brand and category ids are small serial numbers),
 * cleared through the ids it touched: a search over 20,000 matches makes no map entries.
 */
export class IdCounter {
  private tally = new Int32Array(256)
  private touched: number[] = []

  reset(): this {
    for (const id of this.touched) this.tally[id] = 0
    this.touched = []
    return this
  }

  add(id: number) {
    if (id >= this.tally.length) {
      // An id far beyond any serial number is still counted, in a larger array.
      const grown = new Int32Array(Math.max(id + 1, this.tally.length * 2))
      grown.set(this.tally)
      this.tally = grown
    }
    const before = this.tally[id]!
    this.tally[id] = before + 1
    if (before === 0) this.touched.push(id)
  }

  /** In the order the ids were first counted. */
  counts(): FacetCount[] {
    return this.touched.map((id) => ({ id, count: this.tally[id]! }))
  }
}
