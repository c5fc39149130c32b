import { z } from 'zod'
import { dbId, dbIdFromText } from './common'

/** A product has at most this many uploaded images. */
export const PRODUCT_IMAGES_MAX = 12
/** One uploaded file at most (before it is made smaller). */
export const PRODUCT_IMAGE_MAX_BYTES = 15 * 1024 * 1024
/** The store's logo file at most. */
export const STORE_LOGO_MAX_BYTES = 5 * 1024 * 1024

/**
 * The long side of each stored size, in pixels (never enlarged): 160 for the lists, cart and search
 * suggestions (48–80 px boxes on screens of twice the density), 480 for the catalogue's cards and the
 * product page (229 px boxes), 1200 to look at closely.
 */
export const PRODUCT_IMAGE_SIZES = [160, 480, 1200] as const
export type ProductImageSize = (typeof PRODUCT_IMAGE_SIZES)[number]
/** The size whose WebP name goes into products.image: what the catalogue, search and cart show. */
export const PRODUCT_LIST_SIZE: ProductImageSize = 480

const nameSchema = z.string()

export const productImageSchema = z.object({
  id: z.number(),
  position: z.number(),
  isMain: z.boolean(),
  /** Each size as stored: its pixels and the names of its WebP and AVIF files under /images. */
  sizes: z.array(
    z.object({
      size: z.number(),
      width: z.number(),
      height: z.number(),
      webp: nameSchema,
      avif: nameSchema,
    }),
  ),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
})
export type ProductImage = z.infer<typeof productImageSchema>

export const productImageListSchema = z.object({
  productId: z.number(),
  items: z.array(productImageSchema),
  /** products.image: the main image's list-size name, what dealers see (null: no image). */
  image: z.string().nullable(),
  max: z.number(),
  maxBytes: z.number(),
})
export type ProductImageList = z.infer<typeof productImageListSchema>

export const productImagesParamsSchema = z.object({ id: dbIdFromText })
export const productImageParamsSchema = z.object({ id: dbIdFromText, imageId: dbIdFromText })

/** The uploaded files (multipart, field `files`, one or more). */
export const productImagesUploadSchema = z.strictObject({
  files: z
    .union([
      z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' }),
      z.array(z.custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })).min(1),
    ])
    .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG, WebP, AVIF or GIF; one or more' }),
})

/** The product's every image id, in the new order. */
export const productImagesOrderSchema = z.strictObject({
  ids: z.array(dbId).min(1).max(PRODUCT_IMAGES_MAX),
})

/** The store's logo as uploaded: its name under /images (80 px high) and its 2x (160 px) twin. */
export const storeLogoSchema = z.object({
  logo: z.string().nullable(),
  logo2x: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
})
export type StoreLogo = z.infer<typeof storeLogoSchema>

export const storeLogoUploadSchema = z.strictObject({
  file: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })
    .meta({ type: 'string', format: 'binary', description: 'PNG, JPEG or WebP' }),
})
