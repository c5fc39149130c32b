import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { products } from '../../db/schema/catalogue'
import { productImages, type StoredImageSize } from '../../db/schema/product-images'

/** The SQL of the images staff upload for a product (product-uploads.service.ts). */

export type ImageRow = {
  id: number
  position: number
  isMain: boolean
  contentHash: string
  sizes: StoredImageSize[]
  width: number
  height: number
  uploadedAt: Date
  uploadedBy: string | null
}

/**
 * The product's row, locked until the transaction ends: every change to one product's images takes
 * it first, so two staff (or two processes) changing the same product's images go one after the other.
 */
export async function lockProduct(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, image: products.image, imageSourceUrl: products.imageSourceUrl })
    .from(products)
    .where(eq(products.id, productId))
    .for('update')
  return row ?? null
}

export async function productExists(db: Db, productId: number) {
  const [row] = await db
    .select({ id: products.id, image: products.image })
    .from(products)
    .where(eq(products.id, productId))
  return row ?? null
}

/** The product's images in their order. */
export function imagesOf(db: Db, productId: number): Promise<ImageRow[]> {
  return db
    .select({
      id: productImages.id,
      position: productImages.position,
      isMain: productImages.isMain,
      contentHash: productImages.contentHash,
      sizes: productImages.sizes,
      width: productImages.width,
      height: productImages.height,
      uploadedAt: productImages.uploadedAt,
      uploadedBy: users.name,
    })
    .from(productImages)
    .leftJoin(users, eq(users.id, productImages.uploadedBy))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id))
}

export async function countImages(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(productImages)
    .where(eq(productImages.productId, productId))
  return row?.n ?? 0
}

export async function insertImages(db: Db, rows: (typeof productImages.$inferInsert)[]) {
  if (rows.length === 0) return
  await db.insert(productImages).values(rows)
}

/** Which of these hashes one of the product's images has (their files are in use). */
export async function hashesInUse(db: Db, productId: number, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set()
  const rows = await db
    .select({ hash: productImages.contentHash })
    .from(productImages)
    .where(and(eq(productImages.productId, productId), inArray(productImages.contentHash, hashes)))
  return new Set(rows.map((r) => r.hash))
}

/** Positions 0, 1, 2… in the order of `ids` (all of the product's images). */
export async function writePositions(db: Db, productId: number, ids: number[]) {
  if (ids.length === 0) return
  // ordinality counts from 1; positions from 0.
  await db.execute(sql`update product_images i set position = o.ord - 1
    from unnest(${sql.param(ids)}::int[]) with ordinality as o(id, ord)
    where i.id = o.id and i.product_id = ${productId}`)
}

/** Exactly this image is the product's main one (none when null). */
export async function writeMain(db: Db, productId: number, imageId: number | null) {
  // Off first: the unique index on the flag is checked row by row.
  await db
    .update(productImages)
    .set({ isMain: false })
    .where(and(eq(productImages.productId, productId), eq(productImages.isMain, true)))
  if (imageId !== null)
    await db
      .update(productImages)
      .set({ isMain: true })
      .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)))
}

export async function deleteImageRow(db: Db, productId: number, imageId: number) {
  const [row] = await db
    .delete(productImages)
    .where(and(eq(productImages.productId, productId), eq(productImages.id, imageId)))
    .returning({ id: productImages.id, contentHash: productImages.contentHash, sizes: productImages.sizes })
  return row ?? null
}

/** What dealers see: products.image, with updated_at (its change number follows by trigger). */
export async function writeProductImage(db: Db, productId: number, image: string | null, now: Date) {
  await db.update(products).set({ image, updatedAt: now }).where(eq(products.id, productId))
}

/** Whether staff uploaded images for the product: then those, not the ERP's download, are shown. */
export async function hasUploadedImages(db: Db, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: productImages.id })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .limit(1)
  return row !== undefined
}

/** The list-size names of the product's uploaded images, the main one first, then in their order. */
export async function galleryOf(db: Db, productId: number, size: number): Promise<string[]> {
  const rows = await db
    .select({ sizes: productImages.sizes })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(desc(productImages.isMain), asc(productImages.position), asc(productImages.id))
  return rows.flatMap((r) => {
    const found = r.sizes.find((s) => s.size === size) ?? r.sizes.at(-1)
    return found ? [found.webp] : []
  })
}
