/**
 * Who on the distributor's staff may do what. A staff user has one role; a role opens areas of the
 * back office to reading, or to reading and writing. A read is looking (a GET); a write is anything
 * that changes data. The server checks a route's permission before it reads the request; the web app
 * leaves out the menu entries and buttons of a permission the user lacks. One table, read by both.
 */

export const STAFF_ROLES = ['owner', 'sales', 'catalogue', 'accounting', 'readonly'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/**
 * The back office's areas:
 * - cockpit: the search dashboard, online users, the dealers' carts;
 * - sales: dealers' orders and offers, fault reports;
 * - customers: companies, branches, dealer users;
 * - catalogue: products, prices, stock, imports;
 * - payments: card payments, payment links, bank transfers, the dealers' ledger;
 * - system: the mail queue, staff users and roles, the audit trail.
 */
export const STAFF_AREAS = ['cockpit', 'sales', 'customers', 'catalogue', 'payments', 'system'] as const
export type StaffArea = (typeof STAFF_AREAS)[number]

export type StaffAccess = 'read' | 'write'
export type StaffPermission = `${StaffArea}:${StaffAccess}`

type Grants = Partial<Record<StaffArea, StaffAccess>>

const everything = (access: StaffAccess): Grants =>
  Object.fromEntries(STAFF_AREAS.map((area) => [area, access])) as Grants

/**
 * Per role, each area it may use and how. Writing includes reading. Besides their own areas, sales
 * and accounting read the customers (whose orders, offers and ledger they handle) and each other's
 * main area (an order's payment, a payment's order); the catalogue team works on products alone.
 */
const GRANTS: Record<StaffRole, Grants> = {
  owner: everything('write'),
  sales: { cockpit: 'write', sales: 'write', customers: 'write', payments: 'read' },
  catalogue: { catalogue: 'write' },
  accounting: { payments: 'write', customers: 'read', sales: 'read' },
  readonly: everything('read'),
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

/** Whether a staff user of this role may do this. No role (a dealer, a guest): nothing. */
export function staffCan(role: StaffRole | null | undefined, permission: StaffPermission): boolean {
  if (!role || !isStaffRole(role)) return false
  const [area, access] = permission.split(':') as [StaffArea, StaffAccess]
  const granted = GRANTS[role][area]
  return granted === 'write' || (granted === 'read' && access === 'read')
}

/** A request's permission: reading for GET and HEAD, writing for every other method. */
export function permissionFor(area: StaffArea, method: string): StaffPermission {
  return `${area}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`
}
