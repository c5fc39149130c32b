import { and, asc, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { banks, binRanges, installmentPlans } from '../../db/schema/payments'
import type { BankMatcher } from './issuer-match'

export type BinRangeInsert = typeof binRanges.$inferInsert

/** Rows per statement: one multi-row insert … on conflict per batch keeps a 2,000-row list to 4 statements. */
export const UPSERT_BATCH = 500

/**
 * Inserts new prefixes and updates the ones whose list data or bank changed; a row that is already as
 * the list says is not written again. Answers how many rows were inserted and updated.
 */
export async function upsertBinRanges(
  db: Db,
  rows: BinRangeInsert[],
): Promise<{ inserted: number; updated: number }> {
  let inserted = 0
  let updated = 0
  for (let i = 0; i < rows.length; i += UPSERT_BATCH) {
    const written = await db
      .insert(binRanges)
      .values(rows.slice(i, i + UPSERT_BATCH))
      .onConflictDoUpdate({
        target: binRanges.prefix,
        set: {
          network: sql`excluded.network`,
          cardType: sql`excluded.card_type`,
          category: sql`excluded.category`,
          issuer: sql`excluded.issuer`,
          bankId: sql`excluded.bank_id`,
        },
        setWhere: sql`(${binRanges.network}, ${binRanges.cardType}, ${binRanges.category}, ${binRanges.issuer}, ${binRanges.bankId})
          is distinct from (excluded.network, excluded.card_type, excluded.category, excluded.issuer, excluded.bank_id)`,
      })
      // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` })
    for (const row of written) {
      if (row.inserted) inserted++
      else updated++
    }
  }
  return { inserted, updated }
}

/** Every bank with its issuer words, in the order a match is tried (sort order, then id). */
export async function bankMatchers(db: Db): Promise<BankMatcher[]> {
  return db
    .select({ id: banks.id, issuerMatch: banks.issuerMatch })
    .from(banks)
    .orderBy(asc(banks.sortOrder), asc(banks.id))
}

/** The distinct issuers of the BIN table, to match them to banks again. */
export async function binIssuers(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ issuer: binRanges.issuer }).from(binRanges)
  return rows.map((r) => r.issuer)
}

/** Points the rows of these issuers at a bank (or none); answers how many rows changed. */
export async function setIssuersBank(db: Db, issuers: string[], bankId: number | null): Promise<number> {
  if (issuers.length === 0) return 0
  const rows = await db
    .update(binRanges)
    .set({ bankId })
    .where(and(inArray(binRanges.issuer, issuers), sql`${binRanges.bankId} is distinct from ${bankId}`))
    .returning({ prefix: binRanges.prefix })
  return rows.length
}

export type BinHit = {
  prefix: string
  network: string
  cardType: string
  issuer: string
  bankId: number | null
  bankName: string | null
  bankLogo: string | null
}

/**
 * The longest prefix of an 8-digit BIN in the table (8 digits, else 6), with its bank: one query on
 * the primary key (prefix in (8 digits, 6 digits) order by length desc limit 1).
 */
export async function findBinRange(db: Db, bin: string): Promise<BinHit | null> {
  const [row] = await db
    .select({
      prefix: binRanges.prefix,
      network: binRanges.network,
      cardType: binRanges.cardType,
      issuer: binRanges.issuer,
      bankId: binRanges.bankId,
      bankName: banks.name,
      bankLogo: banks.logo,
    })
    .from(binRanges)
    .leftJoin(banks, eq(banks.id, binRanges.bankId))
    .where(inArray(binRanges.prefix, [bin.slice(0, 8), bin.slice(0, 6)]))
    .orderBy(desc(sql`length(${binRanges.prefix})`))
    .limit(1)
  return row ?? null
}

/** The whole BIN table by prefix, for a process to look cards up in memory (bin.service.ts). */
export async function loadBinTable(db: Db): Promise<Map<string, BinHit>> {
  const rows = await db
    .select({
      prefix: binRanges.prefix,
      network: binRanges.network,
      cardType: binRanges.cardType,
      issuer: binRanges.issuer,
      bankId: binRanges.bankId,
      bankName: banks.name,
      bankLogo: banks.logo,
    })
    .from(binRanges)
    .leftJoin(banks, eq(banks.id, binRanges.bankId))
  return new Map(rows.map((row) => [row.prefix, row]))
}

export type BankRow = { id: number; name: string; logo: string | null }

export async function bankById(db: Db, id: number): Promise<BankRow | null> {
  const [row] = await db
    .select({ id: banks.id, name: banks.name, logo: banks.logo })
    .from(banks)
    .where(eq(banks.id, id))
    .limit(1)
  return row ?? null
}

export type StoredPlan = { id: number; installment: number; commissionFee: string; isDefault: boolean }

const ofBank = (bankId: number | null): SQL =>
  bankId === null ? isNull(installmentPlans.bankId) : eq(installmentPlans.bankId, bankId)

/** A bank's installment plans, or the store's defaults (bankId null), by number of installments. */
export async function plansOf(db: Db, bankId: number | null): Promise<StoredPlan[]> {
  return db
    .select({
      id: installmentPlans.id,
      installment: installmentPlans.installment,
      commissionFee: installmentPlans.commissionFee,
      isDefault: installmentPlans.isDefault,
    })
    .from(installmentPlans)
    .where(ofBank(bankId))
    .orderBy(asc(installmentPlans.installment))
}

export type BankInput = {
  code: string
  name: string
  logo: string | null
  issuerMatch: string[]
  sortOrder: number
}

