import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { statementCsvQuerySchema, statementQuerySchema, statementSchema } from '../../../contracts/ledger'
import type { AppDeps } from '../../app-deps'
import { dealersOnly, requireDealer } from '../../http/guards'
import { getStatement } from './statement.service'
import { statementCsv, statementFileName } from './statement-csv'

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
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${statementFileName(statement)}"`)
          .header('cache-control', 'private, no-store')
          .send(statementCsv(statement, locale))
      },
    )
  }
