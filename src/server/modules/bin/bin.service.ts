import type { BinControlResponse } from '../../../contracts/payments'
import { cardOrganizationOf, plansForCardType } from '../../../domain/installments'
import type { Caches } from '../../cache/caches'
import type { Db } from '../../db/client'
import type { BinInfo, PaymentGateway } from '../../integrations/payments/gateway'
import {
  type BankInput,
  type BinHit,
  bankById,
  bankMatchers,
  binIssuers,
  findBinRange,
  loadBinTable,
  type PlanInput,
  plansOf,
  replacePlans,
  type StoredPlan,
  setIssuersBank,
  upsertBank,
  upsertBinRanges,
} from './bin.repository'
import { parseBinList, type SkipReason } from './bin-list'
import { bankForIssuer } from './issuer-match'

export type { PlanInput }

export type BinImportReport = {
  /** Data lines read, and the rows kept (one per prefix). */
  lines: number
  rows: number
  inserted: number
  updated: number
  /** Already as the list says: not written. */
  unchanged: number
  /** Rows pointing at one of the store's banks. */
  withBank: number
  duplicates: number
  skipped: { line: number; reason: SkipReason }[]
}

/**
 * Imports a BIN list (the Turkish BIN list format, bin-list.ts) into the BIN table in one transaction:
 * new prefixes are added, known ones updated, malformed rows skipped and counted; each row points at
 * the bank whose issuer words its issuer contains. Prefixes missing from the list are kept (a list
 * adds to the table, it does not replace it). A file not in the format throws BinListFormatError.
 */
export async function importBinList(db: Db, text: string): Promise<BinImportReport> {
  const parsed = parseBinList(text)
  return db.transaction(async (tx) => {
    const matchers = await bankMatchers(tx)
    const rows = parsed.rows.map((row) => ({ ...row, bankId: bankForIssuer(row.issuer, matchers) }))
    const written = await upsertBinRanges(tx, rows)
    return {
      lines: parsed.lines,
      rows: rows.length,
      ...written,
      unchanged: rows.length - written.inserted - written.updated,
      withBank: rows.filter((r) => r.bankId !== null).length,
      duplicates: parsed.duplicates,
      skipped: parsed.skipped,
    }
  })
}

/** Matches every row of the BIN table to the banks again (after banks or their words changed). */
export async function relinkBinBanks(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const matchers = await bankMatchers(tx)
    const byBank = new Map<number | null, string[]>()
    for (const issuer of await binIssuers(tx)) {
      const bankId = bankForIssuer(issuer, matchers)
      byBank.set(bankId, [...(byBank.get(bankId) ?? []), issuer])
    }
    let changed = 0
    for (const [bankId, issuers] of byBank) changed += await setIssuersBank(tx, issuers, bankId)
    return changed
  })
}

/** Creates or updates a bank (by code) with exactly these installment plans; answers its id. */
export async function saveBank(db: Db, bank: BankInput & { plans: PlanInput[] }): Promise<number> {
  const { plans, ...fields } = bank
  return db.transaction(async (tx) => {
    const id = await upsertBank(tx, fields)
    await replacePlans(tx, id, plans)
    return id
  })
}

/** The store's default plans: what a card of a bank without plans (or an unknown BIN) is offered. */
export async function saveDefaultPlans(db: Db, plans: PlanInput[]): Promise<void> {
  await db.transaction((tx) => replacePlans(tx, null, plans))
}

/** What bin-control needs of the payment gateway (deps.paymentGateway). */
export type BinGateway = Pick<PaymentGateway, 'name' | 'binInfo'>

export type BinContext = {
  db: Db
  caches: Caches
  /** iyzico answers BIN and installment queries itself; null or the sandbox: our BIN table. */
  gateway: BinGateway | null
  log?: { warn: (obj: object, msg: string) => void }
}

/** A plan a card may be paid with: commission in percent, as a decimal string. */
export type CardPlan = StoredPlan

export type CardLookup = {
  bank: { id: number | null; name: string | null; logo: string | null }
  network: string | null
  cardType: string | null
  issuer: string | null
  /** By number of installments. */
  plans: CardPlan[]
}

/** iyzico prices installments for an amount; their commission rates do not depend on it. */
const GATEWAY_QUOTE_AMOUNT = '100.00'

