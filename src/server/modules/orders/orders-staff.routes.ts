import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import {
  staffOrderDetailSchema,
  staffOrderListSchema,
  staffOrderPatchSchema,
  staffOrdersExportQuerySchema,
  staffOrdersQuerySchema,
} from '../../../contracts/staff-orders'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { exportStaffOrders } from './orders-export'
import { type CancelPaidOrder, getStaffOrder, listStaffOrders, moveStaffOrder } from './orders-staff.service'

const idParams = z.object({ id: dbIdFromText })

/**
 * Staff see every dealer's orders and move them through their statuses (domain/order-status.ts); a
 * card-paid order's cancellation goes through `cancelPaidOrder` (the payments module's refund).
 */
export const ordersStaffRoutes =
  (deps: AppDeps, cancelPaidOrder: CancelPaidOrder): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/orders',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            "Every dealer's orders, 50 a page: status, customerId, from/to (store days), q (order or ERP number), sort=date|total, dir",
          querystring: staffOrdersQuerySchema,
          response: { 200: staffOrderListSchema },
        },
      },
      async (request) => listStaffOrders({ db, caches: request.caches }, request.query),
    )

    app.get(
      '/yonetim/orders/export',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            'The orders the list filters match (every page, its sort), one row per line, as format=xlsx (default) or csv; 400 export_too_large past 20,000 orders',
          querystring: staffOrdersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale
        const file = await exportStaffOrders(
          { db, caches: request.caches },
          request.query,
          locale,
          deps.now(),
        )
        return sendTableFile(reply, file)
      },
    )

    app.get(
      '/yonetim/orders/:id',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary: 'One order with its lines, its status history and the statuses it may move to',
          params: idParams,
          response: { 200: staffOrderDetailSchema },
        },
      },
      async (request) => getStaffOrder(db, request.params.id),
    )

    app.patch(
      '/yonetim/orders/:id',
      {
        config: { staffArea: 'sales' },
        schema: {
          tags,
          summary:
            'Move an order: new → processing → shipped → delivered, or cancelled (with its reason) before shipping; a card-paid order is cancelled through the refund of its payment (502 when the bank refuses: the order stays as it was); 409 for any other move',
          params: idParams,
          body: staffOrderPatchSchema,
          response: { 200: staffOrderDetailSchema },
        },
      },
      async (request) => {
        const staff = staffActor(request)
        const orderId = request.params.id
        return moveStaffOrder(
          { db, caches: request.caches, mailSignal: deps.mailSignal },
          staff,
          orderId,
          request.body,
          deps.now(),
          (note) => cancelPaidOrder({ staff, orderId, note, log: request.log }),
        )
      },
    )
  }
