import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bankTransferBodySchema,
  bankTransferListSchema,
  bankTransferResponseSchema,
  bankTransferReversalBodySchema,
  bankTransferReversalResponseSchema,
  bankTransfersQuerySchema,
} from '../../../contracts/bank-transfers'
import { dbIdFromText } from '../../../contracts/common'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { listBankTransfers, recordBankTransfer, reverseBankTransfer } from './bank-transfers.service'

const idParams = z.object({ id: dbIdFromText })

/** Staff enter dealers' bank transfers into their ledgers, list them and take one back (payments area). */
export const bankTransfersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/bank-transfers',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary: 'Bank transfers entered, newest day first, 50 a page: customerId, from/to (ledger days)',
          querystring: bankTransfersQuerySchema,
          response: { 200: bankTransferListSchema },
        },
      },
      async (request) => listBankTransfers(db, request.query),
    )

    app.post(
      '/yonetim/bank-transfers',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            "Record a bank transfer as a credit in the dealer's ledger; it settles the oldest open items. A receipt number already entered for the dealer: 409",
          body: bankTransferBodySchema,
          response: { 200: bankTransferResponseSchema },
        },
      },
      async (request) => recordBankTransfer(db, staffActor(request), request.body, deps.now()),
    )

    app.post(
      '/yonetim/bank-transfers/:id/reversal',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            'Take a bank transfer back with a reason: a reversing debit under the same receipt (once; 409 after)',
          params: idParams,
          body: bankTransferReversalBodySchema,
          response: { 200: bankTransferReversalResponseSchema },
        },
      },
      async (request) =>
        reverseBankTransfer(db, staffActor(request), request.params.id, request.body.reason, deps.now()),
    )
  }
