import type { CompanyUser } from '../../../contracts/staff-customers'
import type { StaffRole } from '../../../domain/staff-access'
import type { Db } from '../../db/client'
import { findCompanyUsers, findStaffUsers } from './account.repository'

/** A dealer company's users as staff see them on the company's page. */
export async function companyUsers(db: Db, customerId: number): Promise<CompanyUser[]> {
  const rows = await findCompanyUsers(db, customerId)
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    active: row.isActive,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  }))
}

/** The roles whose users look after companies: who may be a company's sales person. */
export const SALES_PERSON_ROLES: readonly StaffRole[] = ['owner', 'sales']

/** Active staff who may be assigned to a company as its sales person, by name. */
export function salesPeople(db: Db): Promise<{ id: number; name: string }[]> {
  return findStaffUsers(db, SALES_PERSON_ROLES)
}

/** Whether this user may be a company's sales person (an active owner or sales user). */
export async function isSalesPerson(db: Db, userId: number): Promise<boolean> {
  return (await salesPeople(db)).some((person) => person.id === userId)
}
