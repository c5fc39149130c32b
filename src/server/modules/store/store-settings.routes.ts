import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  storeNotificationsBodySchema,
  storeNotificationsSchema,
} from '../../../contracts/store-notifications'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { getStoreNotifications, setStoreNotifications } from './store.service'

/** The store's settings staff change from the back office (area system: the owner writes). */
export const storeSettingsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    staffOnly(app)

    app.get(
      '/yonetim/settings/notifications',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: "Who receives the store's mail of every new order and offer (empty: the store's address)",
          response: { 200: storeNotificationsSchema },
        },
      },
      async () => getStoreNotifications(db),
    )

    app.put(
      '/yonetim/settings/notifications',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary:
            "Replace the addresses that receive the store's mail of new orders and offers (at most 10)",
          body: storeNotificationsBodySchema,
          response: { 200: storeNotificationsSchema },
        },
      },
      async (request) => setStoreNotifications(db, staffActor(request), request.body.recipients, deps.now()),
    )
  }
