/**
 * The names of uploaded images under /images (and their keys in the image store): a product's
 * `up/p/{productId}/{hash}-{size}.{webp|avif}`, the store logo's `up/logo/{hash}-h{height}.webp`.
 * The hash is the uploaded file's content (with the processing's version), so a name never changes
 * content and is cached for a year; every size and format of one upload shares it, so the web can
 * ask for another size or format of a name it has.
 */

export type UploadedFormat = 'webp' | 'avif'

/** Any uploaded image's name: group 1 the owner (`p/12`, `logo`), 2 the hash, 3 the size, 4 the format. */
export const UPLOADED_IMAGE_NAME =
  /^up\/(p\/[1-9][0-9]{0,9}|logo)\/([0-9a-f]{32})-(h?[1-9][0-9]{1,3})\.(webp|avif)$/

export const productImageName = (productId: number, hash: string, size: number, format: UploadedFormat) =>
  `up/p/${productId}/${hash}-${size}.${format}`

export const logoImageName = (hash: string, height: number) => `up/logo/${hash}-h${height}.webp`

const PRODUCT_NAME = /^(up\/p\/[1-9][0-9]{0,9}\/[0-9a-f]{32})-([1-9][0-9]{1,3})\.(webp|avif)$/

/** Another size or format of an uploaded product image's name; null for any other name (the ERP's, the demo's). */
export function productImageVariant(name: string, size: number, format: UploadedFormat): string | null {
  const match = PRODUCT_NAME.exec(name)
  return match ? `${match[1]}-${size}.${format}` : null
}

const LOGO_NAME = /^(up\/logo\/[0-9a-f]{32})-h([1-9][0-9]{1,3})\.webp$/

/** The twice-as-dense twin of an uploaded logo's name (h80 → h160); null for any other logo. */
export function logoImage2x(name: string): string | null {
  const match = LOGO_NAME.exec(name)
  return match ? `${match[1]}-h${Number(match[2]) * 2}.webp` : null
}
