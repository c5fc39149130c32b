import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  staffUserInviteSchema,
  staffUserListSchema,
  staffUserPatchSchema,
  staffUserResetSentSchema,
  staffUserSchema,
  staffUsersQuerySchema,
} from '../../../contracts/staff-users'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { changeStaffUser, inviteStaffUser, listStaffUsers, sendStaffUserReset } from './staff-users.service'

const idParams = z.object({ id: dbIdFromText })

/**
 * The staff users and their roles (system area: the owner writes, the read-only role reads): the list,
 * an invitation, a role change or disable, a reset link. A dealer user's id is a 404 here; each write
 * is audited.
 */
export const staffUsersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const users = {
      db: deps.database.db,
      sessions: deps.sessions,
      mailSignal: deps.mailSignal,
      publicUrl: deps.config.publicUrl,
    }
    const tags = ['yonetim']
    const config = { staffArea: 'system' as const }
    staffOnly(app)

    app.get(
      '/yonetim/staff-users',
      {
        config,
        schema: {
          tags,
          summary:
            'Staff users, 50 a page, by name: q (name or e-mail, Turkish letters folded), role, active; invited: no password set yet',
          querystring: staffUsersQuerySchema,
          response: { 200: staffUserListSchema },
        },
      },
      async (request) => listStaffUsers(users.db, request.query),
    )

    app.post(
      '/yonetim/staff-users',
      {
        config,
        schema: {
          tags,
          summary:
            'Invite a staff user with a role: made without a password and mailed a link (72 h) to set one; 409 email_taken for an e-mail any user has',
          body: staffUserInviteSchema,
          response: { 200: staffUserSchema },
        },
      },
      async (request) => inviteStaffUser(users, staffActor(request), request.body, deps.now()),
    )

    app.patch(
      '/yonetim/staff-users/:id',
      {
        config,
        schema: {
          tags,
          summary:
            "Change a staff user's role or disable / enable them: a new role or a disable ends every session of the user; 409 own_account for one's own account, 409 last_owner for the last active owner",
          params: idParams,
          body: staffUserPatchSchema,
          response: { 200: staffUserSchema },
        },
      },
      async (request) =>
        changeStaffUser(users, staffActor(request), request.params.id, request.body, deps.now()),
    )

    app.post(
      '/yonetim/staff-users/:id/password-reset',
      {
        config,
        schema: {
          tags,
          summary:
            'Mail a staff user a password reset link (1 h); older unused reset links stop working; 409 user_inactive for a disabled user',
          params: idParams,
          response: { 200: staffUserResetSentSchema },
        },
      },
      async (request) => sendStaffUserReset(users, staffActor(request), request.params.id, deps.now()),
    )
  }
