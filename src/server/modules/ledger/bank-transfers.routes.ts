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
import { bankTransfersExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { listBankTransfers, recordBankTransfer, reverseBankTransfer } from './bank-transfers.service'
import { exportBankTransfers } from './bank-transfers-export'

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

    app.get(
      '/yonetim/bank-transfers/export',
      {
        config: { staffArea: 'payments' },
        schema: {
          tags,
          summary:
            'The bank transfers the list filters match (every page, newest day first), one row each with its reversal, as format=xlsx (default) or csv',
          querystring: bankTransfersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportBankTransfers(
          { db, caches: request.caches },
          request.query,
          request.query.lang ?? request.locale,
          deps.now(),
        )
        return sendTableFile(reply, file)
      },
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
