import { createHash } from 'node:crypto'
import Big from 'big.js'
import type {
  BankCreate,
  BankUpdate,
  BinApplyResult,
  BinPreview,
  BinSummary,
  DefaultPlansBody,
  InstallmentInput,
  PlanCreate,
  PlanOrder,
  PlanPatch,
  SetupBank,
  SetupBankList,
  SetupInstallment,
  SetupPlan,
  SetupPlanList,
} from '../../../contracts/payment-setup'
import { type AuditValue, fieldChanges } from '../../../domain/audit'
import {
  installmentSetProblem,
  MAX_PAYMENT_PLANS,
  type PlanPriceName,
  parseCommission,
} from '../../../domain/payment-setup'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { MessageKey, MessageParams } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import {
  applyBinListIn,
  BinListFormatError,
  bankSetup,
  binSummary,
  createBankIn,
  deleteBankIn,
  forgetBinCaches,
  lockSetupBank,
  type PlanInput,
  planBinList,
  type SetupBankRecord,
  type StoredPlan,
  saveDefaultPlansIn,
  updateBankIn,
} from '../bin/bin.service'
import {
  createPlanIn,
  deletePlanIn,
  listPlanRecords,
  lockPlans,
  orderPlansIn,
  type PlanRecord,
  updatePlanIn,
} from '../store/payment-plans.service'
import { loadStoreSettings } from '../store/store.service'
import { loadTranslations, saveTranslations } from '../translations/translations.service'
import { paymentsPricingInPlan } from './payment-setup.repository'

/**
 * The back office's payment setup (docs/payments.md, "Payment setup"): payment plans, banks with their
 * installment plans, the store's default plans and the BIN list. Every write is one transaction with
 * its audit record. A payment in flight keeps its terms: its installment count, commission and total
 * are the intent's own from its start (payments.service.ts), so a commission changed here applies to
 * the payments started after it; a plan still pricing a started card payment keeps its price column
 * and card setting until that payment has held its order (payment-hold.ts prices the cart again).
 */

export type SetupEdit = { data: CachedDb; actor: StaffActor; now: Date }

type FieldError = { key: MessageKey; params?: MessageParams }

const invalid = (fields: Record<string, FieldError>) =>
  new AppError('validation', 'error.validation', undefined, 'validation', fields)

/** An update's record, unless it changed nothing (the same values sent again write no line). */
async function auditUpdate(
  tx: Db,
  edit: SetupEdit,
  entity: 'payment_plan' | 'bank',
  entityId: number | string,
  before: Record<string, AuditValue>,
  after: Record<string, AuditValue>,
) {
  if (fieldChanges(before, after).length === 0) return
  await recordAudit(tx, edit.actor, { entity, entityId, action: 'update', before, after }, edit.now)
}

// ---- payment plans ------------------------------------------------------------------------------

const priceNameOf = (value: string): PlanPriceName => value as PlanPriceName

function planView(record: PlanRecord, nameEn: string | null, pricing: Map<number, number>): SetupPlan {
  return {
    id: record.id,
    name: record.name,
    nameEn,
    priceName: priceNameOf(record.priceName),
    isVirtual: record.isVirtual,
    isDefault: record.isDefault,
    sortOrder: record.sortOrder,
    companies: record.companies,
    paymentsPricing: pricing.get(record.id) ?? 0,
  }
}

/** GET /yonetim/payment-setup/plans */
export async function listPlans(data: CachedDb, now: Date): Promise<SetupPlanList> {
  const [records, english, pricing, settings] = await Promise.all([
    listPlanRecords(data.db),
    loadTranslations(data, 'en'),
    paymentsPricingInPlan(data.db, now),
    loadStoreSettings(data),
  ])
  return {
    items: records.map((r) => planView(r, english.text('paymentPlan', r.id, '') || null, pricing)),
    plansOffered: settings.showPaymentPlanPrice,
  }
}

const planAudit = (plan: SetupPlan | null): Record<string, AuditValue> | null =>
  plan && {
    name: plan.name,
    nameEn: plan.nameEn,
    priceName: plan.priceName,
    isVirtual: plan.isVirtual,
    isDefault: plan.isDefault,
    sortOrder: plan.sortOrder,
  }

/** A plan as the screen shows it, read in the transaction that changed it. */
async function planIn(tx: Db, data: CachedDb, id: number, now: Date): Promise<SetupPlan> {
  const found = (await listPlans({ ...data, db: tx }, now)).items.find((p) => p.id === id)
  if (!found) throw notFound()
  return found
}

