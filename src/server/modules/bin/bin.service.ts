import type { BinControlResponse } from '../../../contracts/payments'
import { cardOrganizationOf, plansForCardType } from '../../../domain/installments'
import type { Caches } from '../../cache/caches'
import type { Db } from '../../db/client'
import type { BinInfo, PaymentGateway } from '../../integrations/payments/gateway'
import {
  allPlans,
  type BankInput,
  type BankRecord,
  type BinHit,
  bankById,
  bankMatchers,
  bankRecords,
  binCounts,
  binIssuers,
  binTableRows,
  deleteBankRow,
  deleteBinPrefixes,
  findBinRange,
  insertBank,
  loadBinTable,
  lockBank,
  type PlanInput,
  plansOf,
  replacePlans,
  type StoredPlan,
  setIssuersBank,
  unmatchedIssuers,
  updateBankRow,
  upsertBank,
  upsertBinRanges,
} from './bin.repository'
import { type BinDiff, type BinTableRow, diffBinTable } from './bin-diff'
import { type ParsedBinList, parseBinList, type SkipReason } from './bin-list'
import { bankForIssuer } from './issuer-match'

export { BinListFormatError } from './bin-list'
export type { BankInput, PlanInput, StoredPlan }

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
  return db.transaction((tx) => relinkIn(tx))
}

/** relinkBinBanks inside the caller's transaction (a bank's change and its rows' new bank commit together). */
async function relinkIn(tx: Db): Promise<number> {
  const matchers = await bankMatchers(tx)
  const byBank = new Map<number | null, string[]>()
  for (const issuer of await binIssuers(tx)) {
    const bankId = bankForIssuer(issuer, matchers)
    byBank.set(bankId, [...(byBank.get(bankId) ?? []), issuer])
  }
  let changed = 0
  for (const [bankId, issuers] of byBank) changed += await setIssuersBank(tx, issuers, bankId)
  return changed
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

// ---- the back office's payment setup (payments/payment-setup.service.ts) ------------------------
// Each write here runs in the caller's transaction, beside its audit record; the caller forgets the
// cached BIN tables after the commit (forgetBinCaches).

export type SetupBankRecord = BankRecord & { plans: StoredPlan[] }

/** Every bank in match order with its plans and BIN ranges, and the store's default plans. */
export async function bankSetup(db: Db): Promise<{ banks: SetupBankRecord[]; defaultPlans: StoredPlan[] }> {
  const plans = await allPlans(db)
  const of = (bankId: number | null) =>
    plans.filter((p) => p.bankId === bankId).map(({ bankId: _bank, ...plan }) => plan)
  const records = await bankRecords(db)
  return { banks: records.map((bank) => ({ ...bank, plans: of(bank.id) })), defaultPlans: of(null) }
}

/** A bank as the setup screen reads it, its row locked for the change; null when there is none. */
export async function lockSetupBank(tx: Db, id: number): Promise<SetupBankRecord | null> {
  const bank = await lockBank(tx, id)
  return bank ? { ...bank, plans: await plansOf(tx, id) } : null
}

/**
 * A new bank with its plans; its issuer words claim the BIN rows they match (the banks' order decides
 * between two). Null when the code is taken.
 */
export async function createBankIn(tx: Db, bank: BankInput & { plans: PlanInput[] }): Promise<number | null> {
  const { plans, ...fields } = bank
  const id = await insertBank(tx, fields)
  if (id === null) return null
  await replacePlans(tx, id, plans)
  await relinkIn(tx)
  return id
}

/** A bank's fields and plans as they are to be (a kept count keeps its plan id); its rows matched again. */
export async function updateBankIn(
  tx: Db,
  id: number,
  bank: Omit<BankInput, 'code'> & { plans: PlanInput[] },
): Promise<void> {
  const { plans, ...fields } = bank
  await updateBankRow(tx, id, fields)
  await replacePlans(tx, id, plans)
  await relinkIn(tx)
}

/** Deletes a bank with its plans; its BIN rows go to the next bank whose words match, or to none. */
export async function deleteBankIn(tx: Db, id: number): Promise<boolean> {
  if (!(await deleteBankRow(tx, id))) return false
  await relinkIn(tx)
  return true
}

/** The store's default plans, as they are to be. */
export async function saveDefaultPlansIn(tx: Db, plans: PlanInput[]): Promise<StoredPlan[]> {
  await replacePlans(tx, null, plans)
  return plansOf(tx, null)
}

/**
 * After a commit that changed banks, plans or BIN rows: this process and the others stop serving the
 * BIN table and the plans from memory (the list cache; its TTL is the safety net).
 */
export function forgetBinCaches(caches: Caches, bankIds: readonly (number | null)[]): void {
  caches.forget(
    { list: 'bin-table' },
    ...[...new Set([null, ...bankIds])].map((bankId) => ({ list: `installment-plans:${bankId ?? 'store'}` })),
  )
}

/** The BIN table as the setup screen summarises it. */
export async function binSummary(db: Db, unmatchedLimit = 10) {
  return { ...(await binCounts(db)), unmatchedIssuers: await unmatchedIssuers(db, unmatchedLimit) }
}

/** The lines of a file as the parser numbers them (a rejected line is shown with its text). */
const fileLines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)

export type BinListPlan = {
  parsed: ParsedBinList
  rows: BinTableRow[]
  diff: BinDiff
  /** A rejected line's text, by its number. */
  lineText: (line: number) => string
}

/**
 * What importing this list would do, written nowhere: its rows with their banks, and the diff against
 * the table as it is (added, changed, unchanged, and the rows it does not list: removed with
 * `replace`, else kept). A file not in the format throws BinListFormatError.
 */
export async function planBinList(db: Db, text: string, replace: boolean): Promise<BinListPlan> {
  const parsed = parseBinList(text)
  const matchers = await bankMatchers(db)
  const rows = parsed.rows.map((row) => ({ ...row, bankId: bankForIssuer(row.issuer, matchers) }))
  const current = new Map((await binTableRows(db)).map((row) => [row.prefix, row]))
  const lines = fileLines(text)
  return {
    parsed,
    rows,
    diff: diffBinTable(current, rows, replace),
    lineText: (line) => lines[line - 1] ?? '',
  }
}

/**
 * Imports the list in the caller's transaction: new prefixes added, changed ones updated (unchanged
 * rows are not written), and with `replace` the prefixes it does not list removed.
 */
export async function applyBinListIn(tx: Db, text: string, replace: boolean) {
  const plan = await planBinList(tx, text, replace)
  const written = await upsertBinRanges(tx, plan.rows)
  const removed = replace
    ? await deleteBinPrefixes(
        tx,
        plan.diff.changes.filter((c) => c.kind === 'removed').map((c) => c.row.prefix),
      )
    : 0
  return {
    added: written.inserted,
    changed: written.updated,
    removed,
    unchanged: plan.rows.length - written.inserted - written.updated,
    rows: plan.rows.length,
    withBank: plan.rows.filter((r) => r.bankId !== null).length,
  }
}
