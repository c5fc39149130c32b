/**
 * Builds one product row with its units and per-warehouse stocks. Shared by the demo seed and the
 * large-catalogue generator; every product draws from its own random stream (seed, seq), so the
 * same sequence number always gives the same product.
 */
import Big from 'big.js'
import { normaliseSearchText, searchDocument } from '../../../domain/search-query'
import { slugify, turkishSortKey } from '../../../domain/turkish-text'
import type { products, productUnits } from '../schema/catalogue'
import type { BaseContext, BrandRef, CurrencyRef, LeafRef, ModelRef } from './base-data'
import type { LeafDef, UnitKind } from './category-template'
import { EQUIVALENT_PREFIXES, SELLING_POINTS } from './names'
import { productRng, type Rng } from './random'

export type NewProduct = typeof products.$inferInsert
export type NewUnit = Omit<typeof productUnits.$inferInsert, 'productId'>
export type NewStock = { warehouseId: number; quantity: number }
export type UnitSet = ReadonlyArray<readonly [value: string, multiplier: number]>

export type ProductDraft = {
  row: NewProduct
  units: NewUnit[]
  stocks: NewStock[]
  /** Variant children: the parent's code, resolved to its id when inserted. */
  parentCode?: string
  /** The extra units chosen (null: only 'Adet'); variant children reuse their parent's. */
  unitSet: UnitSet | null
}

/** Everything random about a product can be fixed by the caller (variant families do). */
export type ProductOverrides = {
  leaf?: LeafRef
  name?: string
  code?: string
  brand?: BrandRef
  model?: ModelRef | null
  currency?: CurrencyRef
  /** Sale price in TRY before conversion into the product's currency. */
  tryPrice?: number
  /** List price = sale × (1 + markup); 0 means no list-price discount. */
  listMarkup?: number
  unitSet?: UnitSet | null
  zeroPriceChance?: number
  outOfStockChance?: number
  variantDimensions?: string[]
  variantValues?: string[]
  parentCode?: string
}

const UNIT_SETS: Record<UnitKind, UnitSet[]> = {
  small: [
    [['Paket', 100]],
    [
      ['Paket', 100],
      ['Koli', 1000],
    ],
    [['Kutu', 50]],
    [
      ['Kutu', 50],
      ['Koli', 500],
    ],
  ],
  pack: [
    [['Koli', 12]],
    [['Koli', 24]],
    [['Düzine', 12]],
    [
      ['Düzine', 12],
      ['Koli', 48],
    ],
    [
      ['Paket', 10],
      ['Koli', 100],
    ],
  ],
  bulk: [
    [['Koli', 6]],
    [['Koli', 12]],
    [
      ['Koli', 4],
      ['Palet', 48],
    ],
  ],
}

const money = (value: Big) => value.toFixed(2)
const pad = (n: number, width: number) => String(n).padStart(width, '0')

export const productCode = (prefix: string, seq: number) => `${prefix}-${pad(seq, 6)}`

/** A valid EAN-13 under the Turkish GS1 prefix 869, unique per (seq, unit index). */
export function ean13(seq: number, unitIndex = 0): string {
  const body = `869${pad(seq * 4 + unitIndex, 9)}`
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3)
  return body + String((10 - (sum % 10)) % 10)
}

/** Prices the way price lists print them: 349.90, 1245.00, 12.37. */
export function nicePrice(value: number): Big {
  if (value >= 1000) return new Big(Math.round(value / 5) * 5)
  if (value >= 100) return new Big(Math.round(value)).minus('0.10')
  return new Big(Math.max(value, 0.5).toFixed(2))
}

/** A name from one of the leaf's templates, and the TRY price range that goes with it. */
export function composeName(rng: Rng, def: LeafDef): { name: string; price: [number, number] } {
  const template = rng.pick(def.templates)
  const words = [rng.pick(template.nouns), ...template.parts.map((p) => rng.pick(p))]
  return { name: words.filter(Boolean).join(' '), price: template.price ?? def.price }
}

function pickCurrency(rng: Rng, ctx: BaseContext): CurrencyRef {
  const r = rng.next()
  const code = r < 0.8 ? ctx.defaultCurrency.code : r < 0.92 ? 'USD' : 'EUR'
  return ctx.currencies.get(code) ?? ctx.defaultCurrency
}

export function buildUnits(rng: Rng, seq: number, sale: Big, list: Big, set: UnitSet | null): NewUnit[] {
  const units: NewUnit[] = [
    {
      value: 'Adet',
      multiplier: 1,
      barcode: ean13(seq, 0),
      defaultPrice: money(sale),
      listPrice: money(list),
      isDefault: true,
      sortOrder: 0,
    },
  ]
  set?.forEach(([value, multiplier], i) => {
    const discount = new Big(rng.int(2, 8)).div(100)
    units.push({
      value,
      multiplier,
      barcode: ean13(seq, i + 1),
      defaultPrice: money(sale.times(multiplier).times(new Big(1).minus(discount))),
      listPrice: money(list.times(multiplier)),
      isDefault: false,
      sortOrder: i + 1,
    })
  })
  return units
}

const WAREHOUSE_STOCKED = [0.9, 0.6, 0.55]

export function buildStocks(rng: Rng, warehouseIds: number[], outOfStockChance: number): NewStock[] {
  const out = rng.chance(outOfStockChance)
  const stocks = warehouseIds.map((warehouseId, i) => ({
    warehouseId,
    quantity: !out && rng.chance(WAREHOUSE_STOCKED[i] ?? 0.5) ? Math.floor(rng.logUniform(1, 900)) : 0,
  }))
  if (!out && stocks.every((s) => s.quantity === 0) && stocks[0]) stocks[0].quantity = rng.int(1, 25)
  return stocks
}

