/** A product's stock in one warehouse, as stored (it may be below zero after a manual correction). */
export type WarehouseStock = { productId: number; warehouseId: number; quantity: number }

/** What one order line takes from one warehouse, in base units. */
export type StockTake = { warehouseId: number; quantity: number }

/**
 * Which warehouses give each order line its stock: for every line in turn, the product's warehouses in
 * the order given (the store's warehouse order), each as much as it has, until the line is covered. A
 * warehouse is never taken below zero, and one at or below zero gives nothing. Lines of one product
 * share its warehouses: a later line gets what the earlier ones left.
 *
 * An order may need more than the warehouses hold: a positive stock-display offset (modes 3–8) lets it
 * pass the stock check with up to that many more, and cartStockControl lifts the check. What no
 * warehouse has is then not taken at all, so a line's takes may add up to less than it needs.
 */
export function allocateStock(
  lines: ReadonlyArray<{ productId: number; baseUnits: number }>,
  stocks: readonly WarehouseStock[],
): StockTake[][] {
  const left = stocks.map((stock) => ({ ...stock }))
  return lines.map((line) => {
    const takes: StockTake[] = []
    let needed = line.baseUnits
    for (const stock of left) {
      if (needed <= 0) break
      if (stock.productId !== line.productId) continue
      const take = Math.min(needed, Math.max(0, stock.quantity))
      if (take > 0) {
        takes.push({ warehouseId: stock.warehouseId, quantity: take })
        stock.quantity -= take
        needed -= take
      }
    }
    return takes
  })
}
