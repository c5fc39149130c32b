import { createHash } from 'node:crypto'
import sharp from 'sharp'
import type { Db } from '../../db/client'
import {
  type ClaimedImage,
  claimDueImage,
  deleteImageFileIfUnused,
  dropImageFetches,
  findImageFile,
  markImageFetched,
  markImageFetchFailed,
  queueImageFetches,
  replaceProductImage,
  saveImageFile,
} from './product-images.repository'
import { hasUploadedImages, lockProduct } from './product-uploads.repository'

export type { ClaimedImage }

/**
 * Product images from the ERP's addresses (`imageUrl` of a product row): the upsert queues a download
 * when the address is new or changed, the remote-file worker downloads and resizes it outside any
 * transaction, and the result is kept here and named in `products.image`.
 */

/** The long side of a stored product image at most: the product page's picture, and sharp enough on cards. */
export const PRODUCT_IMAGE_MAX_SIDE = 800
const PRODUCT_IMAGE_QUALITY = 80
/** A decompression bomb (a small file claiming huge dimensions) is refused before it is unpacked. */
const MAX_INPUT_PIXELS = 100_000_000
/** Names under products.image of downloaded images; served by product-images.routes.ts. */
export const DOWNLOADED_IMAGE_DIR = 'erp'

export { dropImageFetches as dropProductImageDownloads, queueImageFetches as queueProductImageDownloads }

export const claimProductImageDownload = (db: Db, now: Date, leaseUntil: Date) =>
  claimDueImage(db, now, leaseUntil)

export const failProductImageDownload = (
  db: Db,
  claim: ClaimedImage,
  error: string,
  next: Date | null,
  now: Date,
) => markImageFetchFailed(db, claim, error, next, now)

/**
 * A downloaded picture as the catalogue keeps it: decoded and drawn again as WebP, turned upright,
 * at most PRODUCT_IMAGE_MAX_SIDE on the long side (never enlarged), without the file's metadata.
 * Null when the bytes are no picture sharp can read.
 */
export async function resizeProductImage(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({
        width: PRODUCT_IMAGE_MAX_SIDE,
        height: PRODUCT_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: PRODUCT_IMAGE_QUALITY })
      .toBuffer()
  } catch {
    return null
  }
}

/**
 * A resized image kept and shown for its product, in one short transaction; nothing when the claim no
 * longer holds (the ERP sent another address meanwhile). The file is named by its content's hash, so
 * its address can be cached for good; the image it replaces goes when no product shows it.
 */
export async function storeProductImage(
  db: Db,
  claim: ClaimedImage,
  webp: Buffer,
  now: Date,
): Promise<boolean> {
  const name = `${DOWNLOADED_IMAGE_DIR}/${createHash('sha256').update(webp).digest('hex').slice(0, 32)}.webp`
  return db.transaction(async (tx) => {
    if (!(await markImageFetched(tx, claim, now))) return false
    // Images staff uploaded are what the product shows; the ERP's waits until they are all deleted
    // (then it is downloaded again). The row is locked first, as an upload's transaction locks it,
    // so an upload committing meanwhile is seen here rather than overwritten.
    await lockProduct(tx, claim.productId)
    if (await hasUploadedImages(tx, claim.productId)) return true
    await saveImageFile(tx, { name, contentType: 'image/webp', bytes: webp }, now)
    const old = await replaceProductImage(tx, claim.productId, name, now)
    if (old && old !== name && old.startsWith(`${DOWNLOADED_IMAGE_DIR}/`))
      await deleteImageFileIfUnused(tx, old)
    return true
  })
}

/** A stored downloaded image by its name under products.image ('erp/….webp'), or null. */
export const productImageFile = (db: Db, name: string) => findImageFile(db, name)
