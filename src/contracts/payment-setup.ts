import { z } from 'zod'
import { INSTALLMENT_ROWS } from '../domain/installments'
import { GATEWAY_KEY_MAX, MAX_PAYMENT_PLANS, PLAN_PRICE_NAMES } from '../domain/payment-setup'
import { dbId, dbIdFromText, inputText } from './common'

/**
 * The back office's payment setup (`/yonetim/payment-setup/…`, area payments: the owner and
 * accounting write, the others read): payment plans, banks with their installment plans, the BIN
 * list, and the virtual POS with its keys (write-only: never answered, only when they were set and
 * how they end).
 */

export const setupIdParamsSchema = z.object({ id: dbIdFromText })

// ---- payment plans ------------------------------------------------------------------------------

export const planPriceNameSchema = z.enum(PLAN_PRICE_NAMES)

export const setupPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The English name (translations, kind paymentPlan); null: English readers see the Turkish one. */
  nameEn: z.string().nullable(),
  priceName: planPriceNameSchema,
  /** Paid by card through the payment step (the cart's pay button) instead of ordered on account. */
  isVirtual: z.boolean(),
  isDefault: z.boolean(),
  sortOrder: z.number(),
  /** Dealer companies whose own default plan this is. */
  companies: z.number(),
  /** Card payments started in it that will price the cart again: its price and card setting wait for them. */
  paymentsPricing: z.number(),
})
export type SetupPlan = z.infer<typeof setupPlanSchema>

export const setupPlanListSchema = z.object({
  items: z.array(setupPlanSchema),
  /** The store setting showPaymentPlanPrice: dealers choose a plan only when it is on. */
  plansOffered: z.boolean(),
})
export type SetupPlanList = z.infer<typeof setupPlanListSchema>

const planName = () => inputText().trim().min(1).max(100)
/** Blank or null removes the English name. */
const planNameEn = () => inputText().trim().max(100).nullable().optional()

export const planCreateSchema = z.strictObject({
  name: planName(),
  nameEn: planNameEn(),
  priceName: planPriceNameSchema,
  isVirtual: z.boolean().optional(),
  isDefault: z.boolean().optional(),
})
export type PlanCreate = z.infer<typeof planCreateSchema>

export const planPatchSchema = z.strictObject({
  name: planName().optional(),
  nameEn: planNameEn(),
  priceName: planPriceNameSchema.optional(),
  isVirtual: z.boolean().optional(),
  isDefault: z.boolean().optional(),
})
export type PlanPatch = z.infer<typeof planPatchSchema>

/** The plans in their new order (every plan once): the order the cart lists them in. */
export const planOrderSchema = z.strictObject({ ids: z.array(dbId).min(1).max(MAX_PAYMENT_PLANS) })
export type PlanOrder = z.infer<typeof planOrderSchema>

// ---- banks and installments ---------------------------------------------------------------------

export const setupInstallmentSchema = z.object({
  id: z.number(),
  installment: z.number(),
  /** Percent, 2 decimals ('3.30'). */
  commissionFee: z.string(),
  isDefault: z.boolean(),
})
export type SetupInstallment = z.infer<typeof setupInstallmentSchema>

export const setupBankSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  /** Words a BIN row's issuer contains to belong to this bank ('GARANTI', 'YAPI KREDI'). */
  issuerMatch: z.array(z.string()),
  sortOrder: z.number(),
  /** BIN ranges pointing at it. */
  binRanges: z.number(),
  plans: z.array(setupInstallmentSchema),
})
export type SetupBank = z.infer<typeof setupBankSchema>

export const setupBankListSchema = z.object({
  banks: z.array(setupBankSchema),
  /** What a card of a bank without plans, or an unknown card, is offered. */
  defaultPlans: z.array(setupInstallmentSchema),
  /** installmentLimit (settings screen): the tables show only above this amount, TRY, '0.00' when unset. */
  installmentLimit: z.string(),
  /** iyzico is the gateway: its commission replaces these percents at checkout (which counts it offers, too). */
  gatewayQuotes: z.boolean(),
})
export type SetupBankList = z.infer<typeof setupBankListSchema>

/** A row of an installment table: a count 1–12, its commission as typed ('3,25'), whether preselected. */
export const installmentInputSchema = z.strictObject({
  installment: z.number().int().min(1).max(INSTALLMENT_ROWS),
  commissionFee: z.union([inputText().max(20), z.number()]),
  isDefault: z.boolean(),
})
export type InstallmentInput = z.infer<typeof installmentInputSchema>

const installmentRows = () => z.array(installmentInputSchema).max(INSTALLMENT_ROWS)

const bankFields = {
  name: inputText().trim().min(1).max(100),
  /** An image address: https://… or a path of this site (/…); blank or null: none. */
  logo: inputText().trim().max(200).nullable().optional(),
  issuerMatch: z.array(inputText().trim().min(2).max(60)).max(10),
  sortOrder: z.number().int().min(0).max(10_000).optional(),
  plans: installmentRows(),
}

export const bankCreateSchema = z.strictObject({
  code: inputText()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'code'),
  ...bankFields,
})
export type BankCreate = z.infer<typeof bankCreateSchema>

/** PUT /yonetim/payment-setup/banks/{id}: the bank as it is to be (its code stays). */
export const bankUpdateSchema = z.strictObject(bankFields)
export type BankUpdate = z.infer<typeof bankUpdateSchema>

export const defaultPlansBodySchema = z.strictObject({ plans: installmentRows() })
export type DefaultPlansBody = z.infer<typeof defaultPlansBodySchema>

