/**
 * Product id → its live slot. Ids are serial numbers, so an Int32Array indexed by the id (-1: none)
 * holds them in 4 bytes each (a Map of 100,000 held 3.5 MB); an id far beyond the others (large ids
 * from an import) goes to a Map rather than stretching the array to it.
 */
export class SlotsById {
  private dense = new Int32Array(0)
  private readonly sparse = new Map<number, number>()
  private count = 0

  get(id: number): number | undefined {
    if (!this.inDense(id)) return this.sparse.get(id)
    const slot = this.dense[id]!
    return slot < 0 ? undefined : slot
  }

  set(id: number, slot: number) {
    if (!this.inDense(id) && (id | 0) === id && id >= 0 && id < 4 * this.count + 65_536) this.growTo(id)
    if (this.inDense(id)) this.dense[id] = slot
    else this.sparse.set(id, slot)
    this.count++
  }

  delete(id: number) {
    if (this.inDense(id)) this.dense[id] = -1
    else this.sparse.delete(id)
    this.count--
  }

  private inDense(id: number): boolean {
    return id >= 0 && id < this.dense.length && (id | 0) === id
  }

  private growTo(id: number) {
    const doubled = Math.max(this.dense.length * 2, 1024)
    const grown = new Int32Array(doubled < 4 * this.count + 65_536 ? Math.max(doubled, id + 1) : id + 1).fill(
      -1,
    )
    grown.set(this.dense)
    this.dense = grown
    for (const [sparseId, slot] of this.sparse) {
      if (this.inDense(sparseId)) {
        this.dense[sparseId] = slot
        this.sparse.delete(sparseId)
      }
    }
  }
}
