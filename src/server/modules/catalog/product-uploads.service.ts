import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGE_SIZES,
  PRODUCT_IMAGES_MAX,
  PRODUCT_LIST_SIZE,
  type ProductImage,
  type ProductImageList,
} from '../../../contracts/product-images'
import type { AuditValue } from '../../../domain/audit'
import { productImageName, UPLOADED_IMAGE_NAME } from '../../../domain/uploaded-images'
import { type Caches, productKey } from '../../cache/caches'
import type { Db } from '../../db/client'
import type { StoredImageSize } from '../../db/schema/product-images'
import { AppError, notFound } from '../../http/errors'
import type { MessageKey, MessageParams } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { processProductImage, sniffImage, UnreadableImage } from '../../images/image-processing'
import type { ObjectStore, StoredObject } from '../../integrations/object-store'
import { recordAudit } from '../audit/audit.service'
import { deleteImageFileIfUnused, queueImageFetches } from './product-images.repository'
import {
  countImages,
  deleteImageRow,
  hashesInUse,
  type ImageRow,
  imagesOf,
  insertImages,
  lockProduct,
  productExists,
  writeMain,
  writePositions,
  writeProductImage,
} from './product-uploads.repository'

/**
 * Images staff upload for a product: several, in order, one main. Every change follows one path:
 * the files are made and written to the image store first, outside any transaction; then one short
 * transaction, holding the product's row, records them, settles which image is the main one, copies
 * its list-size name into products.image (what the catalogue, search, cart and product page read on
 * their next request) and writes the audit record. Files are deleted only after the transaction that
 * let go of them has committed.
 *
 * Orphans: a process that dies between writing the files and committing, or a store that fails
 * while files are cleaned up after a refusal or a delete, leaves files no row names. That is harmless:
 * a name is its content's hash under the product's own prefix, so nothing links to such a file and a
 * later upload of the same picture simply writes it again; it only takes space.
 */

export type ImageDeps = {
  db: Db
  caches: Caches
  store: ObjectStore
  log?: { warn: (o: object, m: string) => void }
}

type Prepared = {
  hash: string
  width: number
  height: number
  sizes: StoredImageSize[]
  files: { key: string; bytes: Buffer; contentType: string }[]
}

const refuse = (key: MessageKey, params: MessageParams | undefined, code: string) =>
  new AppError('bad_request', key, params, code)
const tooMany = (count: number) =>
  refuse('productImages.tooMany', { max: PRODUCT_IMAGES_MAX, count }, 'too_many_images')

const listName = (row: Pick<ImageRow, 'sizes'>) =>
  row.sizes.find((s) => s.size === PRODUCT_LIST_SIZE)?.webp ?? row.sizes.at(-1)!.webp

const view = (row: ImageRow): ProductImage => ({
  id: row.id,
  position: row.position,
  isMain: row.isMain,
  sizes: row.sizes,
  uploadedAt: row.uploadedAt.toISOString(),
  uploadedBy: row.uploadedBy,
})

/** GET /yonetim/products/{id}/images */
export async function listProductImages(db: Db, productId: number): Promise<ProductImageList> {
  const product = await productExists(db, productId)
  if (!product) throw notFound()
  return {
    productId,
    items: (await imagesOf(db, productId)).map(view),
    image: product.image,
    max: PRODUCT_IMAGES_MAX,
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
  }
}

/** Cheap checks of every file first (size, kind by its first bytes), so a bad one is refused at once. */
function checkFiles(files: Uint8Array[]) {
  if (files.length === 0) throw refuse('productImages.noFile', undefined, 'no_file')
  files.forEach((file, i) => {
    const n = i + 1
    if (file.byteLength === 0) throw refuse('productImages.empty', { n }, 'file_empty')
    // The upload is cut one byte past the limit (product-uploads.routes.ts), so a longer file says so.
    if (file.byteLength > PRODUCT_IMAGE_MAX_BYTES)
      throw refuse(
        'productImages.tooLarge',
        { n, mb: PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024 },
        'file_too_large',
      )
    const kind = sniffImage(file)
    if (kind === null || kind === 'svg') throw refuse('productImages.notImage', { n }, 'not_an_image')
  })
}

