import { z } from 'zod'
import { inputText, moneySchema } from './common'
import { sortSchema } from './settings'

const nullableMoney = moneySchema.nullable()

export const unitSchema = z.object({
  id: z.number(),
  value: z.string(),
  multiplier: z.number(),
  barcode: z.string().nullable(),
  isDefault: z.boolean(),
  defaultPrice: nullableMoney,
  listPrice: nullableMoney,
})
export type Unit = z.infer<typeof unitSchema>

export const inventorySchema = z.object({ warehouseName: z.string(), quantity: z.number() })

/** A variant family's dimensions (on the parent) and each child's values, 1–3 dimensions. */
export const variantInfoSchema = z.object({
  dimensions: z.array(z.string()),
  children: z.array(
    z.object({ id: z.number(), values: z.array(z.string()), quantity: z.number().nullable() }),
  ),
})

/** The spec's Product entity as the list and the detail answer it, priced for the visitor. */
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  seo: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  barcode: z.string().nullable(),
  brand: z.object({ id: z.number(), code: z.string(), name: z.string(), slug: z.string() }).nullable(),
  model: z.object({ id: z.number(), name: z.string() }).nullable(),
  category: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
  /** null when stock is hidden from this visitor. */
  quantity: z.number().nullable(),
  /** What the store's stock display mode (stockInfoStatus) tells about it; null when hidden. */
  stock: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('hidden') }),
      z.object({ kind: z.literal('outOfStock') }),
      z.object({ kind: z.literal('available') }),
      z.object({ kind: z.literal('exact'), quantity: z.number() }),
      z.object({ kind: z.literal('moreThan'), threshold: z.number() }),
    ])
    .nullable(),
  inventory: z.array(inventorySchema).nullable(),
  units: z.array(unitSchema),
  defaultUnit: unitSchema.nullable(),
  salePrice: nullableMoney,
  listPrice: nullableMoney,
  advencePrice1: nullableMoney,
  advencePrice2: nullableMoney,
  advencePrice3: nullableMoney,
  advencePrice4: nullableMoney,
  advencePrice5: nullableMoney,
  taxRate: z.number(),
  /** The product's own currency code (prices above are already converted). */
  currency: z.string(),
  stockNumberType: z.string(),
  equivalentCode: z.array(z.string()),
  ozelkod: z.string().nullable(),
  ozelkod2: z.string().nullable(),
  ozelkod3: z.string().nullable(),
  ozelkod4: z.string().nullable(),
  ozelkod5: z.string().nullable(),
  /** Parent of a variant family: a child must be chosen before adding to the cart. */
  varyantx: variantInfoSchema.nullable(),
  /** On a child: its parent's id and its own values. */
  parentId: z.number().nullable(),
  variantValues: z.array(z.string()).nullable(),
})
export type Product = z.infer<typeof productSchema>

export const productDetailSchema = productSchema.extend({
  description: z.string().nullable(),
  metaTitle: z.string().nullable(),
  metaKeywords: z.string().nullable(),
  metaDescription: z.string().nullable(),
  /**
   * The images staff uploaded, the main one first (`image` names it too), each by its list-size name
   * under /images; empty when there are none (then `image` is the ERP's picture or none).
   */
  gallery: z.array(z.string()).optional(),
})
export type ProductDetail = z.infer<typeof productDetailSchema>

/**
 * Calls (docs/design.md §3; the full list is the OpenAPI document at /api/docs):
 * - GET /api/catalog/products[/{categorySlug} | /{brandSlug} | /{brandSlug}/{categorySlug}]?page&sort&view&q&brand&filters=model:{id}
 *   → ProductList (an /en prefix after /products is accepted and only sets the language)
 * - GET /api/catalog/product/{id} → ProductDetail (404 when unknown or inactive)
 * - GET /api/catalog/categories → CategoryTree (navigation)
 * - GET /autocomplete?q= → AutocompleteItem[] (at most 10, best first)
 */
export const MAX_PAGE = 100_000

export const productListQuerySchema = z.object({
  page: inputText().max(100).optional(),
  sort: inputText().max(100).optional(),
  view: inputText().max(100).optional(),
  q: inputText().max(200).optional(),
  brand: inputText().max(120).optional(),
  filters: inputText().max(200).optional(),
})

/** A brand or category the list can be narrowed to, with its products in the list (never 0). */
export const facetValueSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  count: z.number(),
})
export type FacetValue = z.infer<typeof facetValueSchema>

export const productListSchema = z.object({
  items: z.array(productSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  limit: z.number(),
  /** 'relevance' is a search's default. */
  sort: z.union([sortSchema, z.literal('relevance')]),
  view: z.enum(['grid', 'list']),
  showNotInStocks: z.enum(['0', '1']),
  /** The category of the path (its URL is /{slug}), with the way down from the root. */
  category: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
  brand: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
  model: z.object({ id: z.number(), name: z.string() }).nullable(),
  q: z.string().nullable(),
  breadcrumbs: z.array(z.object({ name: z.string(), slug: z.string() })),
  /**
   * Brands (with the brand filter left out, so the others stay offered) and categories of a search, a
   * category or a brand list, most products first; null for the whole catalogue.
   */
  facets: z.object({ brands: z.array(facetValueSchema), categories: z.array(facetValueSchema) }).nullable(),
})
export type ProductList = z.infer<typeof productListSchema>

export type CategoryNode = { id: number; name: string; slug: string; children: CategoryNode[] }
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number(), name: z.string(), slug: z.string(), children: z.array(categoryNodeSchema) }),
)
export const categoryTreeSchema = z.object({
  categories: z.array(categoryNodeSchema),
  brands: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
})
export type CategoryTree = z.infer<typeof categoryTreeSchema>

export const autocompleteItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  url: z.string(),
  image: z.string().nullable(),
})
export type AutocompleteItem = z.infer<typeof autocompleteItemSchema>