/** Creates the bank of this code, or updates it; answers its id. */
export async function upsertBank(db: Db, bank: BankInput): Promise<number> {
  const [row] = await db
    .insert(banks)
    .values(bank)
    .onConflictDoUpdate({
      target: banks.code,
      set: { name: bank.name, logo: bank.logo, issuerMatch: bank.issuerMatch, sortOrder: bank.sortOrder },
    })
    .returning({ id: banks.id })
  return row!.id
}

export type PlanInput = { installment: number; commissionFee: string; isDefault: boolean }

/**
 * Makes a bank's plans (or the store's defaults) exactly these: a count already there keeps its id
 * (a payment in progress may name it), its commission and default flag are updated; counts not listed
 * are removed.
 */
export async function replacePlans(db: Db, bankId: number | null, plans: PlanInput[]): Promise<void> {
  const counts = plans.map((p) => p.installment)
  await db
    .delete(installmentPlans)
    .where(
      counts.length ? and(ofBank(bankId), notInArray(installmentPlans.installment, counts)) : ofBank(bankId),
    )
  for (const plan of plans) {
    const [existing] = await db
      .update(installmentPlans)
      .set({ commissionFee: plan.commissionFee, isDefault: plan.isDefault })
      .where(and(ofBank(bankId), eq(installmentPlans.installment, plan.installment)))
      .returning({ id: installmentPlans.id })
    if (!existing) await db.insert(installmentPlans).values({ bankId, ...plan })
  }
}

// ---- the back office's payment setup (payments/payment-setup.service.ts) ------------------------

export type BankRecord = BankInput & { id: number; binRanges: number }

/** Every bank in match order, with the BIN ranges pointing at it. */
export async function bankRecords(db: Db): Promise<BankRecord[]> {
  return db
    .select({
      id: banks.id,
      code: banks.code,
      name: banks.name,
      logo: banks.logo,
      issuerMatch: banks.issuerMatch,
      sortOrder: banks.sortOrder,
      binRanges: sql<number>`(select count(*)::int from ${binRanges} where ${binRanges.bankId} = ${banks.id})`,
    })
    .from(banks)
    .orderBy(asc(banks.sortOrder), asc(banks.id))
}

/** Every installment plan, the banks' and the store's (bankId null), by bank and count. */
export async function allPlans(db: Db): Promise<(StoredPlan & { bankId: number | null })[]> {
  return db
    .select({
      id: installmentPlans.id,
      bankId: installmentPlans.bankId,
      installment: installmentPlans.installment,
      commissionFee: installmentPlans.commissionFee,
      isDefault: installmentPlans.isDefault,
    })
    .from(installmentPlans)
    .orderBy(asc(installmentPlans.bankId), asc(installmentPlans.installment))
}

/** A bank locked for a change, or null. */
export async function lockBank(tx: Db, id: number): Promise<BankRecord | null> {
  await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, id)).for('update')
  return (await bankRecords(tx)).find((b) => b.id === id) ?? null
}

/** A new bank; null when its code is taken. */
export async function insertBank(tx: Db, bank: BankInput): Promise<number | null> {
  const [row] = await tx
    .insert(banks)
    .values(bank)
    .onConflictDoNothing({ target: banks.code })
    .returning({ id: banks.id })
  return row?.id ?? null
}

export async function updateBankRow(tx: Db, id: number, bank: Omit<BankInput, 'code'>): Promise<void> {
  await tx.update(banks).set(bank).where(eq(banks.id, id))
}

/** Deletes a bank: its plans go with it, its BIN ranges keep their rows without a bank. */
export async function deleteBankRow(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.delete(banks).where(eq(banks.id, id)).returning({ id: banks.id })
  return rows.length > 0
}

/** The whole BIN table with the list's fields and each row's bank. */
export async function binTableRows(db: Db) {
  return db
    .select({
      prefix: binRanges.prefix,
      network: binRanges.network,
      cardType: binRanges.cardType,
      category: binRanges.category,
      issuer: binRanges.issuer,
      bankId: binRanges.bankId,
    })
    .from(binRanges)
}

/** Removes these prefixes (a list that replaces the table); answers how many went. */
export async function deleteBinPrefixes(tx: Db, prefixes: readonly string[]): Promise<number> {
  let removed = 0
  for (let i = 0; i < prefixes.length; i += UPSERT_BATCH) {
    const rows = await tx
      .delete(binRanges)
      .where(inArray(binRanges.prefix, prefixes.slice(i, i + UPSERT_BATCH) as string[]))
      .returning({ prefix: binRanges.prefix })
    removed += rows.length
  }
  return removed
}

/** The table's size, the rows with a bank, and per bank its rows. */
export async function binCounts(db: Db) {
  const [all] = await db
    .select({
      ranges: sql<number>`count(*)::int`,
      withBank: sql<number>`count(${binRanges.bankId})::int`,
    })
    .from(binRanges)
  const perBank = await db
    .select({ id: banks.id, name: banks.name, ranges: sql<number>`count(*)::int` })
    .from(binRanges)
    .innerJoin(banks, eq(banks.id, binRanges.bankId))
    .groupBy(banks.id, banks.name)
    .orderBy(desc(sql`count(*)`), asc(banks.name))
  return { ranges: all?.ranges ?? 0, withBank: all?.withBank ?? 0, banks: perBank }
}

/** The issuers with the most rows that point at no bank. */
export async function unmatchedIssuers(db: Db, limit: number) {
  return db
    .select({ issuer: binRanges.issuer, ranges: sql<number>`count(*)::int` })
    .from(binRanges)
    .where(isNull(binRanges.bankId))
    .groupBy(binRanges.issuer)
    .orderBy(desc(sql`count(*)`), asc(binRanges.issuer))
    .limit(limit)
}
