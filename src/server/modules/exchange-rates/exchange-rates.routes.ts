import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  currencyCodeParamsSchema,
  exchangeRateFetchResultSchema,
  exchangeRateSettingsSchema,
  exchangeRatesSchema,
  manualRateBodySchema,
} from '../../../contracts/exchange-rates'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import { startExchangeRateWorker } from './exchange-rate-worker'
import {
  type ExchangeRateDeps,
  fetchExchangeRates,
  getExchangeRates,
  setManualRate,
  updateExchangeRateSettings,
} from './exchange-rates.service'

/** The exchange rates (area system: the owner writes): the screen's data, the settings, a fetch, a manual rate. */
export const exchangeRatesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const rateDeps = (log: ExchangeRateDeps['log']): ExchangeRateDeps => ({
      db,
      now: deps.now,
      tcmb: deps.config.tcmb,
      log,
    })
    // The daily fetch runs from when the app is ready until it closes (before the database does).
    if (deps.exchangeRateWorker) {
      const options = deps.exchangeRateWorker
      let worker: ReturnType<typeof startExchangeRateWorker> | null = null
      app.addHook('onReady', async () => {
        worker = startExchangeRateWorker(rateDeps(app.log), options)
      })
      app.addHook('onClose', async () => worker?.stop())
    }
    staffOnly(app)

    app.get(
      '/yonetim/exchange-rates',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary:
            "The store's currencies with their rate and its source, the rate settings, the last fetches",
          response: { 200: exchangeRatesSchema },
        },
      },
      async () => getExchangeRates(db),
    )

    app.post(
      '/yonetim/exchange-rates/fetch',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary:
            "Fetch the Central Bank's bulletin now; a bulletin already applied changes nothing (rates: []). 502 when it cannot be fetched",
          response: { 200: exchangeRateFetchResultSchema },
        },
      },
      async (request) => fetchExchangeRates(rateDeps(request.log), staffActor(request)),
    )

    app.put(
      '/yonetim/exchange-rates/settings',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: 'Which bulletin rate the store takes and the markup added to it (from the next fetch)',
          body: exchangeRateSettingsSchema,
          response: { 200: exchangeRatesSchema },
        },
      },
      async (request) => updateExchangeRateSettings(db, staffActor(request), request.body, deps.now()),
    )

    app.put(
      '/yonetim/exchange-rates/:code',
      {
        config: { staffArea: 'system' },
        schema: {
          tags,
          summary: "A currency's rate set by hand; pinned keeps it through the bank's bulletins",
          params: currencyCodeParamsSchema,
          body: manualRateBodySchema,
          response: { 200: exchangeRatesSchema },
        },
      },
      async (request) =>
        setManualRate(db, staffActor(request), request.params.code, request.body, deps.now()),
    )
  }