const saveEnglishName = (tx: Db, data: CachedDb, id: number, nameEn: string | null | undefined) =>
  nameEn === undefined
    ? Promise.resolve()
    : saveTranslations({ ...data, db: tx }, 'en', [
        { kind: 'paymentPlan', key: String(id), text: nameEn ?? '' },
      ])

/** POST /yonetim/payment-setup/plans: a new plan, last in the cart's order. */
export async function createPlan(edit: SetupEdit, body: PlanCreate): Promise<SetupPlan> {
  return edit.data.db.transaction(async (tx) => {
    const plans = await lockPlans(tx)
    if (plans.length >= MAX_PAYMENT_PLANS) {
      throw new AppError(
        'conflict',
        'paymentSetup.tooManyPlans',
        { max: MAX_PAYMENT_PLANS },
        'too_many_plans',
      )
    }
    const id = await createPlanIn(tx, {
      name: body.name,
      priceName: body.priceName,
      isVirtual: body.isVirtual ?? false,
      isDefault: body.isDefault ?? false,
    })
    await saveEnglishName(tx, edit.data, id, body.nameEn)
    const created = await planIn(tx, edit.data, id, edit.now)
    await recordAudit(
      tx,
      edit.actor,
      { entity: 'payment_plan', entityId: id, action: 'create', before: null, after: planAudit(created)! },
      edit.now,
    )
    return created
  })
}

/**
 * A plan that card payments started in will price again (pending or authorized: the hold prices the
 * cart in the plan before the bank takes the money) keeps what decides that price until they have
 * held their order: a change would refuse them at the bank's door.
 */
function refuseWhilePricing(plan: SetupPlan, fields: string[]) {
  if (plan.paymentsPricing === 0 || fields.length === 0) return
  const error = { key: 'paymentSetup.planInFlight', params: { n: plan.paymentsPricing } } as const
  throw new AppError(
    'conflict',
    'paymentSetup.planInFlight',
    { n: plan.paymentsPricing },
    'plan_in_flight',
    Object.fromEntries(fields.map((field) => [field, error])),
  )
}

/** PATCH /yonetim/payment-setup/plans/{id} */
export async function updatePlan(edit: SetupEdit, id: number, body: PlanPatch): Promise<SetupPlan> {
  return edit.data.db.transaction(async (tx) => {
    await lockPlans(tx)
    const before = await planIn(tx, edit.data, id, edit.now)
    const pricing = [
      ...(body.priceName !== undefined && body.priceName !== before.priceName ? ['priceName'] : []),
      ...(body.isVirtual !== undefined && body.isVirtual !== before.isVirtual ? ['isVirtual'] : []),
    ]
    refuseWhilePricing(before, pricing)
    await updatePlanIn(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.priceName !== undefined ? { priceName: body.priceName } : {}),
      ...(body.isVirtual !== undefined ? { isVirtual: body.isVirtual } : {}),
      ...(body.isDefault !== undefined ? { isDefault: body.isDefault } : {}),
    })
    await saveEnglishName(tx, edit.data, id, body.nameEn)
    const after = await planIn(tx, edit.data, id, edit.now)
    await auditUpdate(tx, edit, 'payment_plan', id, planAudit(before)!, planAudit(after)!)
    return after
  })
}

/** DELETE /yonetim/payment-setup/plans/{id}: companies naming it fall back to the store's default. */
export async function deletePlan(edit: SetupEdit, id: number): Promise<void> {
  await edit.data.db.transaction(async (tx) => {
    await lockPlans(tx)
    const before = await planIn(tx, edit.data, id, edit.now)
    refuseWhilePricing(before, ['plan'])
    await deletePlanIn(tx, id)
    await saveEnglishName(tx, edit.data, id, null)
    await recordAudit(
      tx,
      edit.actor,
      {
        entity: 'payment_plan',
        entityId: id,
        action: 'delete',
        before: planAudit(before),
        after: Object.fromEntries(Object.keys(planAudit(before)!).map((k) => [k, null])),
      },
      edit.now,
    )
  })
}

/** POST /yonetim/payment-setup/plans/order: every plan once, in the cart's new order. */
export async function orderPlans(edit: SetupEdit, body: PlanOrder): Promise<SetupPlanList> {
  await edit.data.db.transaction(async (tx) => {
    const plans = await lockPlans(tx)
    const known = new Set(plans.map((p) => p.id))
    if (
      body.ids.length !== plans.length ||
      new Set(body.ids).size !== body.ids.length ||
      !body.ids.every((id) => known.has(id))
    ) {
      throw new AppError('conflict', 'paymentSetup.planOrderMismatch', undefined, 'order_mismatch')
    }
    await orderPlansIn(tx, body.ids)
    const moved = body.ids.flatMap((id, sortOrder) => {
      const was = plans.find((p) => p.id === id)!
      return was.sortOrder === sortOrder ? [] : [{ id, was: was.sortOrder, sortOrder }]
    })
    for (const m of moved) {
      await recordAudit(
        tx,
        edit.actor,
        {
          entity: 'payment_plan',
          entityId: m.id,
          action: 'reorder',
          before: { sortOrder: m.was },
          after: { sortOrder: m.sortOrder },
        },
        edit.now,
      )
    }
  })
  return listPlans(edit.data, edit.now)
}

