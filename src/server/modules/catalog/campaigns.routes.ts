import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { type Campaign, campaignsResponseSchema } from '../../../contracts/campaigns'
import { productPath } from '../../../domain/product-url'
import type { AppDeps } from '../../app-deps'
import { loadTranslations, localizeCampaign } from '../translations/translations.service'
import { findActiveCampaigns } from './campaigns.repository'
import { loadPricingContext, priceFor } from './pricing.service'

export const campaignRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    app.get(
      '/api/catalog/campaigns',
      {
        schema: {
          tags: ['catalog'],
          summary:
            "Campaign sections of the home page, priced for the visitor, named in the visitor's language",
          response: { 200: campaignsResponseSchema },
        },
      },
      async (request) => {
        const ctx = await loadPricingContext({ db, caches: request.caches }, request.user)
        const { campaignRows, productRows } = await findActiveCampaigns(db, ctx.showNotInStocks, deps.now())
        const byId = new Map<number, Campaign>(
          campaignRows.map((c) => [
            c.id,
            {
              id: c.id,
              name: c.name,
              rowCount: Math.max(1, c.rowCount),
              slidesPerView: { phone: c.slidesPhone, tablet: c.slidesTablet, desktop: c.slidesDesktop },
              products: [],
            },
          ]),
        )
        for (const p of productRows) {
          byId.get(p.campaignId)?.products.push({
            id: p.id,
            seo: p.seo,
            url: productPath(p.seo, p.id),
            name: p.name,
            code: p.code,
            image: p.image,
            quantity: ctx.showStock ? p.quantity : null,
            salePrice: priceFor(ctx, p.salePrice, p.currencyId, p.taxRate),
            listPrice: priceFor(ctx, p.listPrice, p.currencyId, p.taxRate),
            defaultUnit: p.defaultUnit,
          })
        }
        const texts = await loadTranslations({ db, caches: request.caches }, request.locale)
        return { campaigns: [...byId.values()].map((c) => localizeCampaign(c, texts)) }
      },
    )
  }