/**
 * The row of the longest prefix (8, then 6 digits) matching `bin`. With the process caches on, the
 * whole BIN table (a few thousand rows; it changes only when a list is imported) is held in memory for
 * the cache window, so a lookup costs no query; with them off (CACHE_SECONDS=0), one indexed query.
 */
async function findCard(ctx: BinContext, bin: string): Promise<BinHit | null> {
  if (ctx.caches.list.ttlMs <= 0) return findBinRange(ctx.db, bin)
  const table = await ctx.caches.list.get('bin-table', () => loadBinTable(ctx.db))
  return table.get(bin.slice(0, 8)) ?? table.get(bin.slice(0, 6)) ?? null
}

const cachedPlans = (ctx: BinContext, bankId: number | null) =>
  ctx.caches.list.get(`installment-plans:${bankId ?? 'store'}`, () => plansOf(ctx.db, bankId))

/**
 * The card behind an 8-digit BIN and the plans it may be paid with: the bank's plans when the BIN's
 * bank has any, else the store's defaults (an unknown BIN too); a debit card only the single payment.
 * With iyzico, its BIN answer decides the card and which installments exist, at its commission.
 */
export async function lookupCard(ctx: BinContext, bin: string): Promise<CardLookup> {
  if (ctx.gateway?.name === 'iyzico') {
    const info = await gatewayBinInfo(ctx, bin)
    if (info) return fromGateway(ctx, bin, info)
  }
  const hit = await findCard(ctx, bin)
  const bankPlans = hit?.bankId ? await cachedPlans(ctx, hit.bankId) : []
  const ownPlans = bankPlans.length > 0
  const plans = ownPlans ? bankPlans : await cachedPlans(ctx, null)
  return {
    bank: ownPlans && hit ? { id: hit.bankId, name: hit.bankName, logo: hit.bankLogo } : NO_BANK,
    network: hit?.network || null,
    cardType: hit?.cardType || null,
    issuer: hit?.issuer || null,
    plans: plansForCardType(plans, hit?.cardType),
  }
}

const NO_BANK = { id: null, name: null, logo: null }

async function gatewayBinInfo(ctx: BinContext, bin: string): Promise<BinInfo | null> {
  try {
    return await ctx.gateway!.binInfo(bin, GATEWAY_QUOTE_AMOUNT)
  } catch (err) {
    // The gateway is down or refused: the card form still gets our BIN table's answer.
    ctx.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'gateway BIN query failed')
    return null
  }
}

/**
 * Plans come from our table (their ids are what a payment names), the commission from iyzico: a count
 * iyzico does not offer for this card is dropped, one it offers that we have no plan for is not shown.
 */
async function fromGateway(ctx: BinContext, bin: string, info: BinInfo): Promise<CardLookup> {
  const hit = await findCard(ctx, bin)
  const bankId = hit?.bankId ?? bankForIssuer(info.issuer, await bankMatchers(ctx.db))
  const bankPlans = bankId ? await cachedPlans(ctx, bankId) : []
  const bank = bankPlans.length > 0 && bankId ? await bankById(ctx.db, bankId) : null
  const plans = bank ? bankPlans : await cachedPlans(ctx, null)
  const quoted = info.installments
    ? new Map(info.installments.map((i) => [i.installment, i.commissionFee]))
    : null
  const priced = plans.flatMap((plan): CardPlan[] => {
    if (!quoted) return [plan]
    const fee = quoted.get(plan.installment)
    return fee === undefined ? [] : [{ ...plan, commissionFee: fee }]
  })
  return {
    bank: bank ? { id: bank.id, name: bank.name, logo: bank.logo } : NO_BANK,
    network: info.network || null,
    cardType: info.cardType || null,
    issuer: info.issuer || null,
    plans: plansForCardType(priced, info.cardType),
  }
}

/** POST /api/catalog/bin-control's answer (spec/2 §7). */
export async function binControl(ctx: BinContext, bin: string): Promise<BinControlResponse> {
  const card = await lookupCard(ctx, bin)
  return {
    bank: {
      name: card.bank.name,
      logo: card.bank.logo,
      organization: cardOrganizationOf(card.network),
      cardType: card.cardType,
      issuer: card.issuer,
    },
    plans: card.plans.map((p) => ({
      id: p.id,
      installment: p.installment,
      commisionFee: Number(p.commissionFee),
      isDefault: p.isDefault,
    })),
  }
}
