import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { productImageFetches, productImageFiles } from '../../db/schema/invoices'

/** The SQL of the ERP's product images: the download queue and the stored files. */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows

/** Products whose address is new or changed: (re)queued from their first attempt. */
export async function queueImageFetches(db: Db, queued: { productId: number; url: string }[], now: Date) {
  if (queued.length === 0) return
  await db.execute(sql`insert into product_image_fetches (product_id, source_url, state, attempts, next_at, last_error, updated_at)
    select product_id, source_url, 'pending', 0, ${now}, null, ${now}
    from jsonb_to_recordset(${JSON.stringify(queued.map((q) => ({ product_id: q.productId, source_url: q.url })))}::jsonb)
      as r(product_id int, source_url text)
    on conflict (product_id) do update set source_url = excluded.source_url, state = 'pending', attempts = 0,
      next_at = excluded.next_at, last_error = null, updated_at = excluded.updated_at`)
}

/** Products whose address was taken away: nothing left to download (the image shown stays). */
export async function dropImageFetches(db: Db, productIds: number[]) {
  if (productIds.length === 0) return
  await db.execute(
    sql`delete from product_image_fetches where product_id = any(${sql.param(productIds)}::int[])`,
  )
}

export type ClaimedImage = { productId: number; url: string; attempts: number }

/** The next image due for download, claimed until `leaseUntil` (FOR UPDATE SKIP LOCKED). */
export async function claimDueImage(db: Db, now: Date, leaseUntil: Date): Promise<ClaimedImage | null> {
  const [row] = await rows<ClaimedImage>(
    db,
    sql`update product_image_fetches set attempts = attempts + 1, next_at = ${leaseUntil}
      where product_id = (select product_id from product_image_fetches where state = 'pending' and next_at <= ${now}
          order by next_at, product_id limit 1 for update skip locked)
        and state = 'pending'
      returning product_id as "productId", source_url as url, attempts`,
  )
  return row ?? null
}

const stillClaimed = (claim: ClaimedImage) =>
  and(
    eq(productImageFetches.productId, claim.productId),
    eq(productImageFetches.sourceUrl, claim.url),
    eq(productImageFetches.attempts, claim.attempts),
    eq(productImageFetches.state, 'pending'),
  )

export async function markImageFetched(db: Db, claim: ClaimedImage, now: Date): Promise<boolean> {
  const done = await db
    .update(productImageFetches)
    .set({ state: 'fetched', nextAt: null, lastError: null, updatedAt: now })
    .where(stillClaimed(claim))
    .returning({ id: productImageFetches.productId })
  return done.length > 0
}

export async function markImageFetchFailed(
  db: Db,
  claim: ClaimedImage,
  error: string,
  next: Date | null,
  now: Date,
) {
  await db
    .update(productImageFetches)
    .set({ state: next ? 'pending' : 'failed', nextAt: next, lastError: error, updatedAt: now })
    .where(stillClaimed(claim))
}

export async function saveImageFile(
  db: Db,
  file: { name: string; contentType: string; bytes: Buffer },
  now: Date,
) {
  await db
    .insert(productImageFiles)
    .values({ ...file, size: file.bytes.length, createdAt: now })
    .onConflictDoNothing()
}

/** Sets the product's image; answers the one it had. */
export async function replaceProductImage(db: Db, productId: number, name: string, now: Date) {
  const [row] = await rows<{ old: string | null }>(
    db,
    sql`update products p set image = ${name}, updated_at = ${now} from products o
      where p.id = ${productId} and o.id = p.id returning o.image as old`,
  )
  return row?.old ?? null
}

/** A downloaded image no product shows any more goes (the demo's own pictures are files, not rows). */
export async function deleteImageFileIfUnused(db: Db, name: string) {
  await db.execute(sql`delete from product_image_files f where f.name = ${name}
    and not exists (select 1 from products p where p.image = ${name})`)
}

export async function findImageFile(db: Db, name: string) {
  const [row] = await db
    .select({ bytes: productImageFiles.bytes, contentType: productImageFiles.contentType })
    .from(productImageFiles)
    .where(eq(productImageFiles.name, name))
  return row ?? null
}

export const productImageOf = async (db: Db, productId: number) =>
  (await db.select({ image: products.image }).from(products).where(eq(products.id, productId)))[0]?.image ??
  null
