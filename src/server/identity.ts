import type { Role } from '../contracts/account'
import type { Locale } from '../contracts/common'
import type { StaffRole } from '../domain/staff-access'
import type { userPreferences } from './db/schema/accounts'

// Who is asking, as every layer of the server names it. The session (http/) makes these and the
// modules take them; http may import no module, so they live beside both rather than in one.
// The logged-in user as the web app sees it is the contract's `SessionUser` (contracts/account.ts),
// loaded by the account module's service.

/** The user of a request's session, read with the session in one query (http/session.repository.ts). */
export type AuthUser = {
  id: number
  name: string
  email: string
  role: Role
  /** A staff user's role (what of the back office they may use); null for a dealer. */
  staffRole: StaffRole | null
  customerId: number | null
  locale: Locale | null
  /** The user's stored preferences (null: never chose any), read with the session in the same query. */
  preferences: StoredPreferences | null
  /** The dealer company's price adjustment in percent ('0' for staff). */
  profitPercent: string
  /** The dealer company's name (null for staff). */
  customerName: string | null
  /** The dealer company's default payment plan, set by staff (null: the store's default; staff). */
  defaultPaymentPlanId: number | null
}

export type StoredPreferences = typeof userPreferences.$inferSelect

/** A user who buys for a dealer company: what `requireDealer` (http/guards.ts) lets through. */
export type Dealer = AuthUser & { customerId: number }

/**
 * Who made a staff write, as the audit trail records it: the staff user, by their name at the time,
 * and the address the request came from (`request.ip`, behind the configured proxies).
 */
export type StaffActor = { id: number; name: string; ip: string }
