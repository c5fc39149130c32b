import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Locale } from '../../../contracts/common'
import { dbIdFromText } from '../../../contracts/common'
import { statementExportQuerySchema } from '../../../contracts/exports'
import {
  type Statement,
  statementCsvQuerySchema,
  statementQuerySchema,
  statementSchema,
} from '../../../contracts/ledger'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { getCompanyStatement, getStatement } from './statement.service'
import { statementCsv, statementFileName } from './statement-csv'
import { statementFile } from './statement-export'

/** The dealer's account statement (cari hesap ekstresi), as JSON for the page and as a CSV file. */
export const ledgerRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['account']
    dealersOnly(app)

    app.get(
      '/api/account/statement',
      {
        schema: {
          tags,
          summary:
            "The company's ledger from `from` to `to` (YYYY-MM-DD; default the last 365 days) with the running " +
            'balance and the overdue figure; at most 2 years and 2,000 entries (truncated says when cut)',
          querystring: statementQuerySchema,
          response: { 200: statementSchema },
        },
      },
      async (request) =>
        getStatement(db, requireDealer(request).customerId, request.query, deps.now(), request.locale),
    )

    app.get(
      '/api/account/statement.csv',
      {
        schema: {
          tags,
          summary: 'The same statement as a CSV file (UTF-8 with BOM, ";" separated, decimal comma)',
          querystring: statementCsvQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale
        const statement = await getStatement(
          db,
          requireDealer(request).customerId,
          request.query,
          deps.now(),
          locale,
        )
        return sendCsv(reply, statement, locale)
      },
    )

    app.get(
      '/api/account/statement/export',
      {
        schema: {
          tags,
          summary:
            'The same statement as format=xlsx (default: typed cells, the same rows) or csv (as statement.csv)',
          querystring: statementExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale
        const customerId = requireDealer(request).customerId
        const statement = await getStatement(db, customerId, request.query, deps.now(), locale)
        const data = { db, caches: request.caches }
        return sendTableFile(reply, await statementFile(data, statement, request.query.format, locale))
      },
    )
  }

const sendCsv = (reply: FastifyReply, statement: Statement, locale: Locale) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${statementFileName(statement)}"`)
    .header('cache-control', 'private, no-store')
    .send(statementCsv(statement, locale))

const idParams = z.object({ id: dbIdFromText })

/** Any company's statement for staff (customers area): the dealer's own page and CSV, as they see them. */
export const staffStatementRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/customers/:id/statement',
      {
        config: { staffArea: 'customers' },
        schema: {
          tags,
          summary: "A company's statement as its dealer reads it (from/to as on /api/account/statement)",
          params: idParams,
          querystring: statementQuerySchema,
          response: { 200: statementSchema },
        },
      },
      async (request) =>
        getCompanyStatement(db, request.params.id, request.query, deps.now(), request.locale),
    )

    app.get(
      '/yonetim/customers/:id/statement.csv',
      {
        config: { staffArea: 'customers' },
        schema: {
          tags,
          summary: "The same statement as the dealer's CSV file",
          params: idParams,
          querystring: statementCsvQuerySchema,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale
        const statement = await getCompanyStatement(db, request.params.id, request.query, deps.now(), locale)
        return sendCsv(reply, statement, locale)
      },
    )

    app.get(
      '/yonetim/customers/:id/statement/export',
      {
        config: { staffArea: 'customers' },
        schema: {
          tags,
          summary: "The same statement as the dealer's file: format=xlsx (default) or csv",
          params: idParams,
          querystring: statementExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? request.locale
        const statement = await getCompanyStatement(db, request.params.id, request.query, deps.now(), locale)
        const data = { db, caches: request.caches }
        return sendTableFile(reply, await statementFile(data, statement, request.query.format, locale))
      },
    )
  }
