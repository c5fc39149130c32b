import type { Product } from '../../../contracts/catalog'

export type VariantInfo = NonNullable<Product['varyantx']>
export type VariantChild = VariantInfo['children'][number]
/** One chosen value (or null) per dimension. */
export type VariantSelection = Array<string | null>

function matches(child: VariantChild, selection: VariantSelection, upTo: number): boolean {
  for (let i = 0; i < upTo; i++) {
    const chosen = selection[i]
    if (chosen != null && child.values[i] !== chosen) return false
  }
  return true
}

/**
 * The values each dimension offers: those of the children that match the choices made in the
 * dimensions before it, in the order the children carry them. Only existing combinations can be built.
 */
export function variantOptions(info: VariantInfo, selection: VariantSelection): string[][] {
  return info.dimensions.map((_, dimension) => {
    const values: string[] = []
    for (const child of info.children) {
      const value = child.values[dimension]
      if (value !== undefined && matches(child, selection, dimension) && !values.includes(value)) {
        values.push(value)
      }
    }
    return values
  })
}

/** The selection after choosing `value` in `dimension`: later choices that no longer exist are cleared. */
export function chooseVariant(
  info: VariantInfo,
  selection: VariantSelection,
  dimension: number,
  value: string | null,
): VariantSelection {
  const next = info.dimensions.map((_, i) => (i === dimension ? value : (selection[i] ?? null)))
  for (let i = dimension + 1; i < next.length; i++) {
    if (next[i] != null && !variantOptions(info, next)[i]?.includes(next[i] as string)) next[i] = null
  }
  return next
}

/** The child whose values are exactly the selection, when every dimension is chosen. */
export function matchingChild(info: VariantInfo, selection: VariantSelection): VariantChild | null {
  if (info.dimensions.some((_, i) => selection[i] == null)) return null
  return (
    info.children.find((child) => info.dimensions.every((_, i) => child.values[i] === selection[i])) ?? null
  )
}

/** Where a product page starts: a child shows its own values, a parent nothing chosen. */
export function initialSelection(product: Pick<Product, 'varyantx' | 'variantValues'>): VariantSelection {
  const dimensions = product.varyantx?.dimensions ?? []
  return dimensions.map((_, i) => product.variantValues?.[i] ?? null)
}
