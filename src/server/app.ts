import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyInstance, type FastifySchema } from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { dbIdFromText } from '../contracts/common'
import type { AppDeps } from './app-deps'
import { trustHops } from './config'
import { registerCompression } from './http/compression'
import { registerCsrf } from './http/csrf'
import { multipartReading, registerErrorHandling, sendError } from './http/error-handler'
import { parseFormBody, parseQueryString, refuseMalformedQueryStrings } from './http/form-encoding'
import { frameworkErrors } from './http/framework-errors'
import { registerHealth } from './http/health'
import { InFlightRequests } from './http/in-flight-requests'
import { utf8SerializerCompiler } from './http/json-reply'
import { registerLocale } from './http/locale'
import { registerMetrics } from './http/metrics'
import { registerOpenApi } from './http/openapi'
import { PageAssets } from './http/page-assets'
import { registerPages } from './http/pages'
import { registerRequestCaches } from './http/request-caches'
import { type LogDestination, loggerOptions, RequestLog } from './http/request-log'
import { registerSecurityHeaders } from './http/security-headers'
import { ServerRenderer } from './http/server-render'
import { registerSession } from './http/session'
import { HtmlShell } from './http/shell'
import { registerStaticFiles } from './http/static-files'
import { MailOutboxWorker } from './integrations/mail/outbox-worker'
import { createObjectStore } from './integrations/object-store'
import { sandboxRoutes } from './integrations/payments/sandbox/sandbox.routes'
import { accountRoutes } from './modules/account/account.routes'
import { accountSettingsRoutes } from './modules/account/account-settings.routes'
import { companyUsersRoutes } from './modules/account/company-users.routes'
import { staffUsersRoutes } from './modules/account/staff-users.routes'
import { auditRoutes } from './modules/audit/audit.routes'
import { backOfficeRoutes } from './modules/back-office/back-office.routes'
import { binRoutes } from './modules/bin/bin.routes'
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes'
import { buildBootstrap } from './modules/bootstrap/bootstrap.service'
import { cartRoutes } from './modules/cart/cart.routes'
import { campaignRoutes } from './modules/catalog/campaigns.routes'
import { catalogRoutes } from './modules/catalog/catalog.routes'
import { productHead } from './modules/catalog/catalog.service'
import { catalogueAdminRoutes } from './modules/catalog/catalogue-admin.routes'
import { productImageRoutes } from './modules/catalog/product-images.routes'
import { productUploadRoutes, uploadedImageRoutes } from './modules/catalog/product-uploads.routes'
import { productsExportIntegrationRoutes } from './modules/catalog/products-export.integration.routes'
import { productsStaffRoutes } from './modules/catalog/products-staff.routes'
import { staffCampaignRoutes } from './modules/catalog/staff-campaigns.routes'
import { CONSENT_COOKIE, consentRoutes } from './modules/consent/consent.routes'
import { customerCartsRoutes } from './modules/customer-carts/customer-carts.routes'
import { customersRoutes } from './modules/customers/customers.routes'
import { branchIdsOf } from './modules/customers/customers.service'
import { customersExportIntegrationRoutes } from './modules/customers/customers-export.integration.routes'
import { exchangeRatesRoutes } from './modules/exchange-rates/exchange-rates.routes'
import { faultReportRoutes } from './modules/fault-reports/fault-reports.routes'
import { faultReportStaffRoutes } from './modules/fault-reports/fault-reports-staff.routes'
import { importRoutes } from './modules/imports/imports.routes'
import { integrationFeedsRoutes } from './modules/integration-feeds/integration-feeds.integration.routes'
import { WebhookWorker } from './modules/integration-feeds/webhook-worker'
import { webhooksRoutes } from './modules/integration-feeds/webhooks.routes'
import { moveWebhookEndpoints } from './modules/integration-feeds/webhooks.service'
import { integrationHealthRoutes } from './modules/integration-health/integration-health.routes'
import { integrationRoutes } from './modules/integration-keys/integration.routes'
import { integrationKeysRoutes } from './modules/integration-keys/integration-keys.routes'
import { bulkProductsRoutes } from './modules/integration-sync/bulk-products.routes'
import { jobsIntegrationRoutes } from './modules/integration-sync/jobs.integration.routes'
import { startJobWorker } from './modules/integration-sync/jobs.service'
import { syncIntegrationRoutes } from './modules/integration-sync/sync.integration.routes'
import { invoicesIntegrationRoutes } from './modules/invoices/invoices.integration.routes'
import { invoicesRoutes, staffInvoicesRoutes } from './modules/invoices/invoices.routes'
import { bankTransfersRoutes } from './modules/ledger/bank-transfers.routes'
import { bankTransfersExportIntegrationRoutes } from './modules/ledger/bank-transfers-export.integration.routes'
import { ledgerRoutes, staffStatementRoutes } from './modules/ledger/ledger.routes'
import { statementExportIntegrationRoutes } from './modules/ledger/statement-export.integration.routes'
import { mailOutboxRoutes } from './modules/mail-outbox/mail-outbox.routes'
import { mailBacklog } from './modules/mail-outbox/mail-outbox.service'
import { offersRoutes } from './modules/offers/offers.routes'
import { offersExportIntegrationRoutes } from './modules/offers/offers-export.integration.routes'
import { offersStaffRoutes } from './modules/offers/offers-staff.routes'
import { ordersIntegrationRoutes } from './modules/orders/orders.integration.routes'
import { ordersRoutes } from './modules/orders/orders.routes'
import { ordersExportIntegrationRoutes } from './modules/orders/orders-export.integration.routes'
import { ordersStaffRoutes } from './modules/orders/orders-staff.routes'
import { paymentLinkRoutes } from './modules/payment-links/payment-links.routes'
import { paymentLinkState } from './modules/payment-links/payment-links.service'
import { paymentSetupRoutes } from './modules/payments/payment-setup.routes'
import {
  allowBankFramesOnChoice,
  gatewayChoiceOf,
  paymentsDepsOf,
  paymentsRoutes,
} from './modules/payments/payments.routes'
import { paymentsExportIntegrationRoutes } from './modules/payments/payments-export.integration.routes'
import { paymentsStaffRoutes } from './modules/payments/payments-staff.routes'
import { cancelPaidOrder, intentCountsByStatus } from './modules/payments/payments-staff.service'
import { preferencesRoutes } from './modules/preferences/preferences.routes'
import { registerStaffLive } from './modules/presence/presence.routes'
import { quickOrderRoutes } from './modules/quick-order/quick-order.routes'
import { RemoteFileWorker } from './modules/remote-files/remote-file-worker'
import { searchRoutes } from './modules/search/search.routes'
import { searchDashboardRoutes } from './modules/search-dashboard/search-dashboard.routes'
import { staffHomeRoutes } from './modules/staff-home/staff-home.routes'
import { loadStoreSettings } from './modules/store/store.service'
import { storeLogoRoutes } from './modules/store/store-logo.routes'
import { storeSettingsRoutes } from './modules/store/store-settings.routes'
import { warrantyRoutes } from './modules/warranty/warranty.routes'

