/**
 * The demo distributor: a believable Turkish wholesale catalogue (about 2,200 products with units,
 * stocks and variant families), three dealer/admin logins, store settings, payment plans and campaigns.
 * Deterministic: every run writes the same catalogue.
 */
import { count, isNotNull, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { LISTED_PRODUCT_SQL } from '../../../domain/listing'
import type { Db } from '../client'
import { branches, customers, users } from '../schema/accounts'
import {
  brands,
  campaignProducts,
  campaigns,
  categories,
  currencies,
  models,
  productStocks,
  products,
  productUnits,
  warehouses,
} from '../schema/catalogue'
import { paymentPlans } from '../schema/payment-plans'
import { storeSettings } from '../schema/store'
import { ensureBaseData } from './base-data'
import { buildProduct, type ProductDraft } from './catalogue-builder'
import { seedAccounts } from './demo-accounts'
import { seedPayments } from './demo-payments'
import { seedDemoSerials } from './demo-serials'
import { seedStore } from './demo-store'
import { seedTranslations } from './demo-translations'
import { insertDrafts } from './insert'
import { createRng, mixSeed } from './random'
import { buildVariantFamilies } from './variants'

export const DEMO_SEED = 0x70b7a2
/** Plain (non-variant) demo products; with the variant parents about 1,950 are listed. */
export const DEMO_PLAIN_PRODUCTS = 1920
const BATCH = 500

export class SeedError extends Error {}

export type SeedSummary = {
  currencies: number
  brands: number
  models: number
  categories: number
  warehouses: number
  products: number
  listedProducts: number
  variantFamilies: number
  variantChildren: number
  productUnits: number
  productStocks: number
  campaigns: number
  campaignProducts: number
  customers: number
  branches: number
  users: number
  storeSettings: number
  paymentPlans: number
  /** False when the database already had customers or users, which the seed then leaves alone. */
  demoAccountsCreated: boolean
  /** Wall-clock time of the seed, in milliseconds. */
  elapsedMs: number
}

/** Fills an empty catalogue (and whatever accounts and settings are missing) with the demo data. */
export async function seedDemo(db: Db): Promise<SeedSummary> {
  const started = performance.now()
  const accounts = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products)
    if ((existing?.n ?? 0) > 0) {
      throw new SeedError(
        `The database already has ${existing?.n} products; the demo seed needs an empty catalogue.`,
      )
    }
    const ctx = await ensureBaseData(tx)
    const usedNames = new Set<string>()
    const plain = Array.from({ length: DEMO_PLAIN_PRODUCTS }, (_, i) =>
      buildProduct(ctx, DEMO_SEED, i + 1, {}, usedNames),
    )
    const families = buildVariantFamilies(ctx, DEMO_SEED, DEMO_PLAIN_PRODUCTS + 1)
    const ids = new Map<string, number>()
    const listed = [...plain, ...families.parents]
    await insertDrafts(tx, listed, BATCH, ids)
    await insertDrafts(tx, families.children, BATCH, ids)
    await seedCampaigns(tx, listed, ids)
    const accountCounts = await seedAccounts(tx, new Date())
    await seedStore(tx)
    await seedPayments(tx)
    await seedDemoSerials(tx, new Date())
    await seedTranslations(tx)
    return accountCounts
  })
  const totals = await countRows(db)
  return {
    ...totals,
    demoAccountsCreated: !accounts.skipped,
    elapsedMs: Math.round(performance.now() - started),
  }
}

const CAMPAIGNS = ['Haftanın Fırsatları', 'Yeni Gelenler', 'Çok Satanlar'] as const

async function seedCampaigns(db: Db, listed: ProductDraft[], ids: Map<string, number>): Promise<void> {
  const rng = createRng(mixSeed(DEMO_SEED, 0xca))
  // Plain products only: a campaign card's add-to-cart button then always works without a variant choice.
  const sellable = listed.filter(
    (d) => !d.row.variantDimensions && (d.row.quantity ?? 0) > 0 && Number(d.row.salePrice) > 0,
  )
  const picks: Record<(typeof CAMPAIGNS)[number], ProductDraft[]> = {
    'Haftanın Fırsatları': rng.sample(
      sellable.filter((d) => Number(d.row.listPrice) > Number(d.row.salePrice)),
      rng.int(8, 12),
    ),
    'Yeni Gelenler': sellable.slice(-rng.int(8, 12)).reverse(),
    'Çok Satanlar': rng.sample(sellable, rng.int(8, 12)),
  }
  const rows = await db
    .insert(campaigns)
    // The last section shows two rows of cards per slide (spec/2 §2: a campaign's rowCount).
    .values(
      CAMPAIGNS.map((name, i) => ({
        code: `KMP-${i + 1}`,
        name,
        rowCount: name === 'Çok Satanlar' ? 2 : 1,
        sortOrder: i,
      })),
    )
    .returning({ id: campaigns.id, name: campaigns.name })
  const links = rows.flatMap((c) =>
    picks[c.name as (typeof CAMPAIGNS)[number]].map((d, i) => ({
      campaignId: c.id,
      productId: ids.get(d.row.code) as number,
      sortOrder: i,
    })),
  )
  await db.insert(campaignProducts).values(links)
}

async function countOf(db: Db, table: PgTable, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where)
  return row?.n ?? 0
}

/** Totals in the database (not only what this run added). */
export async function countRows(db: Db): Promise<Omit<SeedSummary, 'elapsedMs' | 'demoAccountsCreated'>> {
  return {
    currencies: await countOf(db, currencies),
    brands: await countOf(db, brands),
    models: await countOf(db, models),
    categories: await countOf(db, categories),
    warehouses: await countOf(db, warehouses),
    products: await countOf(db, products),
    listedProducts: await countOf(db, products, sql.raw(LISTED_PRODUCT_SQL)),
    variantFamilies: await countOf(db, products, isNotNull(products.variantDimensions)),
    variantChildren: await countOf(db, products, isNotNull(products.parentId)),
    productUnits: await countOf(db, productUnits),
    productStocks: await countOf(db, productStocks),
    campaigns: await countOf(db, campaigns),
    campaignProducts: await countOf(db, campaignProducts),
    customers: await countOf(db, customers),
    branches: await countOf(db, branches),
    users: await countOf(db, users),
    storeSettings: await countOf(db, storeSettings),
    paymentPlans: await countOf(db, paymentPlans),
  }
}
