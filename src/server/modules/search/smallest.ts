/**
 * The first k of a large set in order, without sorting all of it: a search matching 20,000 products
 * shows 24. A max-heap of the k best so far rejects most items with one comparison, so a page costs
 * about n comparisons instead of n·log n (docs/decisions.md "In-process search index").
 */

/** The k smallest numbers, ascending. */
export function smallestNumbers(values: Float64Array, k: number): Float64Array {
  const n = values.length
  if (k >= n / 4) return values.slice().sort().subarray(0, Math.min(k, n))
  if (k <= 0) return new Float64Array(0)
  const heap = new Float64Array(k)
  let size = 0
  for (let i = 0; i < n; i++) {
    const v = values[i]!
    if (size < k) {
      // Sift up: the largest at the root.
      let at = size++
      while (at > 0) {
        const parent = (at - 1) >> 1
        if (heap[parent]! >= v) break
        heap[at] = heap[parent]!
        at = parent
      }
      heap[at] = v
    } else if (v < heap[0]!) {
      siftDown(heap, size, v)
    }
  }
  return heap.subarray(0, size).sort()
}

function siftDown(heap: Float64Array, size: number, v: number) {
  let at = 0
  while (true) {
    const left = 2 * at + 1
    if (left >= size) break
    const right = left + 1
    const child = right < size && heap[right]! > heap[left]! ? right : left
    if (heap[child]! <= v) break
    heap[at] = heap[child]!
    at = child
  }
  heap[at] = v
}

/** The k first items in `compare` order, in that order (a total order: ties broken by the caller). */
export function smallestBy<T>(items: ArrayLike<T>, k: number, compare: (a: T, b: T) => number): T[] {
  const n = items.length
  if (k >= n / 4) return Array.from(items).sort(compare).slice(0, k)
  if (k <= 0) return []
  const heap: T[] = []
  for (let i = 0; i < n; i++) {
    const item = items[i]!
    if (heap.length < k) {
      let at = heap.length
      heap.push(item)
      while (at > 0) {
        const parent = (at - 1) >> 1
        if (compare(heap[parent]!, item) >= 0) break
        heap[at] = heap[parent]!
        at = parent
      }
      heap[at] = item
    } else if (compare(item, heap[0]!) < 0) {
      let at = 0
      while (true) {
        const left = 2 * at + 1
        if (left >= k) break
        const right = left + 1
        const child = right < k && compare(heap[right]!, heap[left]!) > 0 ? right : left
        if (compare(heap[child]!, item) <= 0) break
        heap[at] = heap[child]!
        at = child
      }
      heap[at] = item
    }
  }
  return heap.sort(compare)
}
