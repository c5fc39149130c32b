import { asc, eq, isNull, type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeSettingsSchema } from '../../../contracts/settings'
import { ledgerDay } from '../../../domain/ledger'
import { normaliseSearchText } from '../../../domain/search-query'
import { foldTurkish } from '../../../domain/turkish-text'
import { parseSeedArgs, runSeed, SeedRefusedError, UsageError } from '../../cli/seed'
import { overdueOf } from '../../modules/ledger/ledger.service'
import { verifyPassword } from '../../security/password'
import { createTestDatabase } from '../../test/test-database'
import type { Database, Db } from '../client'
import { branches, customers, users } from '../schema/accounts'
import { products } from '../schema/catalogue'
import { paymentPlans } from '../schema/payment-plans'
import { storeInfo, storeSettings } from '../schema/store'
import { type SeedSummary, seedDemo } from './demo'
import { DEMO_LOGINS } from './demo-accounts'
import { seedLargeCatalogue } from './generator'

const SLOW = 60_000

/** In-memory PGlite, or a fresh database on TEST_DATABASE_URL's server under TEST_DB=postgres. */
const freshDatabase = createTestDatabase

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query)
  if (!row) throw new Error('no row')
  return row
}

const firstProducts = (db: Db) =>
  db
    .select({
      code: products.code,
      name: products.name,
      salePrice: products.salePrice,
      quantity: products.quantity,
    })
    .from(products)
    .orderBy(asc(products.id))
    .limit(20)