/** A registered route; `schema` is its own (Zod) schema, so a test can derive inputs from it (the fuzz suite). */
export type RouteEntry = { method: string; url: string; schema?: FastifySchema }

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so tests can walk them (e.g. the CSRF check). */
    routeTable: RouteEntry[]
    /** This app's mail outbox worker, when it sends mail (deps.mailWorker). */
    mailOutbox: MailOutboxWorker | null
    /** This app's webhook worker, when it sends webhooks (deps.webhookWorker). */
    webhooks: WebhookWorker | null
  }
}

export async function buildApp(
  deps: AppDeps,
  /**
   * logStream: where log lines go instead of stdout (tests read them); staffSocketRecheckMs: how often
   * every staff socket's session is checked again (default 60 s; tests shorten it).
   */
  options: { logger?: boolean; logStream?: LogDestination; staffSocketRecheckMs?: number } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(deps.config.logLevel, options.logStream),
    // One line per request instead of Fastify's two (request-log.ts).
    logController: new RequestLog(),
    genReqId: () => randomUUID(),
    // A path the router cannot decode gets the documented error body too (framework-errors.ts).
    frameworkErrors,
    // TRUST_PROXY hops (0: none), never `true`, which takes the client's own left-most X-Forwarded-For.
    trustProxy: trustHops(deps.config.trustProxyHops),
    bodyLimit: 1024 * 1024,
    // Strict percent-decoding, keys without a prototype (form-encoding.ts).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500, querystringParser: parseQueryString },
  })
  const routeTable: RouteEntry[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema })
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(utf8SerializerCompiler)
  registerErrorHandling(app)
  refuseMalformedQueryStrings(app)

  await app.register(cookie)
  await app.register(formbody, { parser: parseFormBody })
  // Form data may come multipart (a browser FormData): fields become the body, files are refused.
  // Its reading hook runs between these two: a body busboy cannot read is a 400 (error-handler.ts).
  app.addHook('preValidation', multipartReading.start)
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 20, fieldSize: 10_000, parts: 20 },
  })
  app.addHook('preValidation', multipartReading.end)
  await registerSecurityHeaders(app, {
    https: deps.config.trustProxy,
    // The payment frame shows the bank's 3-D Secure page (another origin) with iyzico.
    framesBanks: deps.paymentGateway.name !== 'sandbox',
  })
  registerLocale(app)
  registerCsrf(app, deps.config.sessionSecret, deps.config)
  registerRequestCaches(app, deps.caches)
  // A gateway chosen on the back office may be iyzico: a page then lets its frame go on to the bank.
  allowBankFramesOnChoice(app, deps)
  registerSession(app, {
    db: deps.database.db,
    sessions: deps.sessions,
    secureCookies: deps.config.trustProxy,
    now: deps.now,
  })
  // The session may carry the user's language: decide the request's language again once it is known.
  registerLocale(app)
  // Presence is written from the session's user; the WebSocket plugin comes before every route.
  await registerStaffLive(app, deps, { recheckMs: options.staffSocketRecheckMs })
  // Static files first: they carry their build-time compressed copies, and on-the-fly compression
  // applies only to the routes registered after it (pages and API answers).
  await registerStaticFiles(app, deps.config.rootDir)
  await registerCompression(app)

  registerHealth(app, deps.database.db)
  // Before the routes, so its request counter sees every one of them.
  registerMetrics(
    app,
    {
      database: deps.database,
      now: deps.now,
      mailBacklog: () => mailBacklog(deps.database.db),
      paymentIntents: () => intentCountsByStatus(deps.database.db, deps.now()),
      searchIndex: () => deps.searchIndex.stats(),
    },
    deps.config.metricsToken,
  )
  await registerOpenApi(app)
  await app.register(accountRoutes(deps))
  await app.register(bootstrapRoutes(deps))
  await app.register(accountSettingsRoutes(deps))
  await app.register(preferencesRoutes(deps))
  await app.register(campaignRoutes(deps))
  await app.register(consentRoutes(deps))
  await app.register(catalogRoutes(deps))
  await app.register(searchRoutes(deps))
  await app.register(cartRoutes(deps))
  await app.register(quickOrderRoutes(deps))
  await app.register(ordersRoutes(deps))
  await app.register(offersRoutes(deps))
  // The gateway in use answers BIN queries itself (iyzico); it may be chosen on the back office, so it
  // is asked per request (bin uses no other module: the payments module hands it in).
  await app.register(binRoutes(deps, (request) => gatewayChoiceOf(deps).current(request.caches)))
  await app.register(paymentLinkRoutes(deps))
  await app.register(paymentsRoutes(deps))
  await app.register(paymentsStaffRoutes(deps))
  // A card-paid order is cancelled through its payment's refund: payments uses orders, so the orders
  // route is handed the payments service rather than importing it.
  await app.register(
    ordersStaffRoutes(deps, ({ log, ...input }) => cancelPaidOrder(paymentsDepsOf(deps, log), input)),
  )
  await app.register(offersStaffRoutes(deps))
  await app.register(sandboxRoutes((request) => gatewayChoiceOf(deps).current(request.caches)))
  await app.register(paymentSetupRoutes(deps))
  await app.register(mailOutboxRoutes(deps))
  await app.register(ledgerRoutes(deps))
  await app.register(backOfficeRoutes(deps))
  await app.register(bankTransfersRoutes(deps))
  await app.register(storeSettingsRoutes(deps))
  await app.register(exchangeRatesRoutes(deps))
  await app.register(staffHomeRoutes(deps))
  await app.register(customersRoutes(deps))
  await app.register(productsStaffRoutes(deps))
  await app.register(bulkProductsRoutes(deps))
  await app.register(catalogueAdminRoutes(deps))
  await app.register(staffCampaignRoutes(deps))
  await app.register(companyUsersRoutes(deps))
  await app.register(staffUsersRoutes(deps))
  // A rotated key's webhooks go on with its successor (integration-feeds uses integration-keys, so the
  // keys' routes are handed the move rather than importing it).
  await app.register(integrationKeysRoutes(deps, moveWebhookEndpoints))
  await app.register(webhooksRoutes(deps))
  await app.register(integrationHealthRoutes(deps))
  // Its own plugin context: the key door's hooks hold for its routes and nothing else.
  const jobWorker = registerJobWorker(app, deps)
  await app.register(
    integrationRoutes(deps, [
      syncIntegrationRoutes(deps),
      invoicesIntegrationRoutes(deps),
      jobsIntegrationRoutes(deps, () => jobWorker?.poke()),
      integrationFeedsRoutes(deps),
      ordersIntegrationRoutes(deps),
      ordersExportIntegrationRoutes(deps),
      offersExportIntegrationRoutes(deps),
      paymentsExportIntegrationRoutes(deps),
      bankTransfersExportIntegrationRoutes(deps),
      customersExportIntegrationRoutes(deps),
      productsExportIntegrationRoutes(deps),
      statementExportIntegrationRoutes(deps),
    ]),
  )
  await app.register(invoicesRoutes(deps))
  await app.register(staffInvoicesRoutes(deps))
  await app.register(productImageRoutes(deps))
  // Uploaded product images and the store logo share one image store (a directory or an S3 bucket).
  const imageStore = createObjectStore(deps.config.imageStore)
  app.addHook('onClose', () => imageStore.close())
  await app.register(productUploadRoutes(deps, imageStore))
  await app.register(uploadedImageRoutes(imageStore))
  await app.register(storeLogoRoutes(deps, imageStore))
  await app.register(importRoutes(deps, () => jobWorker?.poke()))
  await app.register(staffStatementRoutes(deps))
  await app.register(
    auditRoutes(deps, {
      storeTimeZone: async (data) => (await loadStoreSettings(data)).timeZone,
      // A company's page shows its branches, and so their changes with its own.
      relatedRecords: {
        customer: async (db, entityId) => {
          const id = dbIdFromText.safeParse(entityId)
          if (!id.success) return []
          return [{ entity: 'branch', ids: (await branchIdsOf(db, id.data)).map(String) }]
        },
      },
    }),
  )
  await app.register(customerCartsRoutes(deps))
  await app.register(searchDashboardRoutes(deps))
  await app.register(faultReportRoutes(deps))
  await app.register(faultReportStaffRoutes(deps))
  await app.register(warrantyRoutes(deps))

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    schema: { hide: true },
    handler: (request, reply) =>
      sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' }),
  })
  const shell = new HtmlShell(deps.config.rootDir)
  const renderer = deps.config.serverRender ? await ServerRenderer.load(deps.config.rootDir, app) : null
  registerPages(app, {
    shell,
    render: renderer
      ? (request, bootstrap) =>
          renderer.render(request, bootstrap, shell.translationsFor(bootstrap.locale), {
            cookieConsent: request.cookies[CONSENT_COOKIE] === '1',
          })
      : null,
    assets: new PageAssets(deps.config.rootDir),
    bootstrap: (request) =>
      buildBootstrap(
        { db: deps.database.db, caches: request.caches },
        request,
        deps.config.sessionSecret,
        deps.now(),
        deps.config.testMode,
      ),
    productHead: (id) => productHead({ db: deps.database.db, caches: deps.caches }, id),
    paymentLinkState: (token) => paymentLinkState(deps.database.db, token, deps.now()),
  })
  app.addHook('onClose', () => deps.searchLog.close())
  deps.invalidation.reportTo(app.log)
  app.addHook('onClose', () => deps.invalidation.close())
  registerMailOutbox(app, deps)
  registerWebhookWorker(app, deps)
  registerRemoteFiles(app, deps)
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' }),
  )
  return app
}

