/**
 * Variant families: a listed parent carrying the dimension names and one child product per combination
 * of values. The parent shows the family's lowest price and the children's stock summed per warehouse.
 */
import { slugify } from '../../../domain/turkish-text'
import type { BaseContext, CurrencyRef } from './base-data'
import { buildProduct, type ProductDraft, productCode } from './catalogue-builder'
import { createRng, mixSeed } from './random'
import { VARIANT_FAMILIES } from './variant-data'

export type FamilyDrafts = { parents: ProductDraft[]; children: ProductDraft[]; nextSeq: number }

function combinations(values: string[][]): Array<{ values: string[]; weight: number }> {
  let combos: Array<{ values: string[]; weight: number }> = [{ values: [], weight: 0 }]
  values.forEach((list, dim) => {
    combos = combos.flatMap((c) =>
      // Later dimensions are sizes: each step up costs a little more. The first one (colour) does not.
      list.map((value, i) => ({ values: [...c.values, value], weight: c.weight + (dim === 0 ? 0 : i) })),
    )
  })
  return combos
}

export function buildVariantFamilies(ctx: BaseContext, seed: number, firstSeq: number): FamilyDrafts {
  const parents: ProductDraft[] = []
  const children: ProductDraft[] = []
  let seq = firstSeq
  for (const def of VARIANT_FAMILIES) {
    const leaf = ctx.leavesByName.get(def.leaf)
    if (!leaf) throw new Error(`variant family leaf category missing: ${def.leaf}`)
    for (const name of def.names) {
      const parentSeq = seq++
      const rng = createRng(mixSeed(seed ^ 0x5eed, parentSeq))
      const brand = rng.pick(ctx.brandsByPrefix.get(leaf.prefix) ?? [])
      const model = brand.models.length > 0 ? rng.pick(brand.models) : null
      const currency: CurrencyRef = rng.chance(0.15)
        ? (ctx.currencies.get('EUR') ?? ctx.defaultCurrency)
        : ctx.defaultCurrency
      const basePrice = rng.logUniform(def.price[0], def.price[1])
      const listMarkup = rng.chance(0.5) ? rng.int(10, 30) / 100 : 0
      const code = productCode(leaf.prefix, parentSeq)
      const common = { leaf, brand, model, currency, listMarkup, zeroPriceChance: 0 }

      const parent = buildProduct(ctx, seed, parentSeq, {
        ...common,
        name,
        code,
        tryPrice: basePrice,
        variantDimensions: def.dimensions,
      })
      const familyChildren = combinations(def.values).map((combo) =>
        buildProduct(ctx, seed, seq++, {
          ...common,
          name: `${name} ${combo.values.join(' ')}`,
          code: `${code}-${combo.values.map((v) => slugify(v).toUpperCase()).join('-')}`,
          tryPrice: basePrice * (1 + 0.05 * combo.weight),
          unitSet: parent.unitSet,
          outOfStockChance: 0.15,
          variantValues: combo.values,
          parentCode: code,
        }),
      )
      parent.stocks = parent.stocks.map((s) => ({
        warehouseId: s.warehouseId,
        quantity: familyChildren.reduce(
          (sum, c) => sum + (c.stocks.find((cs) => cs.warehouseId === s.warehouseId)?.quantity ?? 0),
          0,
        ),
      }))
      parent.row.quantity = parent.stocks.reduce((sum, s) => sum + s.quantity, 0)
      parents.push(parent)
      children.push(...familyChildren)
    }
  }
  return { parents, children, nextSeq: seq }
}
