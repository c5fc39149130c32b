import rateLimit from '@fastify/rate-limit'
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  faultCategoryListSchema,
  faultPickerParamsSchema,
  faultProductListSchema,
  faultReportCreatedSchema,
  faultReportFormSchema,
  faultReportIdParamsSchema,
  faultReportListSchema,
  faultReportsQuerySchema,
} from '../../../contracts/service'
import { FAULT_PHOTO_MAX_BYTES } from '../../../domain/fault-report'
import { BASE_LOCALE } from '../../../domain/translations'
import type { AppDeps } from '../../app-deps'
import { AppError } from '../../http/errors'
import { requireDealer, requireUser } from '../../http/guards'
import { sharedRateLimitStore } from '../../http/rate-window'
import { loadTranslations, localizeCategoryNames } from '../translations/translations.service'
import { categoryProducts, subcategories } from './fault-picker.service'
import { createFaultReport, listOwnReports, type ReportPhoto, reportPhoto } from './fault-reports.service'

/** Fault reports one user may file per hour: each one mails the store. */
export const FAULT_REPORTS_PER_HOUR = 30

const reportLimit = {
  max: FAULT_REPORTS_PER_HOUR,
  timeWindow: 60 * 60_000,
  keyGenerator: (request: FastifyRequest) => `fault-report:${requireDealer(request).id}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
    new AppError(
      'rate_limited',
      'fault.rateLimited',
      { minutes: Math.ceil(context.ttl / 60_000) },
      'rate_limited',
    ),
}

/**
 * The upload of this route: one file, cut one byte past the photo limit instead of refused, so the
 * service can tell the photo is too large next to its field (the rest of the form is kept).
 */
const photoUpload = {
  limits: { files: 1, fileSize: FAULT_PHOTO_MAX_BYTES + 1 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions']

/** A stored photo as an image of its sniffed type, never interpreted as anything else. */
export function sendPhoto(reply: FastifyReply, photo: ReportPhoto) {
  const extension = photo.type.slice('image/'.length).replace('jpeg', 'jpg')
  return reply
    .header('content-type', photo.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${photo.reportNo}.${extension}"`)
    .header('cache-control', 'private, max-age=300')
    .send(photo.bytes)
}

/**
 * The fault report (spec/2 §2, §7): the picker's category levels and products for anyone logged in,
 * and for dealers filing a report, their company's list and its photos.
 */
export const faultReportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const data = { db, caches: deps.caches }
    const tags = ['fault-reports']

    const pickerRoutes: FastifyPluginAsyncZod = async (picker) => {
      picker.addHook('preValidation', async (request) => {
        requireUser(request)
      })
      picker.get(
        '/api/catalog/faultreport/basecategories/:categoryId',
        {
          schema: {
            tags,
            summary: "A category's subcategories in the catalogue's order (0: the root categories)",
            params: faultPickerParamsSchema,
            response: { 200: faultCategoryListSchema },
          },
        },
        async (request) => {
          const list = await subcategories(data, request.params.categoryId)
          if (request.locale === BASE_LOCALE) return list
          return localizeCategoryNames(list, await loadTranslations(data, request.locale))
        },
      )
      picker.get(
        '/api/catalog/faultreport/product/:categoryId',
        {
          schema: {
            tags,
            summary: "A category's own listed products by name (at most 500)",
            params: faultPickerParamsSchema,
            response: { 200: faultProductListSchema },
          },
        },
        async (request) => categoryProducts(data, request.params.categoryId),
      )
    }
    await app.register(pickerRoutes)

    const dealerRoutes: FastifyPluginAsyncZod = async (dealer) => {
      // At onRequest, not preValidation: a multipart body (up to a 5 MB photo) is read in preValidation,
      // so a guest (401) or an administrator (403) is turned away before any of it is.
      dealer.addHook('onRequest', async (request) => {
        requireDealer(request)
      })
      // Counted in the store every process shares (http/rate-window.ts).
      await dealer.register(rateLimit, { global: false, store: sharedRateLimitStore(deps.throttle.store) })

      dealer.post(
        '/api/catalog/fault-reports',
        {
          schema: {
            tags,
            summary:
              'File a fault report (multipart: productCode, serialNumber, description, contactPhone, photo); mails the store',
            consumes: ['multipart/form-data'],
            body: faultReportFormSchema,
            response: { 200: faultReportCreatedSchema },
          },
          config: { multipartOptions: photoUpload, rateLimit: reportLimit },
        },
        async (request) =>
          createFaultReport(
            { ...data, mailSignal: deps.mailSignal, publicUrl: deps.config.publicUrl },
            requireDealer(request),
            request.body,
            request.locale,
            deps.now(),
          ),
      )

      dealer.get(
        '/api/catalog/fault-reports',
        {
          schema: {
            tags,
            summary: "The dealer company's fault reports, newest first, 20 a page",
            querystring: faultReportsQuerySchema,
            response: { 200: faultReportListSchema },
          },
        },
        async (request) => listOwnReports(db, requireDealer(request), request.query.page),
      )

      dealer.get(
        '/api/catalog/fault-reports/:id/photo',
        {
          schema: {
            tags,
            summary: "A report's photo, for its own company only (another's is a 404)",
            params: faultReportIdParamsSchema,
          },
        },
        async (request, reply) =>
          sendPhoto(reply, await reportPhoto(db, request.params.id, requireDealer(request).customerId)),
      )
    }
    await app.register(dealerRoutes)
  }
