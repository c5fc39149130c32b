import sharp from 'sharp'

/** The long side of a stored photo at most: enough to read a label or a serial plate. */
export const PHOTO_MAX_SIDE = 2000
/** JPEG quality of a stored photo: no visible loss on a photograph, a few hundred KB at 2000 px. */
export const PHOTO_JPEG_QUALITY = 82
/**
 * The largest picture decoded (width × height): a 200-megapixel phone's photo, not a small file
 * that claims 30,000 × 30,000 pixels and would take gigabytes to unpack.
 */
const MAX_INPUT_PIXELS = 200_000_000

/**
 * A dealer's photo as it is kept: decoded and drawn again as a JPEG, turned upright by its EXIF
 * orientation, at most PHOTO_MAX_SIDE on the long side, transparency on white, and without any of the
 * file's metadata (EXIF with the phone's GPS position, the device's make and serial, XMP, IPTC, ICC:
 * sharp copies none unless asked). Null when the bytes are no picture it can read through: a damaged
 * or cut-off file, or one that only starts like an image.
 */
export async function reencodePhoto(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .autoOrient()
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: PHOTO_JPEG_QUALITY })
      .toBuffer()
  } catch {
    return null
  }
}