// ---- banks and installment plans ----------------------------------------------------------------

const installmentView = (plan: StoredPlan): SetupInstallment => ({
  id: plan.id,
  installment: plan.installment,
  commissionFee: new Big(plan.commissionFee).toFixed(2),
  isDefault: plan.isDefault,
})

const bankView = (bank: SetupBankRecord): SetupBank => ({
  id: bank.id,
  code: bank.code,
  name: bank.name,
  logo: bank.logo,
  issuerMatch: bank.issuerMatch,
  sortOrder: bank.sortOrder,
  binRanges: bank.binRanges,
  plans: bank.plans.map(installmentView),
})

/** GET /yonetim/payment-setup/banks */
export async function listBanks(data: CachedDb, gatewayQuotes: boolean): Promise<SetupBankList> {
  const [setup, settings] = await Promise.all([bankSetup(data.db), loadStoreSettings(data)])
  return {
    banks: setup.banks.map(bankView),
    defaultPlans: setup.defaultPlans.map(installmentView),
    installmentLimit: new Big(settings.installmentLimit).toFixed(2),
    gatewayQuotes,
  }
}

/**
 * An installment table as typed, checked: each commission a percent below 100 (its field says which
 * row: `plans.3.commissionFee`), each count once, one preselected at most, one row at least.
 */
function installmentPlans(rows: readonly InstallmentInput[], field = 'plans'): PlanInput[] {
  const fields: Record<string, FieldError> = {}
  const plans = rows.map((row, i): PlanInput => {
    const parsed = parseCommission(row.commissionFee)
    if (!parsed.ok) fields[`${field}.${i}.commissionFee`] = { key: 'paymentSetup.commission' }
    return {
      installment: row.installment,
      commissionFee: parsed.ok ? parsed.percent : '0',
      isDefault: row.isDefault,
    }
  })
  const problem = installmentSetProblem(plans)
  if (problem) {
    const keys = {
      none: 'paymentSetup.installmentNone',
      count: 'paymentSetup.installmentCount',
      repeated: 'paymentSetup.installmentRepeated',
      twoDefaults: 'paymentSetup.installmentTwoDefaults',
    } as const
    fields[field] = { key: keys[problem] }
  }
  if (Object.keys(fields).length > 0) throw invalid(fields)
  return [...plans].sort((a, b) => a.installment - b.installment)
}

/** An image address: https://… or a path of this site; anything else (javascript:, http:) is refused. */
function logoOf(typed: string | null | undefined): string | null {
  const logo = typed?.trim() || null
  if (logo === null) return null
  if (
    (/^https:\/\/[^\s"'<>]+$/.test(logo) || /^\/[^\s"'<>/][^\s"'<>]*$/.test(logo)) &&
    !logo.startsWith('//')
  )
    return logo
  throw invalid({ logo: { key: 'paymentSetup.logo' } })
}

const issuerWords = (words: readonly string[]) => [...new Set(words.map((w) => w.trim().toUpperCase()))]

/** What the trail keeps of a bank: its fields and its table as "count: percent" entries. */
const bankAudit = (bank: SetupBank | null): Record<string, AuditValue> | null =>
  bank && {
    code: bank.code,
    name: bank.name,
    logo: bank.logo,
    issuerMatch: bank.issuerMatch,
    sortOrder: bank.sortOrder,
    plans: installmentAudit(bank.plans),
  }

const installmentAudit = (plans: readonly SetupInstallment[]) =>
  plans.map((p) => `${p.installment}: %${p.commissionFee}${p.isDefault ? ' *' : ''}`)

async function bankIn(tx: Db, id: number): Promise<SetupBank> {
  const bank = (await bankSetup(tx)).banks.find((b) => b.id === id)
  if (!bank) throw notFound()
  return bankView(bank)
}

