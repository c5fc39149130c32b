import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  adminFaultReportListSchema,
  adminFaultReportsQuerySchema,
  faultReportIdParamsSchema,
  faultReportStatusBodySchema,
  faultReportStatusResponseSchema,
} from '../../../contracts/service'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { sendPhoto } from './fault-reports.routes'
import { reportPhoto } from './fault-reports.service'
import { changeReportStatus, listReports } from './fault-reports-staff.service'

/** Staff follow the dealers' fault reports: the list, the status, the photo. Administrators only. */
export const faultReportStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/fault-reports',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            'Fault reports of every dealer, newest first, 50 a page (status=new|in_service|done to filter)',
          querystring: adminFaultReportsQuerySchema,
          response: { 200: adminFaultReportListSchema },
        },
      },
      async (request) => listReports(db, request.query.status, request.query.page),
    )

    app.patch(
      '/yonetim/fault-reports/:id',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            "Move a report's status one step (new → in_service → done) or one step back, with a note the dealer reads and is mailed",
          params: faultReportIdParamsSchema,
          body: faultReportStatusBodySchema,
          response: { 200: faultReportStatusResponseSchema },
        },
      },
      async (request) =>
        changeReportStatus(
          { db, caches: request.caches, mailSignal: deps.mailSignal },
          staffActor(request),
          request.params.id,
          request.body,
          deps.now(),
        ),
    )

    app.get(
      '/yonetim/fault-reports/:id/photo',
      {
        config: { staffArea: 'sales' },
        schema: { tags, summary: "A report's photo", params: faultReportIdParamsSchema },
      },
      async (request, reply) => sendPhoto(reply, await reportPhoto(db, request.params.id, null)),
    )
  }
