import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/**
 * The SQL of the ERP's dealer company upserts: a batch's companies and branches read in two
 * statements and written in a few, the rows travelling as one JSON parameter (jsonb_to_recordset).
 */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

/** A company as the upsert compares it: every column the ERP writes. */
export type CompanyRecord = {
  id: number
  code: string
  name: string
  tax_office: string | null
  tax_number: string | null
  email: string | null
  phone: string | null
  address: string | null
  town: string | null
  city: string | null
  profit_percent: string
  risk_limit: string
  payment_term_days: number
  is_active: boolean
}

export type CompanyWrite = Omit<CompanyRecord, 'id'> & { id?: number }

const COMPANY_COLUMNS = `code text, name text, tax_office text, tax_number text, email text, phone text,
  address text, town text, city text, profit_percent numeric, risk_limit numeric, payment_term_days int,
  is_active boolean`
const COMPANY_NAMES = COMPANY_COLUMNS.split(',').map((c) => c.trim().split(' ')[0]!)

export const companyRecordsByCode = (db: Db, codes: string[]) =>
  rows<CompanyRecord>(
    db,
    sql`select id, code, name, tax_office, tax_number, email, phone, address, town, city,
      profit_percent::text as profit_percent, risk_limit::text as risk_limit, payment_term_days, is_active
    from customers where code = any(${sql.param(codes)}::text[])`,
  )

export async function insertCompanies(db: Db, companies: CompanyWrite[]): Promise<Map<string, number>> {
  if (companies.length === 0) return new Map()
  const names = COMPANY_NAMES.join(', ')
  const created = await rows<{ id: number; code: string }>(
    db,
    sql`insert into customers (${sql.raw(names)})
      select ${sql.raw(names)} from jsonb_to_recordset(${json(companies)}) as r(${sql.raw(COMPANY_COLUMNS)})
      returning id, code`,
  )
  return new Map(created.map((r) => [r.code, r.id]))
}

export async function updateCompanies(db: Db, companies: CompanyWrite[]) {
  if (companies.length === 0) return
  const set = COMPANY_NAMES.filter((n) => n !== 'code')
    .map((n) => `${n} = r.${n}`)
    .join(', ')
  await db.execute(sql`update customers c set ${sql.raw(set)}
    from jsonb_to_recordset(${json(companies)}) as r(id int, ${sql.raw(COMPANY_COLUMNS)}) where c.id = r.id`)
}

export type BranchRecord = {
  id: number
  customer_id: number
  code: string | null
  name: string
  address: string | null
  is_active: boolean
}

export const branchRecordsOf = (db: Db, customerIds: number[]) =>
  rows<BranchRecord>(
    db,
    sql`select id, customer_id, code, name, address, is_active from branches
      where customer_id = any(${sql.param(customerIds)}::int[])`,
  )

export type BranchWrite = Omit<BranchRecord, 'id'> & { id?: number }

const BRANCH_COLUMNS = 'customer_id int, code text, name text, address text, is_active boolean'

/** New branches; answers their ids in the order given. */
export async function insertBranches(db: Db, branches: BranchWrite[]): Promise<number[]> {
  if (branches.length === 0) return []
  const created = await rows<{ id: number; customer_id: number; code: string }>(
    db,
    sql`insert into branches (customer_id, code, name, address, is_active)
      select customer_id, code, name, address, is_active
      from jsonb_to_recordset(${json(branches)}) as r(${sql.raw(BRANCH_COLUMNS)})
      returning id, customer_id, code`,
  )
  const ids = new Map(created.map((r) => [`${r.customer_id}:${r.code}`, r.id]))
  return branches.map((b) => ids.get(`${b.customer_id}:${b.code}`)!)
}

export async function updateBranches(db: Db, branches: BranchWrite[]) {
  if (branches.length === 0) return
  await db.execute(sql`update branches b set name = r.name, address = r.address, is_active = r.is_active
    from jsonb_to_recordset(${json(branches)}) as r(id int, ${sql.raw(BRANCH_COLUMNS)}) where b.id = r.id`)
}

/** Company ids by the ERP's codes (the other resources name companies so). */
export const companyIdsByCode = (db: Db, codes: string[]) =>
  rows<{ id: number; code: string; payment_term_days: number }>(
    db,
    sql`select id, code, payment_term_days from customers where code = any(${sql.param(codes)}::text[])`,
  )