/** POST /yonetim/payment-setup/banks: a bank with its table; its issuer words claim their BIN rows. */
export async function createBank(edit: SetupEdit, body: BankCreate): Promise<SetupBank> {
  const plans = installmentPlans(body.plans)
  const logo = logoOf(body.logo)
  const created = await edit.data.db.transaction(async (tx) => {
    const id = await createBankIn(tx, {
      code: body.code,
      name: body.name,
      logo,
      issuerMatch: issuerWords(body.issuerMatch),
      sortOrder: body.sortOrder ?? (await bankSetup(tx)).banks.length,
      plans,
    })
    if (id === null) {
      throw new AppError('conflict', 'error.validation', undefined, 'code_taken', {
        code: { key: 'paymentSetup.bankCodeTaken', params: { code: body.code } },
      })
    }
    const bank = await bankIn(tx, id)
    await recordAudit(
      tx,
      edit.actor,
      { entity: 'bank', entityId: id, action: 'create', before: null, after: bankAudit(bank)! },
      edit.now,
    )
    return bank
  })
  forgetBinCaches(edit.data.caches, [created.id])
  return created
}

/**
 * PUT /yonetim/payment-setup/banks/{id}: the bank and its table as they are to be. A count kept keeps
 * its plan id; the payments already started keep the commission they started with (their intent's).
 */
export async function updateBank(edit: SetupEdit, id: number, body: BankUpdate): Promise<SetupBank> {
  const plans = installmentPlans(body.plans)
  const logo = logoOf(body.logo)
  const updated = await edit.data.db.transaction(async (tx) => {
    const locked = await lockSetupBank(tx, id)
    if (!locked) throw notFound()
    const before = bankView(locked)
    await updateBankIn(tx, id, {
      name: body.name,
      logo,
      issuerMatch: issuerWords(body.issuerMatch),
      sortOrder: body.sortOrder ?? before.sortOrder,
      plans,
    })
    const after = await bankIn(tx, id)
    await auditUpdate(tx, edit, 'bank', id, bankAudit(before)!, bankAudit(after)!)
    return after
  })
  forgetBinCaches(edit.data.caches, [id])
  return updated
}

/** DELETE /yonetim/payment-setup/banks/{id}: its cards get the store's default plans from then on. */
export async function deleteBank(edit: SetupEdit, id: number): Promise<void> {
  await edit.data.db.transaction(async (tx) => {
    const locked = await lockSetupBank(tx, id)
    if (!locked) throw notFound()
    const before = bankView(locked)
    await deleteBankIn(tx, id)
    await recordAudit(
      tx,
      edit.actor,
      {
        entity: 'bank',
        entityId: id,
        action: 'delete',
        before: bankAudit(before),
        after: Object.fromEntries(Object.keys(bankAudit(before)!).map((k) => [k, null])),
      },
      edit.now,
    )
  })
  forgetBinCaches(edit.data.caches, [id])
}

/** PUT /yonetim/payment-setup/default-plans: what a card of a bank without plans is offered. */
export async function saveDefaultPlans(edit: SetupEdit, body: DefaultPlansBody): Promise<SetupInstallment[]> {
  const plans = installmentPlans(body.plans)
  const saved = await edit.data.db.transaction(async (tx) => {
    const before = (await bankSetup(tx)).defaultPlans.map(installmentView)
    const after = (await saveDefaultPlansIn(tx, plans)).map(installmentView)
    await auditUpdate(
      tx,
      edit,
      'bank',
      'default',
      { plans: installmentAudit(before) },
      { plans: installmentAudit(after) },
    )
    return after
  })
  forgetBinCaches(edit.data.caches, [])
  return saved
}

// ---- the BIN list -------------------------------------------------------------------------------

/** GET /yonetim/payment-setup/bin */
export const getBinSummary = (db: Db): Promise<BinSummary> => binSummary(db)

/**
 * The file's text: UTF-8 (with or without its byte-order mark), else Windows-1254, the Turkish code
 * page a spreadsheet saves "CSV" in, so İ, Ş and Ğ in an issuer's name arrive as they were.
 */
function fileText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1254').decode(bytes)
  }
}

export const binDigest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function readBinFile(bytes: Uint8Array, maxBytes: number): string {
  if (bytes.byteLength === 0) throw invalid({ file: { key: 'paymentSetup.binFileRequired' } })
  if (bytes.byteLength > maxBytes) {
    throw invalid({ file: { key: 'paymentSetup.binFileTooLarge', params: { mb: maxBytes / 1024 / 1024 } } })
  }
  return fileText(bytes)
}

const formatRefused = () => invalid({ file: { key: 'paymentSetup.binFormat' } })

const LIMITS = { changes: 10, rejected: 20, issuers: 10 }

