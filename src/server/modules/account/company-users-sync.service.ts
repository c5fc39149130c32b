import type { DealerUserRow } from '../../../contracts/integration-sync'
import type { AuditValue } from '../../../domain/audit'
import { type RowOutcome, rejected } from '../../../domain/bulk-upsert'
import type { Db } from '../../db/client'
import { type AuditActor, type AuditRecord, recordAudits } from '../audit/audit.service'
import {
  findUsersByEmails,
  insertUser,
  NO_PASSWORD_YET,
  renameUser,
  setUserActive,
} from './account.repository'
import { shutDisabledLogin } from './company-users.service'
import { queuePasswordLink } from './password-links.service'

/**
 * The ERP's dealer users (docs/integration.md, "users"), keyed by e-mail (letter case aside). A new
 * active user is invited exactly as staff invite one (company-users.service.ts inviteUser): a login
 * no password opens, an invitation link (72 h) mailed through the outbox in the batch's transaction,
 * an audit row. A name or active flag that differs is written; disabling ends the user's sessions and
 * unused links as staff's disable does. An address of a staff user or of another company's dealer is
 * refused (`conflict`): the ERP never touches staff, nor moves a login between companies.
 */
export async function upsertDealerUsers(
  tx: Db,
  rows: readonly DealerUserRow[],
  /** The companies the rows name, by code (an absent code is rejected). */
  companies: ReadonlyMap<string, { id: number }>,
  now: Date,
  ctx: {
    actor: AuditActor
    /** The portal's address, for the invitation's link. */
    publicUrl: string | null
    /** Called when mail was queued: the mail worker is woken after the commit. */
    mailQueued: () => void
    /** Called for a user disabled: their cached sessions are forgotten after the commit. */
    loginShut: (userId: number) => void
  },
): Promise<RowOutcome[]> {
  const emails = rows.map((r) => r.email.trim().toLowerCase())
  const stored = new Map((await findUsersByEmails(tx, emails)).map((u) => [u.email, u]))
  const audits: AuditRecord[] = []
  const outcomes: RowOutcome[] = []
  for (const [i, row] of rows.entries()) {
    const email = emails[i]!
    const company = companies.get(row.customerCode)
    if (!company) {
      outcomes.push(rejected('customerCode', 'unknown_reference', row.customerCode))
      continue
    }
    const was = stored.get(email)
    if (was && (was.role !== 'dealer' || was.customerId !== company.id)) {
      outcomes.push(rejected('email', 'conflict', email))
      continue
    }
    const active = row.isActive ?? was?.isActive ?? true
    if (!was) {
      const id = await insertUser(tx, {
        email,
        name: row.name,
        passwordHash: NO_PASSWORD_YET,
        role: 'dealer',
        customerId: company.id,
      })
      if (!active) await setUserActive(tx, id, false)
      else {
        if (!ctx.publicUrl) throw new Error('inviting a dealer user needs the portal address (app.publicUrl)')
        await queuePasswordLink(tx, {
          kind: 'invite',
          user: { id, email, name: row.name, locale: 'tr' },
          createdBy: null,
          publicUrl: ctx.publicUrl,
          now,
        })
        ctx.mailQueued()
      }
      audits.push({
        entity: 'user',
        entityId: id,
        action: active ? 'invite' : 'create',
        before: null,
        after: { email, name: row.name, customerId: company.id, active },
      })
      stored.set(email, {
        id,
        email,
        name: row.name,
        role: 'dealer',
        customerId: company.id,
        isActive: active,
      })
      outcomes.push({ status: 'created' })
      continue
    }
    if (was.name === row.name && was.isActive === active) {
      outcomes.push({ status: 'unchanged' })
      continue
    }
    const before: Record<string, AuditValue> = {}
    const after: Record<string, AuditValue> = {}
    if (was.name !== row.name) {
      await renameUser(tx, was.id, row.name)
      before.name = was.name
      after.name = row.name
    }
    if (was.isActive !== active) {
      await setUserActive(tx, was.id, active)
      if (!active) {
        await shutDisabledLogin(tx, was.id)
        ctx.loginShut(was.id)
      }
      before.active = was.isActive
      after.active = active
    }
    audits.push({ entity: 'user', entityId: was.id, action: 'update', before, after })
    Object.assign(was, { name: row.name, isActive: active })
    outcomes.push({ status: 'updated' })
  }
  await recordAudits(tx, ctx.actor, audits, now)
  return outcomes
}
