import type { Unit } from '../../../contracts/catalog'

/**
 * One quick-order line written back as text for the preview to read again (domain/quick-order.ts
 * parseQuickOrderLine): code, quantity and unit separated by tabs, as a spreadsheet's copy gives them,
 * so a code with spaces or digits in it stays one code. Without a quantity only the code goes: a unit
 * alone would be read as the quantity.
 */
export function quickOrderLineText(code: string, quantity: number | null, unit: string | null): string {
  const typed = code.trim()
  if (quantity === null) return typed
  return [typed, String(quantity), ...(unit ? [unit] : [])].join('\t')
}

/**
 * How a line names one of its product's units: by its multiplier when no other unit of the product
 * has it ('12'), since the names are shown translated ('Piece') while the preview reads the store's
 * own ('Adet'); else by the name.
 */
export function unitToken(units: Unit[], unitId: number): string | null {
  const unit = units.find((u) => u.id === unitId)
  if (!unit) return null
  const shared = units.filter((u) => u.multiplier === unit.multiplier).length > 1
  return shared ? unit.value : String(unit.multiplier)
}
