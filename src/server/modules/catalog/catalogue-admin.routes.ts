import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  brandCreateSchema,
  brandPatchSchema,
  catalogueIdParamsSchema,
  categoryCreateSchema,
  categoryPatchSchema,
  categoryReorderSchema,
  modelCreateSchema,
  modelParamsSchema,
  modelPatchSchema,
  staffBrandListSchema,
  staffBrandSchema,
  staffCategoryListSchema,
  staffCategorySchema,
  staffWarehouseListSchema,
  staffWarehouseSchema,
  warehouseCreateSchema,
  warehousePatchSchema,
} from '../../../contracts/staff-catalogue'
import type { AppDeps } from '../../app-deps'
import { staffActor, staffOnly } from '../../http/guards'
import {
  createBrand,
  createCategory,
  createModel,
  createWarehouse,
  listBrands,
  listCategories,
  listWarehouses,
  renameBrand,
  reorderCategories,
  updateCategory,
  updateModel,
  updateWarehouse,
} from './catalogue-admin.service'

/** Categories, brands with models and warehouses (catalogue area: every staff user reads, the catalogue role writes). */
export const catalogueAdminRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps.database
    const tags = ['yonetim']
    const config = { staffArea: 'catalogue' } as const
    staffOnly(app)
    const edit = (request: Parameters<typeof staffActor>[0]) => ({
      data: { db, caches: request.caches },
      actor: staffActor(request),
      now: deps.now(),
    })

    app.get(
      '/yonetim/categories',
      {
        config,
        schema: {
          tags,
          summary: 'Every category in tree order with its code, English name and product count',
          response: { 200: staffCategoryListSchema },
        },
      },
      async (request) => listCategories({ db, caches: request.caches }),
    )

    app.post(
      '/yonetim/categories',
      {
        config,
        schema: {
          tags,
          summary:
            'A new category (top level, or under parentId), last among its siblings; 409 when the code is taken',
          body: categoryCreateSchema,
          response: { 201: staffCategorySchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createCategory(edit(request), request.body)),
    )

    app.patch(
      '/yonetim/categories/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Rename a category, move it under another parent (null: to the top; never under itself) or change its place',
          params: catalogueIdParamsSchema,
          body: categoryPatchSchema,
          response: { 200: staffCategorySchema },
        },
      },
      async (request) => updateCategory(edit(request), request.params.id, request.body),
    )

    app.post(
      '/yonetim/categories/reorder',
      {
        config,
        schema: {
          tags,
          summary: "One parent's subcategories in a new order (each of them once)",
          body: categoryReorderSchema,
          response: { 200: staffCategoryListSchema },
        },
      },
      async (request) => reorderCategories(edit(request), request.body),
    )

    app.get(
      '/yonetim/brands',
      {
        config,
        schema: {
          tags,
          summary: 'Every brand by name with its models and product count',
          response: { 200: staffBrandListSchema },
        },
      },
      async () => listBrands(db),
    )

    app.post(
      '/yonetim/brands',
      {
        config,
        schema: {
          tags,
          summary: 'A new brand; 409 when the code is taken',
          body: brandCreateSchema,
          response: { 201: staffBrandSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createBrand(edit(request), request.body)),
    )

    app.patch(
      '/yonetim/brands/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a brand',
          params: catalogueIdParamsSchema,
          body: brandPatchSchema,
          response: { 200: staffBrandSchema },
        },
      },
      async (request) => renameBrand(edit(request), request.params.id, request.body),
    )

    app.post(
      '/yonetim/brands/:id/models',
      {
        config,
        schema: {
          tags,
          summary: 'A new model of the brand; 409 when the brand already has the code',
          params: catalogueIdParamsSchema,
          body: modelCreateSchema,
          response: { 201: staffBrandSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createModel(edit(request), request.params.id, request.body)),
    )

    app.patch(
      '/yonetim/brands/:id/models/:modelId',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a model',
          params: modelParamsSchema,
          body: modelPatchSchema,
          response: { 200: staffBrandSchema },
        },
      },
      async (request) => updateModel(edit(request), request.params.id, request.params.modelId, request.body),
    )

    app.get(
      '/yonetim/warehouses',
      {
        config,
        schema: {
          tags,
          summary: 'Every warehouse in its order with the units in stock there',
          response: { 200: staffWarehouseListSchema },
        },
      },
      async () => listWarehouses(db),
    )

    app.post(
      '/yonetim/warehouses',
      {
        config,
        schema: {
          tags,
          summary: 'A new warehouse; 409 when the code is taken',
          body: warehouseCreateSchema,
          response: { 201: staffWarehouseSchema },
        },
      },
      async (request, reply) => reply.code(201).send(await createWarehouse(edit(request), request.body)),
    )

    app.patch(
      '/yonetim/warehouses/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename a warehouse or change its place',
          params: catalogueIdParamsSchema,
          body: warehousePatchSchema,
          response: { 200: staffWarehouseSchema },
        },
      },
      async (request) => updateWarehouse(edit(request), request.params.id, request.body),
    )
  }
