import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { dbIdFromText } from '../../../contracts/common'
import { customersExportQuerySchema } from '../../../contracts/exports'
import {
  branchBodySchema,
  branchPatchSchema,
  staffCustomerDetailSchema,
  staffCustomerListSchema,
  staffCustomerPatchSchema,
  staffCustomersQuerySchema,
} from '../../../contracts/staff-customers'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { contentTypes, sendTableFile } from '../../spreadsheets/table-file'
import { addBranch, changeBranch, changeCustomer, getCustomer, listCustomers } from './customers.service'
import { exportCustomers } from './customers-export'

const idParams = z.object({ id: dbIdFromText })
const branchParams = z.object({ id: dbIdFromText, branchId: dbIdFromText })

/** Staff run the dealer companies: the list, a company's page, its terms and its branches (customers area). */
export const customersRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const config = { staffArea: 'customers' as const }
    staffOnly(app)

    app.get(
      '/yonetim/customers',
      {
        config,
        schema: {
          tags,
          summary:
            'Dealer companies, 50 a page: q (code, name or tax number, Turkish letters folded), active, sort=code|name, dir',
          querystring: staffCustomersQuerySchema,
          response: { 200: staffCustomerListSchema },
        },
      },
      async (request) => listCustomers(db, request.query),
    )

    app.get(
      '/yonetim/customers/export',
      {
        config,
        schema: {
          tags,
          summary:
            'The companies the list filters match (every page, its sort), one row each with terms and contact details, as format=xlsx (default) or csv',
          querystring: customersExportQuerySchema,
          produces: [contentTypes.xlsx, 'text/csv'],
        },
      },
      async (request, reply) => {
        const file = await exportCustomers(
          { db, caches: request.caches },
          request.query,
          request.query.lang ?? request.locale,
          deps.now(),
        )
        return sendTableFile(reply, file)
      },
    )

    app.get(
      '/yonetim/customers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One company: its terms, branches, users, sales person and overdue figure',
          params: idParams,
          response: { 200: staffCustomerDetailSchema },
        },
      },
      async (request) => getCustomer(db, request.params.id, deps.now()),
    )

    app.patch(
      '/yonetim/customers/:id',
      {
        config,
        schema: {
          tags,
          summary:
            "Change a company's risk limit, price adjustment (percent), payment terms (days), sales person or active flag",
          params: idParams,
          body: staffCustomerPatchSchema,
          response: { 200: staffCustomerDetailSchema },
        },
      },
      async (request) => changeCustomer(db, staffActor(request), request.params.id, request.body, deps.now()),
    )

    app.post(
      '/yonetim/customers/:id/branches',
      {
        config,
        schema: {
          tags,
          summary: 'Add a branch to a company',
          params: idParams,
          body: branchBodySchema,
          response: { 200: staffCustomerDetailSchema },
        },
      },
      async (request) => addBranch(db, staffActor(request), request.params.id, request.body, deps.now()),
    )

    app.patch(
      '/yonetim/customers/:id/branches/:branchId',
      {
        config,
        schema: {
          tags,
          summary: 'Rename, move or close (active: false) a branch; a closed one stays on its orders',
          params: branchParams,
          body: branchPatchSchema,
          response: { 200: staffCustomerDetailSchema },
        },
      },
      async (request) =>
        changeBranch(
          db,
          staffActor(request),
          request.params.id,
          request.params.branchId,
          request.body,
          deps.now(),
        ),
    )
  }