// ---- the BIN list -------------------------------------------------------------------------------

/** The largest BIN list file taken (the whole Turkish list is about 300 kB). */
export const BIN_LIST_MAX_BYTES = 5 * 1024 * 1024

export const binBankCountSchema = z.object({ id: z.number(), name: z.string(), ranges: z.number() })
export const binIssuerCountSchema = z.object({ issuer: z.string(), ranges: z.number() })

export const binSummarySchema = z.object({
  ranges: z.number(),
  withBank: z.number(),
  banks: z.array(binBankCountSchema),
  /** The issuers with the most ranges that match no bank (at most 10). */
  unmatchedIssuers: z.array(binIssuerCountSchema),
})
export type BinSummary = z.infer<typeof binSummarySchema>

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true')

/** Multipart: the file, and whether prefixes missing from it are removed (else kept). */
export const binUploadFormSchema = z.strictObject({
  file: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })
    .meta({ type: 'string', format: 'binary', description: 'BIN;Network;Type;Category;Issuer, ; separated' }),
  replace: flag,
})

/** Applying also names the preview's digest: what is written is the file that was previewed. */
export const binApplyFormSchema = binUploadFormSchema.extend({ digest: inputText().regex(/^[0-9a-f]{64}$/) })

export const binRejectReasons = ['bin', 'fields', 'tooLong'] as const

export const binChangeSchema = z.object({
  prefix: z.string(),
  kind: z.enum(['added', 'changed', 'removed']),
  network: z.string(),
  cardType: z.string(),
  issuer: z.string(),
  /** The bank it points at after the import (before, for a removed one). */
  bank: z.string().nullable(),
  /** A changed row: what it was. */
  before: z
    .object({ network: z.string(), cardType: z.string(), issuer: z.string(), bank: z.string().nullable() })
    .nullable(),
})

export const binPreviewSchema = z.object({
  /** SHA-256 of the file: applying names it. */
  digest: z.string(),
  replace: z.boolean(),
  /** Data lines read, rows kept (one per prefix), lines naming a prefix again. */
  lines: z.number(),
  rows: z.number(),
  duplicates: z.number(),
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  /** Prefixes of the table missing from the file: removed with `replace`, else kept. */
  removed: z.number(),
  kept: z.number(),
  /** The file's rows that point at one of the store's banks, and those that do not. */
  matched: z.number(),
  unmatched: z.number(),
  banks: z.array(binBankCountSchema),
  unmatchedIssuers: z.array(binIssuerCountSchema),
  rejected: z.number(),
  /** The first rejected lines (at most 20), with why. */
  rejectedLines: z.array(z.object({ line: z.number(), reason: z.enum(binRejectReasons), text: z.string() })),
  /** The first changes of each kind (at most 10 each). */
  changes: z.array(binChangeSchema),
})
export type BinPreview = z.infer<typeof binPreviewSchema>

export const binApplyResultSchema = z.object({
  added: z.number(),
  changed: z.number(),
  removed: z.number(),
  unchanged: z.number(),
  summary: binSummarySchema,
})
export type BinApplyResult = z.infer<typeof binApplyResultSchema>

// ---- the virtual POS ----------------------------------------------------------------------------

export const gatewayNames = ['sandbox', 'iyzico'] as const
export const gatewayNameSchema = z.enum(gatewayNames)
export type GatewayName = z.infer<typeof gatewayNameSchema>

/** A stored key as the screen sees it: never its value. */
export const storedKeySchema = z.object({
  setAt: z.string(),
  /** Its last four characters ('' for a key too short to show any). */
  endsWith: z.string(),
})

export const paymentGatewayViewSchema = z.object({
  /** 'environment': PAYMENT_GATEWAY names it (shown here, changed only there); 'stored': this screen. */
  source: z.enum(['environment', 'stored']),
  /** What a payment started now goes through; null: none (card payments are refused until one is chosen). */
  active: z.object({ gateway: gatewayNameSchema, baseUrl: z.string().nullable() }).nullable(),
  stored: z
    .object({
      gateway: gatewayNameSchema,
      baseUrl: z.string().nullable(),
      apiKey: storedKeySchema.nullable(),
      secretKey: storedKeySchema.nullable(),
      /** The keys open with the server's key (false: the key changed since; type them again). */
      keysReadable: z.boolean(),
      updatedAt: z.string(),
      updatedBy: z.string().nullable(),
    })
    .nullable(),
  /** The gateways this screen may choose: the sandbox only on a development or test server. */
  choices: z.array(gatewayNameSchema),
  /** iyzico's addresses this screen may choose. */
  baseUrls: z.array(z.string()),
  /** Where the key that seals stored keys comes from; 'missing': keys cannot be stored. */
  secretsKey: z.enum(['environment', 'derived', 'missing']),
  /** Card payments on their way now: each goes on with the gateway it started with. */
  paymentsInFlight: z.number(),
})
export type PaymentGatewayView = z.infer<typeof paymentGatewayViewSchema>

const gatewayKey = () => inputText().trim().max(GATEWAY_KEY_MAX).optional()

/**
 * PUT /yonetim/payment-setup/gateway. A key left out or blank keeps the stored one; switching to the
 * sandbox keeps the stored keys unless `clearKeys`.
 */
export const paymentGatewayBodySchema = z.strictObject({
  gateway: gatewayNameSchema,
  baseUrl: inputText().trim().max(200).optional(),
  apiKey: gatewayKey(),
  secretKey: gatewayKey(),
  clearKeys: z.boolean().optional(),
})
export type PaymentGatewayBody = z.infer<typeof paymentGatewayBodySchema>
