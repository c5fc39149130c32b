import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  storeNotificationsBodySchema,
  storeNotificationsSchema,
} from '../../../contracts/store-notifications'
import {
  settingBodySchema,
  settingItemSchema,
  settingKeyParamsSchema,
  settingsListSchema,
} from '../../../contracts/store-settings-admin'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { listSettings, updateSetting } from './settings-admin.service'
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

    app.get(
      '/yonetim/settings',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary:
            "Every store setting with its value, group, label and help in the reader's language, type and allowed values",
          response: { 200: settingsListSchema },
        },
      },
      async (request) => listSettings(db, request.locale),
    )

    app.put(
      '/yonetim/settings/:key',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary:
            'Change one setting: checked against its type and allowed values (400 with a field message), audited, in effect on every process at the next request',
          params: settingKeyParamsSchema,
          body: settingBodySchema,
          response: { 200: settingItemSchema },
        },
      },
      async (request) =>
        updateSetting(db, staffActor(request), {
          key: request.params.key,
          value: request.body.value,
          locale: request.locale,
          now: deps.now(),
        }),
    )
  }