/** POST /yonetim/payment-setup/bin/preview: what importing the file would do; nothing is written. */
export async function previewBin(
  db: Db,
  form: { file: Uint8Array; replace: boolean },
  maxBytes: number,
): Promise<BinPreview> {
  const text = readBinFile(form.file, maxBytes)
  let plan: Awaited<ReturnType<typeof planBinList>>
  try {
    plan = await planBinList(db, text, form.replace)
  } catch (err) {
    if (err instanceof BinListFormatError) throw formatRefused()
    throw err
  }
  const { parsed, rows, diff } = plan
  if (rows.length === 0 && parsed.skipped.length === 0)
    throw invalid({ file: { key: 'paymentSetup.binEmpty' } })
  const banks = new Map((await bankSetup(db)).banks.map((b) => [b.id, b.name]))
  const bankName = (id: number | null) => (id === null ? null : (banks.get(id) ?? null))
  const perBank = new Map<number, number>()
  const unmatched = new Map<string, number>()
  for (const row of rows) {
    if (row.bankId !== null) perBank.set(row.bankId, (perBank.get(row.bankId) ?? 0) + 1)
    else unmatched.set(row.issuer, (unmatched.get(row.issuer) ?? 0) + 1)
  }
  const byCount = <K>(map: Map<K, number>) => [...map.entries()].sort((a, b) => b[1] - a[1])
  const firstOf = (kind: 'added' | 'changed' | 'removed') =>
    diff.changes.filter((c) => c.kind === kind).slice(0, LIMITS.changes)
  return {
    digest: binDigest(form.file),
    replace: form.replace,
    lines: parsed.lines,
    rows: rows.length,
    duplicates: parsed.duplicates,
    added: diff.added,
    changed: diff.changed,
    unchanged: diff.unchanged,
    removed: form.replace ? diff.missing : 0,
    kept: form.replace ? 0 : diff.missing,
    matched: rows.filter((r) => r.bankId !== null).length,
    unmatched: rows.filter((r) => r.bankId === null).length,
    banks: byCount(perBank).map(([id, ranges]) => ({ id, name: bankName(id) ?? '', ranges })),
    unmatchedIssuers: byCount(unmatched)
      .slice(0, LIMITS.issuers)
      .map(([issuer, ranges]) => ({ issuer, ranges })),
    rejected: parsed.skipped.length,
    rejectedLines: parsed.skipped.slice(0, LIMITS.rejected).map((s) => ({
      line: s.line,
      reason: s.reason,
      text: plan.lineText(s.line).slice(0, 120),
    })),
    changes: [...firstOf('added'), ...firstOf('changed'), ...firstOf('removed')].map((c) => ({
      prefix: c.row.prefix,
      kind: c.kind,
      network: c.row.network,
      cardType: c.row.cardType,
      issuer: c.row.issuer,
      bank: bankName(c.row.bankId),
      before:
        c.kind === 'changed'
          ? {
              network: c.before.network,
              cardType: c.before.cardType,
              issuer: c.before.issuer,
              bank: bankName(c.before.bankId),
            }
          : null,
    })),
  }
}

/**
 * POST /yonetim/payment-setup/bin/apply: the previewed file imported in one transaction (its digest
 * must be the preview's), audited as its counts; the cached BIN tables are forgotten after the commit.
 */
export async function applyBin(
  edit: SetupEdit,
  form: { file: Uint8Array; replace: boolean; digest: string },
  maxBytes: number,
): Promise<BinApplyResult> {
  const text = readBinFile(form.file, maxBytes)
  if (binDigest(form.file) !== form.digest) {
    throw new AppError('conflict', 'paymentSetup.binChanged', undefined, 'digest_mismatch')
  }
  let result: Awaited<ReturnType<typeof applyBinListIn>>
  try {
    result = await edit.data.db.transaction(async (tx) => {
      const before = await binSummary(tx, 0)
      const written = await applyBinListIn(tx, text, form.replace)
      const after = await binSummary(tx, 0)
      await recordAudit(
        tx,
        edit.actor,
        {
          entity: 'bin_list',
          entityId: form.digest.slice(0, 16),
          action: form.replace ? 'replace' : 'import',
          before: { ranges: before.ranges, withBank: before.withBank },
          after: {
            ranges: after.ranges,
            withBank: after.withBank,
            added: written.added,
            changed: written.changed,
            removed: written.removed,
          },
        },
        edit.now,
      )
      return written
    })
  } catch (err) {
    if (err instanceof BinListFormatError) throw formatRefused()
    throw err
  }
  forgetBinCaches(edit.data.caches, [])
  return {
    added: result.added,
    changed: result.changed,
    removed: result.removed,
    unchanged: result.unchanged,
    summary: await binSummary(edit.data.db),
  }
}
