import type { FastifyContextConfig } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { okSchema } from '../../../contracts/common'
import {
  BIN_LIST_MAX_BYTES,
  bankCreateSchema,
  bankUpdateSchema,
  binApplyFormSchema,
  binApplyResultSchema,
  binPreviewSchema,
  binSummarySchema,
  binUploadFormSchema,
  defaultPlansBodySchema,
  paymentGatewayBodySchema,
  paymentGatewayViewSchema,
  planCreateSchema,
  planOrderSchema,
  planPatchSchema,
  setupBankListSchema,
  setupBankSchema,
  setupIdParamsSchema,
  setupInstallmentSchema,
  setupPlanListSchema,
  setupPlanSchema,
} from '../../../contracts/payment-setup'
import type { AppDeps } from '../../app-deps'
import { requireStaff, staffActor, staffOnly } from '../../http/guards'
import { gatewayView, saveGatewaySetting } from './payment-gateway-setting.service'
import {
  applyBin,
  createBank,
  createPlan,
  deleteBank,
  deletePlan,
  getBinSummary,
  listBanks,
  listPlans,
  orderPlans,
  previewBin,
  type SetupEdit,
  saveDefaultPlans,
  updateBank,
  updatePlan,
} from './payment-setup.service'
import { gatewayChoiceOf } from './payments.routes'

const BASE = '/yonetim/payment-setup'

