import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { customerCartsSchema } from '../../../contracts/staff-live'
import type { AppDeps } from '../../app-deps'
import { staffOnly } from '../../http/guards'
import { listCustomerCarts } from './customer-carts.service'

/** Staff see what dealers hold in their carts (spec/2 §2 "Customer carts screen"). */
export const customerCartsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const data = { db: deps.database.db, caches: deps.caches }
    staffOnly(app)

    app.get(
      '/yonetim/customer-carts',
      {
        config: { staffArea: 'cockpit' },
        schema: {
          tags: ['yonetim'],
          summary:
            "Dealers' carts that hold something, most recently changed first (at most 50, 100 lines each), priced as each dealer sees them",
          response: { 200: customerCartsSchema },
        },
      },
      async () => listCustomerCarts(data),
    )
  }
