import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { inputText } from '../../../contracts/common'
import { paymentsExportQuerySchema } from '../../../contracts/exports'
import {
  staffPaymentActionBodySchema,
  staffPaymentDetailSchema,
  staffPaymentListSchema,
  staffPaymentsQuerySchema,
  staffPaymentsSummarySchema,
} from '../../../contracts/payments-staff'
import type { AppDeps } from '../../app-deps'
import { requireAdmin, staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { paymentsDepsOf } from './payments.routes'
import { exportStaffPayments } from './payments-export'
import {
  bookByStaff,
  getStaffPayment,
  listStaffPayments,
  refundByStaff,
  staffPaymentsSummary,
} from './payments-staff.service'

const idParams = z.object({ id: inputText().regex(/^[0-9a-f]{32}$/) })

/**
 * Staff's view of card payments (docs/payments.md, "Runbook: payment taken but not booked"): the list
 * with every state, one payment with its trail, what needs them, and the two decisions on a payment
 * that needs attention — book it, or refund it — each recorded in its trail with who and from where.
 */
export const paymentsStaffRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/payments',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            'Card payments, newest first, 50 a page (status=pending|authorized|capturing|succeeded|failed|expired|needs_attention|refunding|refunded)',
          querystring: staffPaymentsQuerySchema,
          response: { 200: staffPaymentListSchema },
        },
      },
      async (request) => listStaffPayments(db, request.query.status, request.query.page, deps.now()),
    )

    app.get(
      '/yonetim/payments/export',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            "The card payments of the list's status (every page, newest first), one row each, as format=xlsx (default) or csv",
          querystring: paymentsExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportStaffPayments(
          { db, caches: request.caches },
          request.query,
          request.query.lang ?? request.locale,
          deps.now(),
        )
        return sendTableFile(reply, file)
      },
    )

    app.get(
      '/yonetim/payments/summary',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            'Payments needing attention or under way, and payment starts refused by a limit in 24 hours',
          response: { 200: staffPaymentsSummarySchema },
        },
      },
      async () => staffPaymentsSummary(db, deps.now()),
    )

    app.get(
      '/yonetim/payments/:id',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary: 'One card payment with its trail (every step: who, when, why, from where)',
          params: idParams,
          response: { 200: staffPaymentDetailSchema },
        },
      },
      async (request) => getStaffPayment(db, request.params.id, deps.now()),
    )

    const staffBy = (request: Parameters<typeof requireAdmin>[0], reason: string) => ({
      actor: 'staff' as const,
      now: deps.now(),
      userId: requireAdmin(request).id,
      ip: request.ip,
      reason,
    })

    app.post(
      '/yonetim/payments/:id/book',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            'Book a payment that needs attention (the money was taken): its order, ledger credit and link are written',
          params: idParams,
          body: staffPaymentActionBodySchema,
          response: { 200: staffPaymentDetailSchema },
        },
      },
      async (request) =>
        bookByStaff(
          paymentsDepsOf(deps, request.log),
          request.params.id,
          staffBy(request, request.body.reason),
          staffActor(request),
        ),
    )

    app.post(
      '/yonetim/payments/:id/refund',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary: 'Refund a payment that needs attention through the gateway; its holds are released',
          params: idParams,
          body: staffPaymentActionBodySchema,
          response: { 200: staffPaymentDetailSchema },
        },
      },
      async (request) =>
        refundByStaff(
          paymentsDepsOf(deps, request.log),
          request.params.id,
          staffBy(request, request.body.reason),
          staffActor(request),
        ),
    )
  }
