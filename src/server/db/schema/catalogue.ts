import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { LISTED_PRODUCT_SQL } from '../../../domain/listing'
import { foldTurkishSql } from '../../../domain/turkish-text.sql'

/** Amounts are NUMERIC and travel as strings into big.js: never binary floats. */
const money = (name: string) => numeric(name, { precision: 18, scale: 4 })

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 3 }).notNull(),
    name: text('name').notNull(),
    symbol: varchar('symbol', { length: 8 }).notNull(),
    /** Value of one unit of this currency in the base (TRY). TRY itself is 1. */
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** Where exchange_rate came from: the bank's bulletin ('tcmb', of rate_bulletin_date) or staff ('manual'). */
    rateSource: varchar('rate_source', { length: 8 }).$type<'tcmb' | 'manual'>().notNull().default('manual'),
    rateBulletinDate: date('rate_bulletin_date', { mode: 'string' }),
    /** A manual rate staff pinned: the bank's bulletins leave it alone until staff release it. */
    ratePinned: boolean('rate_pinned').notNull().default(false),
  },
  (t) => [
    uniqueIndex('currencies_code_uq').on(t.code),
    uniqueIndex('currencies_one_default_uq').on(t.isDefault).where(sql`${t.isDefault}`),
    check('currencies_rate_positive', sql`${t.exchangeRate} > 0`),
    check('currencies_rate_source', sql`${t.rateSource} in ('tcmb', 'manual')`),
    check('currencies_rate_bulletin', sql`(${t.rateSource} = 'tcmb') = (${t.rateBulletinDate} is not null)`),
  ],
)

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
  },
  (t) => [uniqueIndex('brands_code_uq').on(t.code), uniqueIndex('brands_slug_uq').on(t.slug)],
)

export const models = pgTable(
  'models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
    /** The ERP's code of the model, unique within its brand (null: made before the ERP sent one). */
    code: varchar('code', { length: 40 }),
  },
  (t) => [
    uniqueIndex('models_brand_slug_uq').on(t.brandId, t.slug),
    uniqueIndex('models_brand_code_uq').on(t.brandId, t.code),
  ],
)

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    /** The ERP's code: what products and child categories name it by (existing ones start as their slug). */
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    slug: varchar('slug', { length: 120 }).notNull(),
    /** Slug path from the root, e.g. "otomotiv/sanziman-parcalari": the list URL. */
    path: varchar('path', { length: 500 }).notNull(),
    depth: integer('depth').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('categories_path_uq').on(t.path),
    uniqueIndex('categories_code_uq').on(t.code),
    uniqueIndex('categories_slug_uq').on(t.slug),
    index('categories_parent_idx').on(t.parentId),
  ],
)