function equivalentCodes(rng: Rng): string[] {
  if (!rng.chance(0.6)) return []
  return Array.from({ length: rng.int(1, 3) }, () => {
    const prefix = rng.pick(EQUIVALENT_PREFIXES)
    return rng.chance(0.5)
      ? `${prefix} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`
      : `${prefix}-${rng.int(10000, 99999)}`
  })
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function description(rng: Rng, name: string, code: string, brand: BrandRef, leaf: LeafRef): string {
  const points = rng.sample(SELLING_POINTS, 3).map((p) => `<li>${p}</li>`)
  return (
    `<p><strong>${escapeHtml(name)}</strong>, ${escapeHtml(brand.name)} güvencesiyle ` +
    `${leaf.name.toLocaleLowerCase('tr-TR')} ürün grubunda bayilerimize toptan fiyatla sunulur.</p>` +
    `<ul>${points.join('')}<li>Ürün kodu: ${escapeHtml(code)}</li></ul>`
  )
}

/** One complete product: row with derived columns, units (Adet first) and a stock row per warehouse. */
export function buildProduct(
  ctx: BaseContext,
  seed: number,
  seq: number,
  o: ProductOverrides = {},
  usedNames?: Set<string>,
): ProductDraft {
  const rng = productRng(seed, seq)
  const leaf = o.leaf ?? rng.pick(ctx.leaves)
  const brandChoices = ctx.brandsByPrefix.get(leaf.prefix) ?? [...ctx.brandsByPrefix.values()].flat()
  const brand = o.brand ?? rng.pick(brandChoices)
  const drawnModel = rng.chance(0.9) && brand.models.length > 0 ? rng.pick(brand.models) : null
  const model = o.model === undefined ? drawnModel : o.model
  let composed = composeName(rng, leaf.def)
  for (let attempt = 0; !o.name && usedNames?.has(composed.name) && attempt < 4; attempt++) {
    composed = composeName(rng, leaf.def)
  }
  let name = o.name ?? composed.name
  if (!o.name && usedNames?.has(name)) name = `${name} ${brand.name}`
  usedNames?.add(name)
  const code = o.code ?? productCode(leaf.prefix, seq)

  const currency = o.currency ?? pickCurrency(rng, ctx)
  const tryPrice = o.tryPrice ?? rng.logUniform(composed.price[0], composed.price[1])
  const zero = rng.chance(o.zeroPriceChance ?? 0.02)
  const sale = zero ? new Big(0) : nicePrice(tryPrice / Number(currency.rate))
  const drawnMarkup = rng.chance(0.4) ? rng.int(8, 35) / 100 : 0
  const list = new Big(money(sale.times(1 + (o.listMarkup ?? drawnMarkup))))
  const taxDraw = rng.next()
  const typeDraw = rng.next()
  const drawnUnitSet = rng.chance(0.4) ? rng.pick(UNIT_SETS[leaf.def.units]) : null
  const unitSet = o.unitSet === undefined ? drawnUnitSet : o.unitSet
  const barcode = ean13(seq, 0)
  const ozelkod = rng.chance(0.65)
    ? `${brand.code}-${rng.int(1000, 9999)}${rng.pick([...'ABCDEFGHKLMNPRST'])}`
    : null
  const ozelkod2 = rng.chance(0.7) ? `${leaf.prefix.toLowerCase()}-${seq.toString(36)}` : null
  const equivalents = equivalentCodes(rng)
  const stocks = buildStocks(rng, ctx.warehouseIds, o.outOfStockChance ?? 0.1)
  const image = rng.chance(0.95) ? leaf.image : null

  const row: NewProduct = {
    code,
    name,
    seo: slugify(name),
    image,
    barcode,
    brandId: brand.id,
    modelId: model?.id ?? null,
    categoryId: leaf.id,
    currencyId: currency.id,
    salePrice: money(sale),
    listPrice: money(list),
    advencePrice1: money(sale.times('1.03')),
    advencePrice2: money(sale.times('1.06')),
    advencePrice3: money(sale.times('1.09')),
    advencePrice4: null,
    advencePrice5: null,
    taxRate: taxDraw < 0.85 ? '20' : taxDraw < 0.97 ? '10' : '1',
    stockNumberType: typeDraw < 0.75 ? 'StockCode' : typeDraw < 0.9 ? 'Barcode' : 'Both',
    description: description(rng, name, code, brand, leaf),
    metaTitle: `${name} | ${brand.name}`,
    metaKeywords: [name, brand.name, leaf.name, leaf.rootName, 'toptan'].join(', '),
    metaDescription: `${brand.name} ${name} (${code}) toptan fiyatı, stok durumu ve teknik bilgileri.`,
    ozelkod,
    ozelkod2,
    equivalentCodes: equivalents,
    quantity: stocks.reduce((sum, s) => sum + s.quantity, 0),
    variantDimensions: o.variantDimensions ?? null,
    variantValues: o.variantValues ?? null,
    searchText: searchDocument([
      code,
      name,
      barcode,
      ...equivalents,
      brand.name,
      ozelkod,
      leaf.name,
      leaf.rootName,
    ]),
    searchName: normaliseSearchText(name),
    nameSort: turkishSortKey(name),
    salePriceBase: sale.times(currency.rate).toFixed(4),
  }
  return { row, units: buildUnits(rng, seq, sale, list, unitSet), stocks, parentCode: o.parentCode, unitSet }
}
