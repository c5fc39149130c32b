import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiKeyCreateSchema,
  apiKeyIssuedSchema,
  apiKeyListSchema,
  apiKeyPatchSchema,
  apiKeySchema,
} from '../../../contracts/api-keys'
import { dbIdFromText } from '../../../contracts/common'
import type { AppDeps } from '../../app-deps'
import type { Db } from '../../db/client'
import { staffActor, staffOnly } from '../../http/guards'
import {
  changeApiKey,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateApiKey,
} from './integration-keys.service'

const idParams = z.object({ id: dbIdFromText })

/**
 * Staff's integration API keys (system area: the owner writes, the read-only role reads): the list,
 * a new key (shown once), rotate, rename or re-scope, revoke; each write audited.
 */
export const integrationKeysRoutes =
  (
    deps: AppDeps,
    /** What moves from a rotated key to its successor in the rotation's transaction (its webhooks; app.ts). */
    onRotate?: (tx: Db, fromKeyId: number, toKeyId: number) => Promise<void>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.database.db
    const tags = ['yonetim']
    const config = { staffArea: 'system' as const }
    staffOnly(app)

    app.get(
      '/yonetim/api-keys',
      {
        config,
        schema: {
          tags,
          summary: 'Integration API keys, newest first, with state and last use (never the key or its hash)',
          response: { 200: apiKeyListSchema },
        },
      },
      async () => listApiKeys(db, deps.now()),
    )

    app.post(
      '/yonetim/api-keys',
      {
        config,
        schema: {
          tags,
          summary:
            'A new integration key with these scopes: the answer carries the key once; only its hash is kept',
          body: apiKeyCreateSchema,
          response: { 200: apiKeyIssuedSchema },
        },
      },
      async (request) => createApiKey(db, staffActor(request), request.body, deps.now()),
    )

    app.patch(
      '/yonetim/api-keys/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Rename a key or change its scopes (at once for its next call); 409 key_inactive for a revoked or expired key',
          params: idParams,
          body: apiKeyPatchSchema,
          response: { 200: apiKeySchema },
        },
      },
      async (request) => changeApiKey(db, staffActor(request), request.params.id, request.body, deps.now()),
    )

    app.post(
      '/yonetim/api-keys/:id/rotate',
      {
        config,
        schema: {
          tags,
          summary:
            'A new key with the same name and scopes (shown once); the old one keeps working for one hour, then stops; 409 key_inactive unless the key is active',
          params: idParams,
          response: { 200: apiKeyIssuedSchema },
        },
      },
      async (request) => rotateApiKey(db, staffActor(request), request.params.id, deps.now(), onRotate),
    )

    app.post(
      '/yonetim/api-keys/:id/revoke',
      {
        config,
        schema: {
          tags,
          summary: 'Revoke a key: refused from its next call on (a revoked key stays revoked)',
          params: idParams,
          response: { 200: apiKeySchema },
        },
      },
      async (request) => revokeApiKey(db, staffActor(request), request.params.id, deps.now()),
    )
  }
