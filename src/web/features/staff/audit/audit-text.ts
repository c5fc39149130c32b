import type { TFunction } from 'i18next'
import type { AuditRow } from '../../../../contracts/audit'
import type { AuditEntity, AuditValue } from '../../../../domain/audit'

/** Where each entity's status values have their words already (the screens that show them). */
const STATUS_WORDS: Partial<Record<AuditEntity, string>> = {
  order: 'orders.status',
  offer: 'staffOffers.status',
  fault_report: 'faultReport.status',
  payment: 'staffPayments.payments.status',
  mail: 'staff.mail.status',
}

const A = 'staffAudit'

/** A label from the translations, or the raw name when none is written for it (a new field). */
function labelOr(t: TFunction, key: string, raw: string): string {
  const text = t(key, { defaultValue: '' })
  return text || raw
}

export const entityLabel = (t: TFunction, entity: string) => labelOr(t, `${A}.entity.${entity}`, entity)
export const actionLabel = (t: TFunction, action: string) => labelOr(t, `${A}.action.${action}`, action)
export const fieldLabel = (t: TFunction, field: string) => labelOr(t, `${A}.field.${field}`, field)

/**
 * How days and amounts are written in the reader's language (lib/dates, domain/money-format), and a
 * payment plan's name by its id (the store's plans, in the reader's language).
 */
export type ValueFormats = {
  day: (isoDay: string) => string
  amount: (decimal: string) => string
  paymentPlan: (id: number) => string
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/
/** Fields that record an amount of money (in TRY, as the ledger and the risk limit keep it). */
const AMOUNT_FIELDS = new Set(['amount', 'riskLimit'])
const DECIMAL = /^-?\d+(\.\d+)?$/

/**
 * A recorded value as a person reads it: statuses and staff roles in words, days and amounts in the
 * reader's format, a payment plan by its name, lists joined, nothing as a dash.
 */
export function valueText(
  t: TFunction,
  formats: ValueFormats,
  entity: AuditEntity,
  field: string,
  value: AuditValue,
): string {
  if (value === null || value === '') return '—'
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ')
  if (typeof value === 'boolean') return t(value ? `${A}.yes` : `${A}.no`)
  const words = STATUS_WORDS[entity]
  if (field === 'status' && words && typeof value === 'string') return labelOr(t, `${words}.${value}`, value)
  // A staff user's role, in the words of the staff users' screen.
  if (entity === 'user' && field === 'role' && typeof value === 'string')
    return labelOr(t, `staffUsers.roles.${value}`, value)
  if (field === 'date' && typeof value === 'string' && ISO_DAY.test(value)) return formats.day(value)
  if (field === 'defaultPaymentPlanId' && typeof value === 'number') return formats.paymentPlan(value)
  if (AMOUNT_FIELDS.has(field) && typeof value === 'string' && DECIMAL.test(value))
    return formats.amount(value)
  return String(value)
}

/** One change as a line: "Durum: Yeni → Hazırlanıyor". */
export function changeLine(
  t: TFunction,
  formats: ValueFormats,
  row: Pick<AuditRow, 'entity'>,
  change: AuditRow['changes'][number],
): string {
  return t(`${A}.change`, {
    field: fieldLabel(t, change.field),
    old: valueText(t, formats, row.entity, change.field, change.old),
    new: valueText(t, formats, row.entity, change.field, change.new),
  })
}

/** The record a row is about: "Sipariş 300", or a setting by its name ("Mağaza ayarı: Bildirim e-postaları"). */
export function recordText(t: TFunction, row: Pick<AuditRow, 'entity' | 'entityId'>): string {
  if (row.entity === 'store_setting') {
    return t(`${A}.settingRecord`, { name: labelOr(t, `${A}.setting.${row.entityId}`, row.entityId) })
  }
  return `${entityLabel(t, row.entity)} ${row.entityId}`
}
