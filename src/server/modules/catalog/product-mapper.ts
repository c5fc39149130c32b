import type { Product, Unit } from '../../../contracts/catalog'
import { productPath } from '../../../domain/product-url'
import { stockDisplay } from '../../../domain/stock'
import type { PricingContext } from './pricing.service'
import { priceFor } from './pricing.service'
import type { ProductRow, UnitJson } from './products.repository'

export type VariantInfo = Product['varyantx']

function toUnit(unit: UnitJson, row: ProductRow, ctx: PricingContext): Unit {
  return {
    id: unit.id,
    value: unit.value,
    multiplier: unit.multiplier,
    barcode: unit.barcode,
    isDefault: unit.isDefault,
    defaultPrice: priceFor(ctx, unit.defaultPrice, row.currencyId, row.taxRate),
    listPrice: priceFor(ctx, unit.listPrice, row.currencyId, row.taxRate),
  }
}

/** A catalogue row as the API answers it: prices converted for this visitor, hidden parts null. */
export function toProduct(row: ProductRow, ctx: PricingContext): Product {
  const price = (value: string | null) => priceFor(ctx, value, row.currencyId, row.taxRate)
  const units = row.units.map((u) => toUnit(u, row, ctx))
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    seo: row.seo,
    url: productPath(row.seo, row.id),
    image: row.image,
    barcode: row.barcode,
    brand:
      row.brandId !== null
        ? { id: row.brandId, code: row.brandCode ?? '', name: row.brandName ?? '', slug: row.brandSlug ?? '' }
        : null,
    model: row.modelId !== null ? { id: row.modelId, name: row.modelName ?? '' } : null,
    category:
      row.categoryId !== null
        ? { id: row.categoryId, name: row.categoryName ?? '', slug: row.categorySlug ?? '' }
        : null,
    quantity: ctx.showStock ? row.quantity : null,
    stock: ctx.showStock ? stockDisplay(ctx.settings.stockInfoStatus, row.quantity) : null,
    inventory: ctx.showStock ? row.inventory : null,
    units,
    defaultUnit: units.find((u) => u.isDefault) ?? units[0] ?? null,
    salePrice: price(row.salePrice),
    listPrice: price(row.listPrice),
    advencePrice1: price(row.advencePrice1),
    advencePrice2: price(row.advencePrice2),
    advencePrice3: price(row.advencePrice3),
    advencePrice4: price(row.advencePrice4),
    advencePrice5: price(row.advencePrice5),
    taxRate: Number(row.taxRate),
    currency: ctx.currencies.get(row.currencyId)?.code ?? 'TRY',
    stockNumberType: row.stockNumberType,
    equivalentCode: row.equivalentCodes,
    ozelkod: row.ozelkod,
    ozelkod2: row.ozelkod2,
    ozelkod3: row.ozelkod3,
    ozelkod4: row.ozelkod4,
    ozelkod5: row.ozelkod5,
    varyantx: variantInfo(row.family, ctx),
    parentId: row.parentId,
    variantValues: row.variantValues,
  }
}

/** A variant family as the selectors need it; null for a plain product. */
function variantInfo(family: ProductRow['family'], ctx: PricingContext): VariantInfo {
  if (!family?.dimensions?.length || !family.children.length) return null
  return {
    dimensions: family.dimensions,
    children: family.children.map((c) => ({
      id: c.id,
      values: c.values ?? [],
      quantity: ctx.showStock ? c.quantity : null,
    })),
  }
}
