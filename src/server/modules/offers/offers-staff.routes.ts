import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  staffOfferDetailSchema,
  staffOfferListSchema,
  staffOfferOrderedSchema,
  staffOffersExportQuerySchema,
  staffOffersQuerySchema,
} from '../../../contracts/staff-offers'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportStaffOffers } from './offers-export'
import { convertStaffOffer, getStaffOffer, listStaffOffers } from './offers-staff.service'

const idParams = z.object({ id: dbIdFromText })

/** Staff see every dealer's offers and make one into an order on the dealer's behalf. */
export const offersStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/offers',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            "Every dealer's offers, 50 a page, newest first: status (open, ordered, cancelled), customerId, from/to (store days), q (offer number)",
          querystring: staffOffersQuerySchema,
          response: { 200: staffOfferListSchema },
        },
      },
      async (request) => listStaffOffers({ db, caches: request.caches }, request.query),
    )

    app.get(
      '/yonetim/offers/export',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            'The offers the list filters match, newest first, one row per line at the quoted prices, as format=xlsx (default) or csv; 400 export_too_large past 20,000 offers',
          querystring: staffOffersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportStaffOffers(
          { db, caches: request.caches },
          request.query,
          request.query.lang ?? request.locale,
          deps.now(),
        )
        return sendTableFile(reply, file)
      },
    )

    app.get(
      '/yonetim/offers/:id',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary: 'One offer with its lines and totals as quoted, and whether it may be made into an order',
          params: idParams,
          response: { 200: staffOfferDetailSchema },
        },
      },
      async (request) => getStaffOffer(db, request.params.id),
    )

    app.post(
      '/yonetim/offers/:id/order',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            "Make the offer into an order for the dealer user who made it, at the offer's prices; stock taken, the dealer mailed. 409 when cancelled, already ordered, or short of stock",
          params: idParams,
          response: { 200: staffOfferOrderedSchema },
        },
      },
      async (request) =>
        convertStaffOffer(
          {
            db,
            caches: request.caches,
            mailSignal: deps.mailSignal,
            publicUrl: deps.config.publicUrl,
          },
          staffActor(request),
          request.params.id,
          deps.now(),
        ),
    )
  }
