import { createHash } from 'node:crypto'
import sharp from 'sharp'

/**
 * Uploaded pictures made into what the pages show: the kind told by the file's first bytes (never its
 * name or the browser's word), decoded once, turned upright by its EXIF orientation, drawn again at
 * each size without any of the file's metadata (EXIF, GPS, ICC, XMP: sharp keeps none unless asked).
 */

export type SniffedKind = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'svg'

/** A decompression bomb (a small file claiming huge dimensions) is refused before it is unpacked. */
const MAX_INPUT_PIXELS = 100_000_000
/**
 * Part of every hash: a change to the sizes or qualities below must change the names too, or a
 * browser holding the old file for a year under the same name would never see the new one.
 */
const PROCESSING_VERSION = 'v1:webp80:avif50e3'

const startsWith = (bytes: Uint8Array, ...values: number[]) => values.every((v, i) => bytes[i] === v)
const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, to)).toString('latin1')

/** The picture format of these bytes by their signature, or null. */
export function sniffImage(bytes: Uint8Array): SniffedKind | null {
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpeg'
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif'
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp'
  // ISO-BMFF: [size]['ftyp'][major brand][minor version][compatible brands…]; AVIF names avif or avis.
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = Math.min(bytes.length, new DataView(bytes.buffer, bytes.byteOffset).getUint32(0) || 0, 64)
    const brands = [ascii(bytes, 8, 12)]
    for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(ascii(bytes, at, at + 4))
    return brands.includes('avif') || brands.includes('avis') ? 'avif' : null
  }
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'svg'
  return null
}

export type ImageFile = { format: 'webp' | 'avif'; contentType: string; bytes: Buffer }
export type ImageSize = { size: number; width: number; height: number; files: ImageFile[] }
export type ProcessedImage = { hash: string; width: number; height: number; sizes: ImageSize[] }

/** A file sharp could not read as the picture its signature says. */
export class UnreadableImage extends Error {}

const hashOf = (bytes: Uint8Array, purpose: string) =>
  createHash('sha256').update(`${PROCESSING_VERSION}:${purpose}:`).update(bytes).digest('hex').slice(0, 32)

/** Decoded once, upright, at most `longSide` on its long side: raw pixels every size is drawn from. */
async function uprightPixels(bytes: Uint8Array, longSide: number) {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height, channels: info.channels }
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message.slice(0, 200) : 'unreadable')
  }
}

const fromPixels = (p: Awaited<ReturnType<typeof uprightPixels>>) =>
  sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } })

/**
 * A product picture at each size (the long side at most `size`, never enlarged), as WebP and AVIF.
 * WebP is what every browser shows; AVIF is 40–50% smaller again at these sizes. A 4000×3000 JPEG
 * took 1.1–1.4 s in all on a 2-core machine (the decode 0.1 s, WebP 0.2 s, AVIF at effort 3 the rest),
 * paid once per upload on libvips' threads, not the event loop (docs/decisions.md, "Product images").
 */
export async function processProductImage(
  bytes: Uint8Array,
  sizes: readonly number[],
): Promise<ProcessedImage> {
  const largest = Math.max(...sizes)
  const pixels = await uprightPixels(bytes, largest)
  const drawn: ImageSize[] = []
  for (const size of [...sizes].sort((a, b) => a - b)) {
    const resized = () =>
      fromPixels(pixels).resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    const [webp, avif] = await Promise.all([
      resized().webp({ quality: 80 }).toBuffer({ resolveWithObject: true }),
      resized().avif({ quality: 50, effort: 3 }).toBuffer({ resolveWithObject: true }),
    ])
    drawn.push({
      size,
      width: webp.info.width,
      height: webp.info.height,
      files: [
        { format: 'webp', contentType: 'image/webp', bytes: webp.data },
        { format: 'avif', contentType: 'image/avif', bytes: avif.data },
      ],
    })
  }
  return { hash: hashOf(bytes, 'product'), width: pixels.width, height: pixels.height, sizes: drawn }
}

/** At most this wide for each pixel of height: a banner-like logo is cut down to a sensible width. */
const LOGO_MAX_ASPECT = 8

/**
 * The store's logo at each height (80 px, and 160 for screens of twice the density), as lossless WebP
 * (a logo's flat colours and sharp edges blur under lossy coding), never enlarged.
 */
export async function processLogo(bytes: Uint8Array, heights: readonly number[]): Promise<ProcessedImage> {
  const tallest = Math.max(...heights)
  let pixels: Awaited<ReturnType<typeof uprightPixels>>
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ height: tallest, width: tallest * LOGO_MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    pixels = { data, width: info.width, height: info.height, channels: info.channels }
  } catch (err) {
    throw new UnreadableImage(err instanceof Error ? err.message.slice(0, 200) : 'unreadable')
  }
  const drawn: ImageSize[] = []
  for (const height of [...heights].sort((a, b) => a - b)) {
    const webp = await fromPixels(pixels)
      .resize({ height, width: height * LOGO_MAX_ASPECT, fit: 'inside', withoutEnlargement: true })
      .webp({ lossless: true })
      .toBuffer({ resolveWithObject: true })
    drawn.push({
      size: height,
      width: webp.info.width,
      height: webp.info.height,
      files: [{ format: 'webp', contentType: 'image/webp', bytes: webp.data }],
    })
  }
  return { hash: hashOf(bytes, 'logo'), width: pixels.width, height: pixels.height, sizes: drawn }
}

export const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif' }
