import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  companyUserInviteSchema,
  companyUserResetSentSchema,
  companyUserSchema,
  companyUserSessionsEndedSchema,
} from '../../../contracts/staff-customers'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import {
  endCompanyUserSessions,
  inviteCompanyUser,
  sendCompanyUserReset,
  setCompanyUserActive,
} from './company-users.service'

const companyParams = z.object({ id: dbIdFromText })
const userParams = z.object({ id: dbIdFromText, userId: dbIdFromText })

/**
 * Staff look after a dealer company's logins (customers area): invite one, disable or enable it, sign
 * it out everywhere, mail it a reset link. A user of another company is a 404. Each write is audited.
 */
export const companyUsersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const users = {
      db: deps.database.db,
      sessions: deps.sessions,
      mailSignal: deps.mailSignal,
      publicUrl: deps.config.publicUrl,
    }
    const tags = ['yonetim']
    const config = { staffArea: 'customers' as const }
    staffOnly(app)

    app.post(
      '/yonetim/customers/:id/users',
      {
        config,
        schema: {
          tags,
          summary:
            'Invite a dealer user of the company: it is made without a password and mailed a link (72 h) to set one; 409 email_taken for an e-mail any user has',
          params: companyParams,
          body: companyUserInviteSchema,
          response: { 200: companyUserSchema },
        },
      },
      async (request) =>
        inviteCompanyUser(users, staffActor(request), request.params.id, request.body, deps.now()),
    )

    for (const [action, active] of [
      ['disable', false],
      ['enable', true],
    ] as const) {
      app.post(
        `/yonetim/customers/:id/users/:userId/${action}`,
        {
          config,
          schema: {
            tags,
            summary: active
              ? 'Enable a dealer user again'
              : 'Disable a dealer user: it cannot log in, and every session of it ends at once',
            params: userParams,
            response: { 200: companyUserSchema },
          },
        },
        async (request) =>
          setCompanyUserActive(
            users,
            staffActor(request),
            { customerId: request.params.id, userId: request.params.userId },
            active,
            deps.now(),
          ),
      )
    }

    app.post(
      '/yonetim/customers/:id/users/:userId/sessions/end',
      {
        config,
        schema: {
          tags,
          summary: 'End every session of a dealer user (signed out everywhere)',
          params: userParams,
          response: { 200: companyUserSessionsEndedSchema },
        },
      },
      async (request) =>
        endCompanyUserSessions(
          users,
          staffActor(request),
          { customerId: request.params.id, userId: request.params.userId },
          deps.now(),
        ),
    )

    app.post(
      '/yonetim/customers/:id/users/:userId/password-reset',
      {
        config,
        schema: {
          tags,
          summary:
            'Mail a dealer user a password reset link (1 h); older unused reset links stop working; 409 user_inactive for a disabled user',
          params: userParams,
          response: { 200: companyUserResetSentSchema },
        },
      },
      async (request) =>
        sendCompanyUserReset(
          users,
          staffActor(request),
          { customerId: request.params.id, userId: request.params.userId },
          deps.now(),
        ),
    )
  }
