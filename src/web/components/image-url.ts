import { productImageVariant } from '../../domain/uploaded-images'

export const fallbackImage = '/images/404.png'

/** '/images/{file}' for a catalogue image name; the 404 picture when there is none. */
export function imageUrl(file: string | null | undefined): string {
  if (!file) return fallbackImage
  return `/images/${encodeURI(file.replace(/^\/+/, '').replace(/^images\//, ''))}`
}

/**
 * An uploaded product image at the size that fits a box this many pixels high (160 for the small
 * boxes of lists and the cart, else 480), as WebP and AVIF; null for any other name (the ERP's, the
 * demo's), which has one file only.
 */
export function uploadedImageSources(file: string | null | undefined, boxHeight: number) {
  const size = boxHeight <= 96 ? 160 : 480
  const webp = file ? productImageVariant(file, size, 'webp') : null
  const avif = file ? productImageVariant(file, size, 'avif') : null
  return webp && avif ? { webp: imageUrl(webp), avif: imageUrl(avif) } : null
}