/** One file, cut one byte past the limit instead of refused, so the service says the file is too large. */
const binUpload = {
  limits: { files: 1, fileSize: BIN_LIST_MAX_BYTES + 1, fields: 4 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

/**
 * The payment setup screen's API (`/yonetim/odeme-ayarlari`; area payments: the owner and accounting
 * write, every other staff role reads): payment plans, banks with their installment plans, the BIN
 * list (preview, then apply) and the virtual POS with its keys.
 */
export const paymentSetupRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['yonetim']
    const config = { staffArea: 'payments' as const }
    const data = { db: deps.database.db, caches: deps.caches }
    const edit = (request: Parameters<typeof staffActor>[0]): SetupEdit => ({
      data,
      actor: staffActor(request),
      now: deps.now(),
    })
    staffOnly(app)
    // A BIN list is read in preValidation, before staffOnly's check would run: a role that may not
    // write payments is turned away before any of the file is.
    app.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && request.url.startsWith(`${BASE}/bin/`))
        requireStaff(request, 'payments:write')
    })

    // ---- payment plans ----

    app.get(
      `${BASE}/plans`,
      {
        config,
        schema: {
          tags,
          summary:
            "The payment plans in the cart's order: name (Turkish, English), the price column each charges, card or account, default; the companies and card payments naming each",
          response: { 200: setupPlanListSchema },
        },
      },
      async (request) => listPlans({ db: data.db, caches: request.caches }, deps.now()),
    )

    app.post(
      `${BASE}/plans`,
      {
        config,
        schema: {
          tags,
          summary: 'A new payment plan, last in the order (at most 12); audited',
          body: planCreateSchema,
          response: { 200: setupPlanSchema },
        },
      },
      async (request) => createPlan(edit(request), request.body),
    )

    app.patch(
      `${BASE}/plans/:id`,
      {
        config,
        schema: {
          tags,
          summary:
            'Change a plan; its price column and card setting are refused (409 plan_in_flight) while a card payment started in it has not held its order yet',
          params: setupIdParamsSchema,
          body: planPatchSchema,
          response: { 200: setupPlanSchema },
        },
      },
      async (request) => updatePlan(edit(request), request.params.id, request.body),
    )

    app.delete(
      `${BASE}/plans/:id`,
      {
        config,
        schema: {
          tags,
          summary:
            "Delete a plan (companies naming it fall back to the store's default); 409 while card payments price in it",
          params: setupIdParamsSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await deletePlan(edit(request), request.params.id)
        return { ok: true as const }
      },
    )

    app.post(
      `${BASE}/plans/order`,
      {
        config,
        schema: {
          tags,
          summary: 'Put the plans in a new order (every plan once)',
          body: planOrderSchema,
          response: { 200: setupPlanListSchema },
        },
      },
      async (request) => orderPlans(edit(request), request.body),
    )

    // ---- banks and installment plans ----

    const gatewayQuotes = async (request: { caches: typeof deps.caches }) =>
      (await gatewayChoiceOf(deps).current(request.caches))?.name === 'iyzico'

    app.get(
      `${BASE}/banks`,
      {
        config,
        schema: {
          tags,
          summary:
            "The banks in match order with their installment plans (count, commission %, preselected) and BIN ranges, the store's default plans, the installment limit",
          response: { 200: setupBankListSchema },
        },
      },
      async (request) => listBanks({ db: data.db, caches: request.caches }, await gatewayQuotes(request)),
    )

    app.post(
      `${BASE}/banks`,
      {
        config,
        schema: {
          tags,
          summary: 'A new bank with its installment table; its issuer words claim the BIN ranges they match',
          body: bankCreateSchema,
          response: { 200: setupBankSchema },
        },
      },
      async (request) => createBank(edit(request), request.body),
    )

    app.put(
      `${BASE}/banks/:id`,
      {
        config,
        schema: {
          tags,
          summary:
            'A bank and its installment table as they are to be; payments already started keep their commission',
          params: setupIdParamsSchema,
          body: bankUpdateSchema,
          response: { 200: setupBankSchema },
        },
      },
      async (request) => updateBank(edit(request), request.params.id, request.body),
    )

    app.delete(
      `${BASE}/banks/:id`,
      {
        config,
        schema: {
          tags,
          summary: "Delete a bank and its plans; its cards get the store's default plans",
          params: setupIdParamsSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await deleteBank(edit(request), request.params.id)
        return { ok: true as const }
      },
    )

    app.put(
      `${BASE}/default-plans`,
      {
        config,
        schema: {
          tags,
          summary: "The store's default installment plans: what a card of a bank without plans is offered",
          body: defaultPlansBodySchema,
          response: { 200: z.object({ plans: z.array(setupInstallmentSchema) }) },
        },
      },
      async (request) => ({ plans: await saveDefaultPlans(edit(request), request.body) }),
    )

    // ---- the BIN list ----

    app.get(
      `${BASE}/bin`,
      {
        config,
        schema: {
          tags,
          summary: 'The BIN table: its ranges, those with a bank, per bank, and the issuers matching no bank',
          response: { 200: binSummarySchema },
        },
      },
      async () => getBinSummary(data.db),
    )

    app.post(
      `${BASE}/bin/preview`,
      {
        config: { ...config, multipartOptions: binUpload },
        schema: {
          tags,
          summary:
            'What importing a BIN list file would do (multipart: file, replace), written nowhere: rows read, banks matched, ranges added, changed, removed, the first rejected lines with why',
          consumes: ['multipart/form-data'],
          body: binUploadFormSchema,
          response: { 200: binPreviewSchema },
        },
      },
      async (request) => previewBin(data.db, request.body, BIN_LIST_MAX_BYTES),
    )

    app.post(
      `${BASE}/bin/apply`,
      {
        config: { ...config, multipartOptions: binUpload },
        schema: {
          tags,
          summary:
            "Import the previewed BIN list file (multipart: file, replace, the preview's digest) in one transaction; audited",
          consumes: ['multipart/form-data'],
          body: binApplyFormSchema,
          response: { 200: binApplyResultSchema },
        },
      },
      async (request) => applyBin(edit(request), request.body, BIN_LIST_MAX_BYTES),
    )

    // ---- the virtual POS ----

    const view = async (caches: typeof deps.caches) => {
      const gateway = await gatewayChoiceOf(deps).current(caches)
      const stored = await gatewayChoiceOf(deps).stored(caches)
      const baseUrl =
        gateway?.name === 'iyzico'
          ? deps.config.paymentGatewaySource === 'environment'
            ? (deps.config.iyzico?.baseUrl ?? null)
            : (stored?.baseUrl ?? null)
          : null
      return gatewayView(
        { db: data.db, caches },
        deps.config,
        gateway ? { gateway: gateway.name, baseUrl } : null,
        deps.now(),
      )
    }

    app.get(
      `${BASE}/gateway`,
      {
        config,
        schema: {
          tags,
          summary:
            'The virtual POS in use and who chose it (the environment wins), the stored choice with when each key was set and how it ends (never a key)',
          response: { 200: paymentGatewayViewSchema },
        },
      },
      async (request) => view(request.caches),
    )

    app.put(
      `${BASE}/gateway`,
      {
        config,
        schema: {
          tags,
          summary:
            'Choose the virtual POS and its keys (sealed; blank keeps the stored one): payments started after it use it, on every process; 409 while the environment names the gateway',
          body: paymentGatewayBodySchema,
          response: { 200: paymentGatewayViewSchema },
        },
      },
      async (request) => {
        await saveGatewaySetting(data, deps.config, staffActor(request), request.body, deps.now())
        // A fresh scope: the request's own reading of the versions was taken before the change.
        return view(deps.caches.scope())
      },
    )
  }
