import type { StaffArea } from './staff-access'

/**
 * The audit trail's rules: what staff (and, later, integration keys) change is recorded as the
 * fields that changed, each with its value before and after. A created thing has no "before"
 * (every field's old value is null); a field whose value did not change is left out.
 */

/** The kinds of thing the trail records changes of. */
export const AUDIT_ENTITIES = [
  'order',
  'offer',
  'bank_transfer',
  'payment',
  'fault_report',
  'mail',
  'store_setting',
  'customer',
  'branch',
  'user',
  'api_key',
  /** An ERP invoice (its PDF uploaded; the invoices themselves come with the bulk write's record). */
  'invoice',
  /** A bulk write of the ERP (one record per call or job batch: counts and the codes changed). */
  'sync',
  /** A product edited in the back office (its fields, units, stock and English name). */
  'product',
  /** Categories, brands (with their models) and warehouses kept in the back office. */
  'category',
  'brand',
  'warehouse',
  /** A home-page campaign (its fields and products), or their order ('order'). */
  'campaign',
  'webhook_endpoint',
  'webhook_delivery',
  /** The back office's payment setup: a payment plan, a bank with its installments, a BIN list import, the virtual POS. */
  'payment_plan',
  'bank',
  'bin_list',
  'payment_gateway',
] as const
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]

export function isAuditEntity(value: unknown): value is AuditEntity {
  return typeof value === 'string' && (AUDIT_ENTITIES as readonly string[]).includes(value)
}

/**
 * The back-office area each kind of record belongs to (staff-access.ts): whoever may read the area
 * may read the history of its records on their own pages, so a sales user reads an order's history
 * without the system area that opens the whole trail.
 */
export const AUDIT_ENTITY_AREAS: Readonly<Record<AuditEntity, StaffArea>> = {
  order: 'sales',
  offer: 'sales',
  fault_report: 'sales',
  customer: 'customers',
  branch: 'customers',
  user: 'customers',
  bank_transfer: 'payments',
  payment: 'payments',
  mail: 'system',
  store_setting: 'system',
  api_key: 'system',
  invoice: 'customers',
  sync: 'system',
  product: 'catalogue',
  category: 'catalogue',
  brand: 'catalogue',
  warehouse: 'catalogue',
  campaign: 'catalogue',
  webhook_endpoint: 'system',
  webhook_delivery: 'system',
  payment_plan: 'payments',
  bank: 'payments',
  bin_list: 'payments',
  payment_gateway: 'payments',
}

/** A recorded value: what a field held, as JSON keeps it. */
export type AuditValue = string | number | boolean | null | string[]

export type AuditChange = { field: string; old: AuditValue; new: AuditValue }

const same = (a: AuditValue, b: AuditValue) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The changes from `before` to `after`, in `after`'s field order: each field of `after` whose value
 * differs from `before`'s (a missing field, or no `before` at all, reads as null). Values are
 * compared as JSON, so two equal lists are the same value.
 */
export function fieldChanges(
  before: Readonly<Record<string, AuditValue>> | null,
  after: Readonly<Record<string, AuditValue>>,
): AuditChange[] {
  const changes: AuditChange[] = []
  for (const [field, value] of Object.entries(after)) {
    const old = before?.[field] ?? null
    if (!same(old, value)) changes.push({ field, old, new: value })
  }
  return changes
}