describe('demo seed', () => {
  let database: Database
  let db: Db
  let summary: SeedSummary

  beforeAll(async () => {
    database = await freshDatabase()
    db = database.db
    summary = await seedDemo(db)
  }, SLOW)
  afterAll(() => database?.close())

  it('fills the catalogue: listed products, categories, brands with models, warehouses, currencies', async () => {
    expect(summary.listedProducts).toBeGreaterThanOrEqual(1900)
    expect(summary.warehouses).toBe(3)
    const roots = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from categories where parent_id is null`,
    )
    expect(roots.n).toBeGreaterThanOrEqual(8)
    const brandModels = await rows<{ name: string; models: number }>(
      db,
      sql`select b.name, count(m.id)::int as models from brands b left join models m on m.brand_id = b.id group by b.name`,
    )
    expect(brandModels.length).toBeGreaterThanOrEqual(15)
    for (const b of brandModels) expect(b.models, b.name).toBeGreaterThanOrEqual(2)
    const currencies = await rows<{ code: string; is_default: boolean }>(
      db,
      sql`select code, is_default from currencies`,
    )
    expect(currencies.map((c) => c.code).sort()).toEqual(['EUR', 'TRY', 'USD'])
    expect(currencies.filter((c) => c.is_default).map((c) => c.code)).toEqual(['TRY'])
  })

  it('builds category paths from slugs with the right depth', async () => {
    const bad = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from categories c left join categories p on p.id = c.parent_id
          where (c.parent_id is null and (c.depth <> 0 or c.path <> c.slug))
             or (c.parent_id is not null and (c.depth <> p.depth + 1 or c.path <> p.path || '/' || c.slug))`,
    )
    expect(bad.n).toBe(0)
    const onLeaves = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from products p where not exists (select 1 from categories c where c.parent_id = p.category_id)`,
    )
    expect(onLeaves.n).toBe(summary.products)
  })

  it('has variant families of one, two and three dimensions with aligned children', async () => {
    const families = await rows<{ dims: number; children: number }>(
      db,
      sql`select array_length(p.variant_dimensions, 1) as dims, count(c.id)::int as children
          from products p left join products c on c.parent_id = p.id
          where p.variant_dimensions is not null group by p.id`,
    )
    expect(families.length).toBeGreaterThanOrEqual(30)
    expect(new Set(families.map((f) => f.dims))).toEqual(new Set([1, 2, 3]))
    for (const f of families) expect(f.children).toBeGreaterThan(1)
    const misaligned = await one<{ n: number }>(
      db,
      sql`select count(*)::int as n from products c join products p on p.id = c.parent_id
          where array_length(c.variant_values, 1) is distinct from array_length(p.variant_dimensions, 1)
             or p.parent_id is not null`,
    )
    expect(misaligned.n).toBe(0)
  })

  it('covers the display cases: units, stock-outs, zero prices, discounts, foreign currencies, Turkish letters', async () => {
    const c = await one<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from (select product_id from product_units group by product_id having count(*) between 2 and 3) u) as multi_unit,
        count(*) filter (where p.quantity = 0)::int as out_of_stock,
        count(*) filter (where p.sale_price = 0)::int as zero_price,
        count(*) filter (where p.list_price > p.sale_price)::int as discounted,
        count(*) filter (where cur.code = 'USD')::int as usd,
        count(*) filter (where cur.code = 'EUR')::int as eur,
        count(*) filter (where p.name ~ '[şŞğĞıİçÇöÖüÜ]')::int as turkish
      from products p join currencies cur on cur.id = p.currency_id`,
    )
    for (const key of ['multi_unit', 'out_of_stock', 'zero_price', 'discounted', 'usd', 'eur']) {
      expect(c[key], key).toBeGreaterThan(0)
    }
    expect(c.turkish).toBeGreaterThan(summary.products / 2)
    for (const letter of ['ş', 'ğ', 'ı', 'İ', 'ç', 'ö', 'ü']) {
      const found = await one<{ n: number }>(
        db,
        sql`select count(*)::int as n from products where position(${letter} in name) > 0`,
      )
      expect(found.n, letter).toBeGreaterThan(0)
    }
  })

  it('keeps derived columns consistent: quantity, default unit, base price, search text', async () => {
    const wrong = await one<Record<string, number>>(
      db,
      sql`select
        (select count(*)::int from products p where p.quantity <>
          (select coalesce(sum(s.quantity), 0) from product_stocks s where s.product_id = p.id)) as quantity,
        (select count(*)::int from products p where (select count(*) from product_stocks s where s.product_id = p.id) <> 3) as stocks,
        (select count(*)::int from products p where (select count(*) from product_units u
          where u.product_id = p.id and u.is_default and u.value = 'Adet' and u.multiplier = 1
            and u.default_price = p.sale_price) <> 1) as default_unit,
        (select count(*)::int from products p join currencies c on c.id = p.currency_id
          where p.sale_price_base <> round(p.sale_price * c.exchange_rate, 4)) as base_price`,
    )
    expect(wrong).toEqual({ quantity: 0, stocks: 0, default_unit: 0, base_price: 0 })

    const sample = await one<{ name: string; search_text: string }>(
      db,
      sql`select name, search_text from products where name like 'Ş%' order by id limit 1`,
    )
    // The search document holds the name as the search normaliser writes it (folded, sizes joined).
    expect(sample.search_text).toContain(normaliseSearchText(sample.name))
    const folded = foldTurkish(sample.name.split(' ')[0] as string)
    expect(folded).toMatch(/^s/)
    const hits = await rows<{ name: string }>(
      db,
      sql`select name from products where search_text like ${`%${folded}%`}`,
    )
    expect(hits.map((h) => h.name)).toContain(sample.name)
  })

  it('creates the demo accounts with their companies, branches and roles', async () => {
    const accounts = await db
      .select({
        email: users.email,
        role: users.role,
        staffRole: users.staffRole,
        customer: customers.name,
        customerId: users.customerId,
      })
      .from(users)
      .leftJoin(customers, eq(customers.id, users.customerId))
      .orderBy(asc(users.id))
    expect(accounts.map((a) => [a.email, a.role, a.staffRole, a.customer !== null])).toEqual([
      ['bayi@toptan.test', 'dealer', null, true],
      ['bayi2@toptan.test', 'dealer', null, true],
      ['yonetici@toptan.test', 'admin', 'owner', false],
      ['bayi3@toptan.test', 'dealer', null, true],
      ['izleyici@toptan.test', 'admin', 'readonly', false],
      ['satis@toptan.test', 'admin', 'sales', false],
    ])
    const [first, second] = await db.select().from(customers).orderBy(asc(customers.id)).limit(2)
    expect(first).toMatchObject({ riskLimit: '250000.00' })
    // Its ledger: an opening balance, invoices and a bank transfer that left 12.450,75 TL overdue.
    const overdue = await overdueOf(db, first!.id, ledgerDay(new Date()))
    expect([overdue.balance.toFixed(2), overdue.days]).toEqual(['12450.75', 45])
    const kinds = await rows<{ kind: string }>(
      db,
      sql`select kind from ledger_entries where customer_id = ${first!.id} order by entry_date, id`,
    )
    expect(kinds.map((k) => k.kind)).toEqual([
      'opening',
      'invoice',
      'invoice',
      'bank_transfer',
      'invoice',
      'invoice',
    ])
    expect(Number(first?.profitPercent)).toBe(0)
    expect(second).toMatchObject({ riskLimit: '0.00', profitPercent: '-5.00' })
    expect(accounts[0]?.customerId).toBe(first?.id)
    expect(accounts[1]?.customerId).toBe(second?.id)
    const branchCount = async (id: number | undefined) =>
      (
        await db
          .select()
          .from(branches)
          .where(eq(branches.customerId, id ?? -1))
      ).length
    expect(await branchCount(first?.id)).toBe(3)
    expect(await branchCount(second?.id)).toBe(1)

    const [dealer] = await db.select().from(users).where(eq(users.email, 'bayi@toptan.test'))
    expect(await verifyPassword('Bayi1234!', dealer?.passwordHash ?? '')).toBe(true)
    const [admin] = await db.select().from(users).where(eq(users.email, 'yonetici@toptan.test'))
    expect(await verifyPassword('Yonetici1234!', admin?.passwordHash ?? '')).toBe(true)
  })

  it('stores every setting key with a valid value, the payment plans and the store info', async () => {
    const stored = await db.select().from(storeSettings)
    const values = Object.fromEntries(stored.map((s) => [s.key, s.value]))
    expect(Object.keys(values).sort()).toEqual(Object.keys(storeSettingsSchema.shape).sort())
    const parsed = storeSettingsSchema.strict().parse(values)
    expect(parsed).toMatchObject({
      showPaymentPlanPrice: true,
      whatsappControl: true,
      showPriceStatus: false,
      installmentLimit: 1000,
      b2b_cari_odeme_baglantisi: true,
    })

    const plans = await db.select().from(paymentPlans).orderBy(asc(paymentPlans.sortOrder))
    expect(plans.map((p) => [p.name, p.priceName, p.isDefault, p.isVirtual])).toEqual([
      ['Peşin', 'salePrice', true, false],
      ['30 Gün Vadeli', 'advencePrice1', false, false],
      ['60 Gün Vadeli', 'advencePrice2', false, false],
      ['Kredi Kartı', 'advencePrice3', false, true],
    ])
    const [info] = await db.select().from(storeInfo)
    expect(info).toMatchObject({
      id: 1,
      name: 'Toptan Dağıtım A.Ş.',
      logo: 'logo.svg',
      whatsapp: '905321234567',
    })
    const links = info?.socialLinks?.split('|') ?? []
    expect(links).toHaveLength(5)
    for (const link of links) expect(link).toMatch(/^[01] https:\/\/\S+$/)
  })

  it('fills campaigns with sellable products only', async () => {
    const campaigns = await rows<{ name: string; n: number; unsellable: number }>(
      db,
      sql`select c.name, count(*)::int as n,
            count(*) filter (where p.quantity <= 0 or p.sale_price = 0 or p.parent_id is not null
              or p.variant_dimensions is not null)::int as unsellable
          from campaigns c join campaign_products cp on cp.campaign_id = c.id join products p on p.id = cp.product_id
          group by c.name`,
    )
    expect(campaigns.length).toBeGreaterThanOrEqual(2)
    for (const c of campaigns) {
      expect(c.n, c.name).toBeGreaterThanOrEqual(8)
      expect(c.n, c.name).toBeLessThanOrEqual(12)
      expect(c.unsellable, c.name).toBe(0)
    }
  })

  it('stores an English name for every category, campaign, payment plan, unit, variant dimension and worded option, and the special-code heading', async () => {
    const missing = await rows<{ kind: string; name: string }>(
      db,
      sql`select 'category' as kind, c.name from categories c
            where not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'category' and t.key = c.id::text)
          union all select 'campaign', c.name from campaigns c
            where not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'campaign' and t.key = c.id::text)
          union all select 'paymentPlan', p.name from payment_plans p
            where not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'paymentPlan' and t.key = p.id::text)
          union all select distinct 'unit', u.value from product_units u
            where not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'unit' and t.key = u.value)
          union all select distinct 'variant', d.name from products p, unnest(p.variant_dimensions) as d(name)
            where not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'variant' and t.key = d.name)
          union all select distinct 'variant', v.name from products p, unnest(p.variant_values) as v(name)
            where v.name ~ '[A-Za-zÇĞİÖŞÜçğıöşü][a-zçğıöşü]{2,}'
              and not exists (select 1 from translations t where t.locale = 'en' and t.kind = 'variant' and t.key = v.name)`,
    )
    expect(missing).toEqual([])
    const heading = await rows<{ text: string }>(
      db,
      sql`select text from translations where locale = 'en' and kind = 'setting' and key = 'b2b_urun_detay_ozel_kod_baslik'`,
    )
    expect(heading).toEqual([{ text: 'Special Code' }])
  })

  it('refuses to run on a database that already has products', async () => {
    await expect(seedDemo(db)).rejects.toThrow(/already has/)
  })

  it(
    'writes the same catalogue on every run',
    async () => {
      const other = await freshDatabase()
      try {
        await seedDemo(other.db)
        expect(await firstProducts(other.db)).toEqual(await firstProducts(db))
        const checksum = (d: Db) =>
          one(
            d,
            sql`select md5(string_agg(code || name || sale_price || quantity, ',' order by id)) as sum from products`,
          )
        expect(await checksum(other.db)).toEqual(await checksum(db))
      } finally {
        await other.close()
      }
    },
    SLOW,
  )
})

