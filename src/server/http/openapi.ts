import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { INTEGRATION_SCOPES } from '../../domain/integration-scopes'

/** The OpenAPI document is generated from the routes' Zod schemas, so every route is documented by construction. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Toptan API',
        description:
          "B2B wholesale ordering portal. State-changing calls need the page's CSRF token in X-CSRF-Token, " +
          'X-Requested-With: XMLHttpRequest and our own Origin (else a same-origin Referer or ' +
          'Sec-Fetch-Site: same-origin). Errors: {"error":{"code","messages":{"type"},"fields"?}}.',
        version: '1',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'toptan_sid' },
          integrationKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The ERP integration API (/api/integration/v1/, docs/integration.md): Authorization: Bearer tpk_…, ' +
              'a key made at /yonetim/api-anahtarlari. No cookie, no CSRF token. Each route needs one scope ' +
              `(IntegrationScope): ${INTEGRATION_SCOPES.join(', ')}.`,
          },
        },
        schemas: { IntegrationScope: { type: 'string', enum: [...INTEGRATION_SCOPES] } },
      },
    },
    transform: jsonSchemaTransform,
  })
  // The browsable docs carry the app's own strict headers (security-headers.ts: scripts from our origin
  // only, frame-ancestors 'none'), not swagger-ui's looser CSP: its page loads every script from files,
  // and the online validator's badge (an image from another site) is off (docs/decisions.md).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
  })
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