/** Each file made into its sizes and formats, one after another (a 12-megapixel decode at a time). */
async function prepare(productId: number, files: Uint8Array[], taken: Set<string>): Promise<Prepared[]> {
  const prepared: Prepared[] = []
  for (const [i, file] of files.entries()) {
    const n = i + 1
    let image: Awaited<ReturnType<typeof processProductImage>>
    try {
      image = await processProductImage(file, PRODUCT_IMAGE_SIZES)
    } catch (err) {
      if (err instanceof UnreadableImage) throw refuse('productImages.unreadable', { n }, 'unreadable_image')
      throw err
    }
    if (taken.has(image.hash) || prepared.some((p) => p.hash === image.hash))
      throw refuse('productImages.duplicate', { n }, 'duplicate_image')
    const sizes: StoredImageSize[] = []
    const keyed: Prepared['files'] = []
    for (const size of image.sizes) {
      const names = { webp: '', avif: '' }
      for (const file of size.files) {
        names[file.format] = productImageName(productId, image.hash, size.size, file.format)
        keyed.push({ key: names[file.format], bytes: file.bytes, contentType: file.contentType })
      }
      sizes.push({ size: size.size, width: size.width, height: size.height, ...names })
    }
    prepared.push({ hash: image.hash, width: image.width, height: image.height, sizes, files: keyed })
  }
  return prepared
}

const keysOf = (sizes: StoredImageSize[]) => sizes.flatMap((s) => [s.webp, s.avif])

/**
 * Deletes the files of these images unless a committed row names their hash: after a refused upload
 * (another request may have recorded the very same picture meanwhile) and after a delete. A failure
 * here is logged and left: an orphan file is harmless (above).
 */
async function dropFiles(deps: ImageDeps, productId: number, images: { hash: string; keys: string[] }[]) {
  if (images.length === 0) return
  const inUse = await hashesInUse(
    deps.db,
    productId,
    images.map((i) => i.hash),
  )
  for (const image of images) {
    if (inUse.has(image.hash)) continue
    for (const key of image.keys) {
      await deps.store.delete(key).catch((err: unknown) => {
        deps.log?.warn(
          { key, error: err instanceof Error ? err.message : String(err) },
          'image file not deleted',
        )
      })
    }
  }
}

const auditView = (rows: ImageRow[], image: string | null): Record<string, AuditValue> => ({
  images: rows.map((r) => String(r.id)),
  mainImage: rows.find((r) => r.isMain)?.id.toString() ?? null,
  image,
})

/**
 * Inside the change's transaction, after its rows are written: the first image becomes the main one
 * when none is (a first upload, the main one deleted), products.image follows the main image, and
 * the change is audited. With no uploaded image left, the ERP's picture (when it names an address) is
 * downloaded again, as its image worker does for a new address.
 */
async function settle(
  tx: Db,
  actor: StaffActor,
  product: NonNullable<Awaited<ReturnType<typeof lockProduct>>>,
  before: ImageRow[],
  action: string,
  now: Date,
) {
  let after = await imagesOf(tx, product.id)
  if (after.length > 0 && !after.some((r) => r.isMain)) {
    await writeMain(tx, product.id, after[0]!.id)
    after = after.map((r, i) => ({ ...r, isMain: i === 0 }))
  }
  const main = after.find((r) => r.isMain)
  const image = main ? listName(main) : null
  if (image !== product.image) {
    await writeProductImage(tx, product.id, image, now)
    // The ERP's downloaded picture this replaced goes when no product shows it (as its worker does).
    if (product.image && !UPLOADED_IMAGE_NAME.test(product.image))
      await deleteImageFileIfUnused(tx, product.image)
    if (image === null && product.imageSourceUrl)
      await queueImageFetches(tx, [{ productId: product.id, url: product.imageSourceUrl }], now)
  }
  await recordAudit(
    tx,
    actor,
    {
      entity: 'product',
      entityId: product.id,
      action,
      before: auditView(before, product.image),
      after: auditView(after, image),
    },
    now,
  )
}

/** One change of a product's images in one transaction on its locked row; 404 for no such product. */
async function change(
  deps: ImageDeps,
  actor: StaffActor,
  productId: number,
  action: string,
  now: Date,
  write: (tx: Db, before: ImageRow[]) => Promise<void>,
) {
  await deps.db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId)
    if (!product) throw notFound()
    const before = await imagesOf(tx, productId)
    await write(tx, before)
    await settle(tx, actor, product, before, action, now)
  })
  // Other processes' search indexes read the product again before their next page (change_seq
  // already tells them; this makes it immediate).
  deps.caches.forget({ list: productKey(productId) })
}

