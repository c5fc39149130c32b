import type { CustomerRow } from '../../../contracts/integration-sync'
import type { AuditValue } from '../../../domain/audit'
import { type RowOutcome, rejected, sameDecimal } from '../../../domain/bulk-upsert'
import type { Db } from '../../db/client'
import { type AuditActor, type AuditRecord, recordAudits } from '../audit/audit.service'
import {
  type BranchRecord,
  type BranchWrite,
  branchRecordsOf,
  type CompanyRecord,
  type CompanyWrite,
  companyIdsByCode,
  companyRecordsByCode,
  insertBranches,
  insertCompanies,
  updateBranches,
  updateCompanies,
} from './customers-sync.repository'

/**
 * The ERP's dealer companies (docs/integration.md, "customers"), keyed by the company code: the
 * company's details and terms, and its branches by the ERP's branch code. Fields a row leaves out keep
 * their stored values (a new company takes the same defaults as the table); branches not listed stay.
 * The terms mean what they mean on the staff screen (0 risk limit: none, 1: ordering blocked), apply
 * from the dealer's next request, and each change is in the audit trail as staff's are (`customer`,
 * `branch`), with the key as the author.
 */

/** Companies by the ERP's code, for the other resources that name a company (users, ledger, serials). */
export async function companiesByCode(
  db: Db,
  codes: readonly string[],
): Promise<Map<string, { id: number; paymentTermDays: number }>> {
  const unique = [...new Set(codes)]
  if (unique.length === 0) return new Map()
  return new Map(
    (await companyIdsByCode(db, unique)).map((c) => [
      c.code,
      { id: c.id, paymentTermDays: c.payment_term_days },
    ]),
  )
}

const TEXT_FIELDS = ['tax_office', 'tax_number', 'email', 'phone', 'address', 'town', 'city'] as const

/** The audit trail's names of the columns (those of the staff screen where there is one). */
const AUDIT_NAMES: Record<Exclude<keyof CompanyRecord, 'id'>, string> = {
  code: 'code',
  name: 'name',
  tax_office: 'taxOffice',
  tax_number: 'taxNumber',
  email: 'email',
  phone: 'phone',
  address: 'address',
  town: 'town',
  city: 'city',
  profit_percent: 'profitPercent',
  risk_limit: 'riskLimit',
  payment_term_days: 'paymentTermDays',
  is_active: 'active',
}

function companyTarget(row: CustomerRow, was: CompanyRecord | undefined): CompanyWrite {
  const keep = <K extends keyof CompanyRecord>(
    sent: CompanyRecord[K] | undefined,
    key: K,
    fallback: CompanyRecord[K],
  ) => (sent !== undefined ? sent : was ? was[key] : fallback)
  const sentText: Record<(typeof TEXT_FIELDS)[number], string | null | undefined> = {
    tax_office: row.taxOffice,
    tax_number: row.taxNumber,
    email: row.email,
    phone: row.phone,
    address: row.address,
    town: row.town,
    city: row.city,
  }
  const text = Object.fromEntries(
    TEXT_FIELDS.map((f) => {
      const sent = sentText[f]
      // An empty text is no value, as the staff screen stores it.
      return [f, keep(sent === undefined ? undefined : sent || null, f, null)]
    }),
  ) as Pick<CompanyRecord, (typeof TEXT_FIELDS)[number]>
  return {
    code: row.code,
    name: row.name,
    ...text,
    profit_percent: keep(row.profitPercent, 'profit_percent', '0'),
    risk_limit: keep(row.riskLimit, 'risk_limit', '0'),
    payment_term_days: keep(row.paymentTermDays, 'payment_term_days', 0),
    is_active: keep(row.isActive, 'is_active', true),
  }
}

/** The fields of the company that differ from what is stored, by their audit names. */
function companyChanges(was: CompanyRecord | undefined, target: CompanyWrite) {
  const before: Record<string, AuditValue> = {}
  const after: Record<string, AuditValue> = {}
  for (const [column, field] of Object.entries(AUDIT_NAMES) as [keyof typeof AUDIT_NAMES, string][]) {
    const old = was ? was[column] : null
    const value = target[column]
    const same =
      column === 'profit_percent' || column === 'risk_limit'
        ? sameDecimal(old as string | null, value as string)
        : (old ?? null) === (value ?? null)
    if (same && was) continue
    before[field] = old
    after[field] = value
  }
  return { before, after, changed: Object.keys(after).length > 0 }
}

