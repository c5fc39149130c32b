import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { integrationStatementExportQuerySchema } from '../../../contracts/exports'
import type { AppDeps } from '../../app-deps'
import { INTEGRATION_PREFIX, reportRows } from '../../http/integration-path'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { getStatementByCode } from './statement.service'
import { statementFile } from './statement-export'

/** A dealer's statement as its dealer downloads it, for the ERP (docs/integration.md, "Exports"). */
export const statementExportIntegrationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      `${INTEGRATION_PREFIX}exports/statement`,
      {
        config: { integrationScope: 'ledger:read' },
        schema: {
          tags: ['integration'],
          summary:
            "A dealer's account statement (customerCode; from/to YYYY-MM-DD, default the last 365 days, at most 2 years) with the running balance, as format=xlsx (default) or csv; 404 unknown_customer",
          querystring: integrationStatementExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const { customerCode, format, lang, ...range } = request.query
        const locale = lang ?? request.locale
        const statement = await getStatementByCode(db, customerCode, range, deps.now(), locale)
        reportRows(request, statement.entries.length)
        const data = { db, caches: request.caches }
        return sendTableFile(reply, await statementFile(data, statement, format, locale))
      },
    )
  }