/** POST /yonetim/products/{id}/images: the files added after the product's images, in their order. */
export async function uploadProductImages(
  deps: ImageDeps,
  actor: StaffActor,
  productId: number,
  files: Uint8Array[],
  now: Date,
): Promise<ProductImageList> {
  if (!(await productExists(deps.db, productId))) throw notFound()
  checkFiles(files)
  const count = await countImages(deps.db, productId)
  if (count + files.length > PRODUCT_IMAGES_MAX) throw tooMany(count)
  const existing = new Set((await imagesOf(deps.db, productId)).map((r) => r.contentHash))
  const prepared = await prepare(productId, files, existing)

  const written = prepared.map((p) => ({ hash: p.hash, keys: p.files.map((f) => f.key) }))
  try {
    for (const image of prepared)
      await Promise.all(image.files.map((f) => deps.store.put(f.key, f.bytes, f.contentType)))
    await change(deps, actor, productId, 'image_upload', now, async (tx, before) => {
      // Checked again on the locked row: another upload may have come first.
      if (before.length + prepared.length > PRODUCT_IMAGES_MAX) throw tooMany(before.length)
      const clash = prepared.findIndex((p) => before.some((r) => r.contentHash === p.hash))
      if (clash >= 0) throw refuse('productImages.duplicate', { n: clash + 1 }, 'duplicate_image')
      const next = before.reduce((max, r) => Math.max(max, r.position + 1), 0)
      await insertImages(
        tx,
        prepared.map((p, i) => ({
          productId,
          position: next + i,
          isMain: false,
          contentHash: p.hash,
          sizes: p.sizes,
          width: p.width,
          height: p.height,
          uploadedBy: actor.id,
          uploadedAt: now,
        })),
      )
    })
  } catch (err) {
    await dropFiles(deps, productId, written)
    throw err
  }
  return listProductImages(deps.db, productId)
}

/** PUT /yonetim/products/{id}/images/order: every one of the product's images, in the new order. */
export async function reorderProductImages(
  deps: ImageDeps,
  actor: StaffActor,
  productId: number,
  ids: number[],
  now: Date,
): Promise<ProductImageList> {
  await change(deps, actor, productId, 'image_order', now, async (tx, before) => {
    const same =
      ids.length === before.length &&
      new Set(ids).size === ids.length &&
      ids.every((id) => before.some((r) => r.id === id))
    if (!same) throw refuse('productImages.orderMismatch', undefined, 'order_mismatch')
    await writePositions(tx, productId, ids)
  })
  return listProductImages(deps.db, productId)
}

/** POST /yonetim/products/{id}/images/{imageId}/main */
export async function makeMainImage(
  deps: ImageDeps,
  actor: StaffActor,
  productId: number,
  imageId: number,
  now: Date,
): Promise<ProductImageList> {
  await change(deps, actor, productId, 'image_main', now, async (tx, before) => {
    if (!before.some((r) => r.id === imageId)) throw notFound()
    await writeMain(tx, productId, imageId)
  })
  return listProductImages(deps.db, productId)
}

/** DELETE /yonetim/products/{id}/images/{imageId}: the main one's place goes to the first of the rest. */
export async function deleteProductImage(
  deps: ImageDeps,
  actor: StaffActor,
  productId: number,
  imageId: number,
  now: Date,
): Promise<ProductImageList> {
  let gone: { hash: string; keys: string[] } | null = null
  await change(deps, actor, productId, 'image_delete', now, async (tx) => {
    const row = await deleteImageRow(tx, productId, imageId)
    if (!row) throw notFound()
    gone = { hash: row.contentHash, keys: keysOf(row.sizes) }
  })
  if (gone) await dropFiles(deps, productId, [gone])
  return listProductImages(deps.db, productId)
}

/** An uploaded image's file by its name under /images (`up/…`), or null. */
export async function uploadedImageFile(store: ObjectStore, name: string): Promise<StoredObject | null> {
  if (!UPLOADED_IMAGE_NAME.test(name)) return null
  return store.get(name)
}