describe('large catalogue generator', () => {
  it(
    'creates the base data when missing and gives the same products whatever the batch size',
    async () => {
      const [a, b] = [await freshDatabase(), await freshDatabase()]
      try {
        const result = await seedLargeCatalogue(a.db, { products: 250, batchSize: 100 })
        await seedLargeCatalogue(b.db, { products: 250, batchSize: 1000 })
        expect(result).toMatchObject({ products: 250, stocks: 750, firstSeq: 1 })
        const listed = await a.db.select().from(products).where(isNull(products.parentId))
        expect(listed).toHaveLength(250)
        expect(await firstProducts(a.db)).toEqual(await firstProducts(b.db))
        const mismatched = await one<{ n: number }>(
          a.db,
          sql`select count(*)::int as n from products p where p.quantity <>
              (select sum(quantity) from product_stocks s where s.product_id = p.id)
            or (select count(*) from product_units u where u.product_id = p.id and u.is_default) <> 1`,
        )
        expect(mismatched.n).toBe(0)
      } finally {
        await a.close()
        await b.close()
      }
    },
    SLOW,
  )
})

describe('seed command', () => {
  it('parses its arguments', () => {
    expect(parseSeedArgs([])).toEqual({ products: undefined, reset: false })
    expect(parseSeedArgs(['--products', '100000', '--reset'])).toEqual({ products: 100000, reset: true })
    expect(parseSeedArgs(['--products=100_000'])).toEqual({ products: 100000, reset: false })
    for (const bad of [
      ['--products', '0'],
      ['--products', 'x'],
      ['--products', '1.5'],
      ['--force'],
      ['extra'],
    ]) {
      expect(() => parseSeedArgs(bad), bad.join(' ')).toThrow(UsageError)
    }
  })

  it(
    'seeds up to N listed products, refuses a second run, and --reset starts over keeping accounts',
    async () => {
      const database = await freshDatabase()
      try {
        const first = await runSeed(database, { products: 2100, reset: false })
        expect(first.totals.listedProducts).toBe(2100)
        expect(first.large?.products).toBe(2100 - first.demo.listedProducts)

        await expect(runSeed(database, { products: undefined, reset: false })).rejects.toThrow(
          SeedRefusedError,
        )
        expect((await database.db.select().from(products)).length).toBe(first.totals.products)

        const again = await runSeed(database, { products: undefined, reset: true })
        expect(again.totals.listedProducts).toBe(first.demo.listedProducts)
        expect(again.totals.users).toBe(DEMO_LOGINS.length)
        expect(again.demo.demoAccountsCreated).toBe(false)
        const [firstId] = await database.db
          .select({ id: products.id })
          .from(products)
          .orderBy(asc(products.id))
          .limit(1)
        expect(firstId?.id).toBe(1)
      } finally {
        await database.close()
      }
    },
    SLOW,
  )
})
