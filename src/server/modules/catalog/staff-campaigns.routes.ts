import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  campaignCreateSchema,
  campaignParamsSchema,
  campaignPatchSchema,
  campaignReorderSchema,
  staffCampaignListSchema,
  staffCampaignSchema,
} from '../../../contracts/staff-campaigns'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import {
  createCampaign,
  listCampaigns,
  reorderCampaigns,
  staffCampaign,
  updateCampaignFields,
} from './staff-campaigns.service'

/** The home page's campaigns for staff (catalogue area: every staff user reads, the catalogue role writes). */
export const staffCampaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const config = { staffArea: 'catalogue' } as const
    staffOnly(app)
    const edit = (request: Parameters<typeof staffActor>[0]) => ({
      data: { db, caches: request.caches },
      actor: staffActor(request),
      now: deps.now(),
    })

    app.get(
      '/yonetim/campaigns',
      {
        config,
        schema: {
          tags,
          summary:
            'Every campaign in its home-page order, with its English title, dates, whether dealers see it now and its product count',
          response: { 200: staffCampaignListSchema },
        },
      },
      async (request) => listCampaigns({ db, caches: request.caches }, deps.now()),
    )

    app.get(
      '/yonetim/campaigns/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One campaign with its products in their order',
          params: campaignParamsSchema,
          response: { 200: staffCampaignSchema },
        },
      },
      async (request) => staffCampaign({ db, caches: request.caches }, request.params.id, deps.now()),
    )

    app.post(
      '/yonetim/campaigns',
      {
        config,
        schema: {
          tags,
          summary:
            'A new campaign, last on the home page: titles, rows, cards per screen width, dates, products in order',
          body: campaignCreateSchema,
          response: { 201: staffCampaignSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createCampaign(edit(request), request.body)),
    )

    app.patch(
      '/yonetim/campaigns/:id',
      {
        config,
        schema: {
          tags,
          summary: "Change a campaign's fields or products; on every dealer's home page at the next request",
          params: campaignParamsSchema,
          body: campaignPatchSchema,
          response: { 200: staffCampaignSchema },
        },
      },
      async (request) => updateCampaignFields(edit(request), request.params.id, request.body),
    )

    app.post(
      '/yonetim/campaigns/reorder',
      {
        config,
        schema: {
          tags,
          summary: 'Every campaign once, in its new home-page order',
          body: campaignReorderSchema,
          response: { 200: staffCampaignListSchema },
        },
      },
      async (request) => reorderCampaigns(edit(request), request.body.ids),
    )
  }