export async function upsertCustomers(
  tx: Db,
  rows: readonly CustomerRow[],
  actor: AuditActor,
  now: Date,
): Promise<RowOutcome[]> {
  const stored = new Map(
    (
      await companyRecordsByCode(
        tx,
        rows.map((r) => r.code),
      )
    ).map((c) => [c.code, c]),
  )
  const outcomes: RowOutcome[] = new Array(rows.length)
  const inserts: CompanyWrite[] = []
  const updates: CompanyWrite[] = []
  const audits: AuditRecord[] = []
  const pendingAudits: { code: string; before: null; after: Record<string, AuditValue> }[] = []
  rows.forEach((row, i) => {
    const branchCodes = (row.branches ?? []).map((b) => b.code)
    const repeat = branchCodes.findIndex((c, at) => branchCodes.indexOf(c) !== at)
    if (repeat >= 0) {
      outcomes[i] = rejected(`branches.${repeat}.code`, 'duplicate_in_batch', branchCodes[repeat])
      return
    }
    const was = stored.get(row.code)
    const target = companyTarget(row, was)
    const { before, after, changed } = companyChanges(was, target)
    if (!was) {
      inserts.push(target)
      pendingAudits.push({ code: row.code, before: null, after })
      outcomes[i] = { status: 'created' }
    } else if (changed) {
      updates.push({ ...target, id: was.id })
      audits.push({ entity: 'customer', entityId: was.id, action: 'update', before, after })
      outcomes[i] = { status: 'updated' }
    } else outcomes[i] = { status: 'unchanged' }
  })
  const created = await insertCompanies(tx, inserts)
  await updateCompanies(tx, updates)
  for (const p of pendingAudits) {
    audits.push({
      entity: 'customer',
      entityId: created.get(p.code)!,
      action: 'create',
      before: null,
      after: p.after,
    })
  }

  const companyId = (code: string) => stored.get(code)?.id ?? created.get(code)
  const withBranches = rows.filter((r, i) => r.branches?.length && outcomes[i]!.status !== 'rejected')
  const branchesOf = new Map<string, BranchRecord>()
  const storedIds = withBranches
    .map((r) => stored.get(r.code)?.id)
    .filter((id): id is number => id !== undefined)
  if (storedIds.length > 0) {
    for (const b of await branchRecordsOf(tx, storedIds))
      if (b.code) branchesOf.set(`${b.customer_id}:${b.code}`, b)
  }
  const branchInserts: BranchWrite[] = []
  const branchUpdates: (BranchWrite & { id: number })[] = []
  const branchAudits: { write: BranchWrite; before: Record<string, AuditValue> | null }[] = []
  for (const row of withBranches) {
    const customerId = companyId(row.code)!
    let changed = false
    for (const branch of row.branches!) {
      const was = branchesOf.get(`${customerId}:${branch.code}`)
      const address = branch.address === undefined ? (was?.address ?? null) : branch.address || null
      const target: BranchWrite = {
        customer_id: customerId,
        code: branch.code,
        name: branch.name,
        address,
        is_active: branch.isActive ?? was?.is_active ?? true,
      }
      if (
        was &&
        was.name === target.name &&
        was.address === target.address &&
        was.is_active === target.is_active
      )
        continue
      changed = true
      if (was) {
        branchUpdates.push({ ...target, id: was.id })
        branchAudits.push({
          write: { ...target, id: was.id } as BranchWrite,
          before: { name: was.name, address: was.address ?? '', active: was.is_active },
        })
      } else {
        branchInserts.push(target)
        branchAudits.push({ write: target, before: null })
      }
    }
    const at = rows.indexOf(row)
    if (changed && outcomes[at]!.status === 'unchanged') outcomes[at] = { status: 'updated' }
  }
  const newIds = await insertBranches(tx, branchInserts)
  newIds.forEach((id, n) => {
    branchInserts[n]!.id = id
  })
  await updateBranches(tx, branchUpdates)
  for (const { write, before } of branchAudits) {
    audits.push({
      entity: 'branch',
      entityId: write.id!,
      action: before ? 'update' : 'create',
      before,
      after: {
        ...(before ? {} : { customerId: write.customer_id, code: write.code }),
        name: write.name,
        address: before ? (write.address ?? '') : write.address,
        active: write.is_active,
      },
    })
  }
  await recordAudits(tx, actor, audits, now)
  return outcomes
}
