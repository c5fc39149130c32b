import { STORE_LOGO_MAX_BYTES, type StoreLogo } from '../../../contracts/product-images'
import { logoImage2x, logoImageName } from '../../../domain/uploaded-images'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { processLogo, sniffImage, UnreadableImage } from '../../images/image-processing'
import type { ObjectStore } from '../../integrations/object-store'
import { recordAudit } from '../audit/audit.service'
import { readStoreInfo, writeStoreInfo } from './store.repository'

/**
 * The store's logo uploaded from the settings screen: 80 px high (the header shows it at 40) and 160
 * for screens of twice the density, in the image store like the product images, named in
 * store_info.logo (the bootstrap's store.logo). As there, the files are written before the transaction
 * that names them, and the old logo's files are deleted after the one that let go of them; a failure
 * in between leaves an unnamed file, which takes space and nothing else.
 */

export type LogoDeps = { db: Db; store: ObjectStore; log?: { warn: (o: object, m: string) => void } }

/** The heights stored; the first is what store.logo names. */
const LOGO_HEIGHTS = [80, 160] as const
const ACCEPTED = new Set(['png', 'jpeg', 'webp'])

const refuse = (key: 'storeLogo.svg' | 'storeLogo.notImage' | 'storeLogo.unreadable', code: string) =>
  new AppError('bad_request', key, undefined, code)

const filesOfLogo = (name: string | null) => {
  const twin = name ? logoImage2x(name) : null
  return name && twin ? [name, twin] : []
}

const logoView = (name: string | null, size?: { width: number; height: number }): StoreLogo => ({
  logo: name,
  logo2x: name ? logoImage2x(name) : null,
  width: size?.width ?? null,
  height: size?.height ?? null,
})

async function dropLogoFiles(deps: LogoDeps, name: string | null) {
  for (const key of filesOfLogo(name))
    await deps.store.delete(key).catch((err: unknown) => {
      deps.log?.warn(
        { key, error: err instanceof Error ? err.message : String(err) },
        'logo file not deleted',
      )
    })
}

/** Names `logo` (null: the default logo) as the store's, audited; answers the one it replaced. */
async function writeLogo(db: Db, actor: StaffActor, logo: string | null, now: Date) {
  return db.transaction(async (tx) => {
    const before = (await readStoreInfo(tx)).logo
    if (before === logo) return before
    await writeStoreInfo(tx, 'logo', logo)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'store_setting',
        entityId: 'logo',
        action: 'update',
        before: { value: before },
        after: { value: logo },
      },
      now,
    )
    return before
  })
}

/**
 * POST /yonetim/settings/logo: a PNG, JPEG or WebP (by its first bytes). SVG is refused rather than
 * cleaned: an SVG is a document that can carry scripts and outside references, and a sanitiser that
 * misses one serves them from our own origin.
 */
export async function uploadStoreLogo(deps: LogoDeps, actor: StaffActor, file: Uint8Array, now: Date) {
  if (file.byteLength > STORE_LOGO_MAX_BYTES)
    throw new AppError(
      'bad_request',
      'storeLogo.tooLarge',
      { mb: STORE_LOGO_MAX_BYTES / 1024 / 1024 },
      'file_too_large',
    )
  const kind = sniffImage(file)
  if (kind === 'svg') throw refuse('storeLogo.svg', 'svg_refused')
  if (kind === null || !ACCEPTED.has(kind)) throw refuse('storeLogo.notImage', 'not_an_image')
  let logo: Awaited<ReturnType<typeof processLogo>>
  try {
    logo = await processLogo(file, LOGO_HEIGHTS)
  } catch (err) {
    if (err instanceof UnreadableImage) throw refuse('storeLogo.unreadable', 'unreadable_image')
    throw err
  }
  const name = logoImageName(logo.hash, LOGO_HEIGHTS[0])
  const files = logo.sizes.map((size) => ({ key: logoImageName(logo.hash, size.size), file: size.files[0]! }))
  let before: string | null
  try {
    await Promise.all(files.map(({ key, file }) => deps.store.put(key, file.bytes, file.contentType)))
    before = await writeLogo(deps.db, actor, name, now)
  } catch (err) {
    // The same logo may already be the store's (uploaded twice): its files stay.
    const inForce = await readStoreInfo(deps.db).then(
      (info) => info.logo,
      () => null,
    )
    if (inForce !== name) await dropLogoFiles(deps, name)
    throw err
  }
  if (before !== name) await dropLogoFiles(deps, before)
  const shown = logo.sizes[0]!
  return logoView(name, { width: shown.width, height: shown.height })
}

/** DELETE /yonetim/settings/logo: back to the default logo (/images/logo.svg). */
export async function removeStoreLogo(deps: LogoDeps, actor: StaffActor, now: Date): Promise<StoreLogo> {
  const before = await writeLogo(deps.db, actor, null, now)
  await dropLogoFiles(deps, before)
  return logoView(null)
}