export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('warehouses_code_uq').on(t.code)],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 80 }).notNull(),
    name: text('name').notNull(),
    seo: varchar('seo', { length: 200 }).notNull(),
    image: varchar('image', { length: 200 }),
    /** The ERP's image address: the image fetcher downloads it into `image` outside any transaction. */
    imageSourceUrl: text('image_source_url'),
    barcode: varchar('barcode', { length: 64 }),
    brandId: integer('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    modelId: integer('model_id').references(() => models.id, { onDelete: 'set null' }),
    categoryId: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    salePrice: money('sale_price').notNull().default('0'),
    listPrice: money('list_price').notNull().default('0'),
    advencePrice1: money('advence_price1'),
    advencePrice2: money('advence_price2'),
    advencePrice3: money('advence_price3'),
    advencePrice4: money('advence_price4'),
    advencePrice5: money('advence_price5'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('20'),
    /** Which number labels the product: 'StockCode', 'Barcode' or anything else for both. */
    stockNumberType: varchar('stock_number_type', { length: 16 }).notNull().default('StockCode'),
    description: text('description'),
    metaTitle: text('meta_title'),
    metaKeywords: text('meta_keywords'),
    metaDescription: text('meta_description'),
    ozelkod: varchar('ozelkod', { length: 120 }),
    ozelkod2: varchar('ozelkod2', { length: 120 }),
    ozelkod3: varchar('ozelkod3', { length: 120 }),
    ozelkod4: varchar('ozelkod4', { length: 120 }),
    ozelkod5: varchar('ozelkod5', { length: 120 }),
    equivalentCodes: text('equivalent_codes').array().notNull().default(sql`'{}'::text[]`),
    /** Sum of product_stocks.quantity, kept in step by the stock service. */
    quantity: integer('quantity').notNull().default(0),
    /** Variant family: children point at their parent; only parents and plain products are listed. */
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    /** On a parent: the dimension names (1–3), e.g. {Renk, Beden}. */
    variantDimensions: text('variant_dimensions').array(),
    /** On a child: its value for each of the parent's dimensions, in the same order. */
    variantValues: text('variant_values').array(),
    /**
     * The search document (domain/search-query searchDocument): code, name, barcode, equivalent codes,
     * brand, special code and category names, Turkish-folded with units joined; what search matches.
     */
    searchText: text('search_text').notNull().default(''),
    /** The name alone, normalised the same way: what search ranks by. */
    searchName: text('search_name').notNull().default(''),
    /** Byte-ordered key that sorts names in Turkish alphabetical order under any collation. */
    nameSort: text('name_sort').notNull().default(''),
    /** Sale price converted to the base currency (TRY); re-derived when a rate changes. */
    salePriceBase: money('sale_price_base').notNull().default('0'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Set from the sequence products_change_seq by a trigger on every insert and update (migration
     * 0016): the in-process search index reloads only rows above the highest one it has seen.
     */
    changeSeq: bigint('change_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => {
    // Listed products (plain ones and variant parents): the rule's own SQL, which the queries that
    // select listed rows carry too, so the planner can use these partial indexes. The list pages and
    // the search are answered by the in-process search index, so no index serves their sorts or
    // text matching (each would cost every product write and the disk for nothing).
    const listed = sql.raw(LISTED_PRODUCT_SQL)
    return [
      uniqueIndex('products_code_uq').on(t.code),
      // The fault report's product picker: a category's listed products by name.
      index('products_list_category_idx').on(t.categoryId, t.nameSort, t.id).where(listed),
      index('products_parent_idx').on(t.parentId),
      index('products_barcode_idx').on(t.barcode),
      index('products_ozelkod2_idx').on(t.ozelkod2),
      // Byte-order ("C") indexes serve both a LIKE 'prefix%' range and ORDER BY, so a one-letter
      // prefix reads ten rows instead of sorting thousands.
      index('products_code_prefix_c_idx')
        .using('btree', sql`(lower(${t.code}) collate "C")`, t.id)
        .where(listed),
      index('products_name_prefix_c_idx')
        .using(
          'btree',
          sql`(lower(translate(${t.name}, 'ŞşİIıĞğÇçÖöÜüÂâÎîÛû', 'ssiiiggccoouuaaiiuu')) collate "C")`,
          t.id,
        )
        .where(listed),
      index('products_equivalent_codes_idx').using('gin', t.equivalentCodes),
      // The staff's product table over every product (variants too), one index per sort with the id
      // after it: page 1 reads 50 entries instead of sorting 100,000 rows.
      index('products_staff_name_idx').on(t.nameSort, t.id),
      index('products_staff_price_idx').on(t.salePriceBase, t.id),
      index('products_staff_stock_idx').on(t.quantity, t.id),
      index('products_staff_updated_idx').on(t.updatedAt, t.id),
      // The staff table's filters over every product: text anywhere in the search document (dealers'
      // search uses the in-process index instead), a category's products, a brand's.
      index('products_staff_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
      index('products_staff_category_idx').on(t.categoryId),
      index('products_staff_brand_idx').on(t.brandId),
      // …and the inactive ones, usually few: found without walking a whole sort index.
      index('products_staff_inactive_idx').on(t.id).where(sql`not ${t.isActive}`),
      index('products_change_seq_idx').on(t.changeSeq),
      // A code pasted into a quick order, in any case and with or without Turkish letters
      // (domain/turkish-text.sql.ts's fold), over every product (a variant's code too).
      index('products_code_folded_idx').using('btree', foldTurkishSql(t.code)),
      check('products_quantity_nonneg', sql`${t.quantity} >= 0`),
    ]
  },
)

export const productUnits = pgTable(
  'product_units',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The unit's name as shown: Adet, Koli, Paket… */
    value: varchar('value', { length: 40 }).notNull(),
    multiplier: integer('multiplier').notNull().default(1),
    barcode: varchar('barcode', { length: 64 }),
    defaultPrice: money('default_price').notNull().default('0'),
    listPrice: money('list_price').notNull().default('0'),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('product_units_product_idx').on(t.productId, t.sortOrder),
    // A unit's own barcode, pasted into a quick order, names the product and the unit at once.
    index('product_units_barcode_idx').on(t.barcode),
    uniqueIndex('product_units_one_default_uq').on(t.productId).where(sql`${t.isDefault}`),
    check('product_units_multiplier_positive', sql`${t.multiplier} > 0`),
  ],
)

export const productStocks = pgTable(
  'product_stocks',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.warehouseId] }),
    index('product_stocks_warehouse_idx').on(t.warehouseId),
    check('product_stocks_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
)

export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    /** The ERP's code of the campaign (existing ones start with their id as code). */
    code: varchar('code', { length: 40 }).notNull(),
    name: text('name').notNull(),
    rowCount: integer('row_count').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** Cards side by side on a phone, from 600 px and from 1000 px (the spec's 2, 4 and 6 by default). */
    slidesPhone: integer('slides_phone').notNull().default(2),
    slidesTablet: integer('slides_tablet').notNull().default(4),
    slidesDesktop: integer('slides_desktop').notNull().default(6),
    /** Shown from and until (either open); outside them the campaign is off the home page. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('campaigns_code_uq').on(t.code),
    check(
      'campaigns_slides_range',
      sql`${t.slidesPhone} between 1 and 8 and ${t.slidesTablet} between 1 and 8 and ${t.slidesDesktop} between 1 and 8`,
    ),
    check(
      'campaigns_dates_order',
      sql`${t.endsAt} is null or ${t.startsAt} is null or ${t.endsAt} > ${t.startsAt}`,
    ),
  ],
)

export const campaignProducts = pgTable(
  'campaign_products',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.productId] }),
    index('campaign_products_product_idx').on(t.productId),
  ],
)
