/**
 * A variant family's parent (spec/1 §5): a product with variant dimensions and no parent of its own.
 * It is never bought itself; the dealer chooses one of its children. A child carries its parent's id,
 * and a product without dimensions is a plain product.
 */
export function isVariantParent(product: {
  parentId: number | null
  variantDimensions: readonly string[] | null | undefined
}): boolean {
  return (product.variantDimensions?.length ?? 0) > 0 && product.parentId === null
}