/** Counts the requests being answered: from their arrival until their answer is sent or they are aborted. */
function trackRequests(app: FastifyInstance): InFlightRequests {
  const requests = new InFlightRequests()
  const ends = new WeakMap<object, () => void>()
  app.addHook('onRequest', async (request) => {
    ends.set(request, requests.begin())
  })
  const end = async (request: object) => ends.get(request)?.()
  app.addHook('onResponse', end)
  app.addHook('onRequestAbort', end)
  return requests
}

/** The job worker writes import jobs from when the app is ready until it closes (between two chunks). */
function registerJobWorker(app: FastifyInstance, deps: AppDeps) {
  const options = deps.jobWorker
  if (!options) return null
  let worker: ReturnType<typeof startJobWorker> | null = null
  // The job lets this process's requests finish first: on the embedded database (one session) a chunk
  // written while a dealer's request runs makes each of its statements wait, and on a server the
  // chunk's own work (rows parsed and checked) shares this process's thread with the request.
  const requests = trackRequests(app)
  app.addHook('onReady', async () => {
    worker = startJobWorker(
      {
        db: deps.database.db,
        now: deps.now,
        log: app.log,
        app: { publicUrl: deps.config.publicUrl, mailSignal: deps.mailSignal, sessions: deps.sessions },
      },
      // The embedded database is opened by one process only: what it finds running, its last life left.
      { ...options, onlyProcess: deps.database.kind === 'pglite', yieldTo: requests },
    )
  })
  app.addHook('onClose', async () => worker?.stop())
  return { poke: () => worker?.poke() }
}

/** The outbox worker sends from when the app is ready until it closes (before the database does). */
function registerMailOutbox(app: FastifyInstance, deps: AppDeps) {
  const worker = deps.mailWorker
    ? new MailOutboxWorker(deps.database.db, deps.mailer, deps.now, app.log, deps.mailWorker, deps.mailSignal)
    : null
  app.decorate('mailOutbox', worker)
  if (!worker) return
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', () => worker.stop())
}

/** The webhook worker sends from when the app is ready until it closes (before the database does). */
function registerWebhookWorker(app: FastifyInstance, deps: AppDeps) {
  const worker = deps.webhookWorker
    ? new WebhookWorker(deps.database.db, deps.now, app.log, deps.webhookWorker)
    : null
  app.decorate('webhooks', worker)
  if (!worker) return
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', () => worker.stop())
}

/** The remote-file worker downloads from when the app is ready until it closes (before the database does). */
function registerRemoteFiles(app: FastifyInstance, deps: AppDeps) {
  if (!deps.remoteFileWorker) return
  const worker = new RemoteFileWorker(deps.database.db, deps.now, app.log, deps.remoteFileWorker)
  app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', () => worker.stop())
}
