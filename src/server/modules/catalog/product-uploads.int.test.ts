import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import type { ProductDetail, ProductList } from '../../../contracts/catalog'
import type { ProductImageList, StoreLogo } from '../../../contracts/product-images'
import type { StaffProduct } from '../../../contracts/staff-products'
import { issueApiKey } from '../../test/api-keys'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { type S3StandIn, startS3StandIn } from '../../test/s3-stand-in'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'
import {
  claimProductImageDownload,
  queueProductImageDownloads,
  storeProductImage,
} from './product-images.service'

let t: TestApp
let erp: Awaited<ReturnType<typeof issueApiKey>>
let owner: TestClient
let catalogue: TestClient
let readonly: TestClient
let sales: TestClient
let dealer: TestClient
let categoryCode: string

const tag = () => randomBytes(3).toString('hex').toUpperCase()

beforeAll(async () => {
  t = await createTestApp({ throttle: { maxPerIp: 10_000 }, env: { INTEGRATION_RATE_LIMIT: '10000' } })
  await seedAccounts(t.database.db)
  erp = await issueApiKey(t, ['catalogue:write'])
  owner = await loggedInUser(t, null, { staffRole: 'owner', name: 'Selin Sahip' })
  catalogue = await loggedInUser(t, null, { staffRole: 'catalogue', name: 'Kemal Katalog' })
  readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
  sales = await loggedInUser(t, null, { staffRole: 'sales' })
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
  categoryCode = `K-${tag()}`
  await erp.call('POST', 'categories', { items: [{ code: categoryCode, name: `Kategori ${categoryCode}` }] })
}, 60_000)
afterAll(() => t.close())

async function newProduct(client = owner, extra: object = {}) {
  const code = `G-${tag()}`
  const res = await client.send({
    method: 'POST',
    url: '/yonetim/products',
    payload: {
      code,
      name: `Görselli ${code}`,
      categoryCode,
      salePrice: '10',
      currency: 'TRY',
      taxRate: 20,
      ...extra,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json() as StaffProduct
}

/** A photo-like JPEG: colour bands and noise, with EXIF (copyright, camera orientation) to strip. */
async function photo(width: number, height: number, options: { orientation?: number; seed?: number } = {}) {
  const channels = 3
  const raw = Buffer.alloc(width * height * channels)
  const seed = options.seed ?? 1
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = ((x * 7 + y * 13 + seed * 31) * 2654435761) >>> 24
    }
  return sharp(raw, { raw: { width, height, channels } })
    .jpeg({ quality: 85 })
    .withMetadata({
      exif: { IFD0: { Copyright: 'x', Artist: 'Gizli Fotoğrafçı' } },
      ...(options.orientation ? { orientation: options.orientation } : {}),
    })
    .toBuffer()
}

const smallPng = (seed: number) =>
  sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: { r: (seed * 37) % 256, g: 100, b: (seed * 91) % 256 },
    },
  })
    .png()
    .toBuffer()

/** A multipart body of files under one field, as a browser's FormData sends them. */
function multipart(field: string, files: { bytes: Buffer; name?: string; type?: string }[]) {
  const boundary = `----toptan${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  files.forEach((file, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name ?? `resim-${i}.jpg`}"\r\n` +
          `Content-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  })
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

const upload = (
  client: TestClient,
  productId: number,
  files: Buffer[],
  headers: Record<string, string> = {},
) => {
  const body = multipart(
    'files',
    files.map((bytes) => ({ bytes })),
  )
  return client.send({
    method: 'POST',
    url: `/yonetim/products/${productId}/images`,
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  })
}
const uploaded = async (client: TestClient, productId: number, files: Buffer[]) => {
  const res = await upload(client, productId, files)
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ProductImageList
}
const imagesOf = async (productId: number, client = owner) => {
  const res = await client.send({ method: 'GET', url: `/yonetim/products/${productId}/images` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as ProductImageList
}
const dealerProduct = async (id: number) =>
  (await dealer.send({ method: 'GET', url: `/api/catalog/product/${id}` })).json() as ProductDetail
const dealerSearch = async (q: string) =>
  (
    await dealer.send({ method: 'GET', url: `/api/catalog/products?q=${encodeURIComponent(q)}` })
  ).json() as ProductList

const imagesDir = () => {
  const store = t.deps.config.imageStore
  if (store.kind !== 'disk') throw new Error('disk expected')
  return store.dir
}
const fileOf = (name: string) => path.join(imagesDir(), ...name.split('/'))

describe('uploading product images', () => {
  it('stores each upload upright at 160, 480 and 1200 px as WebP and AVIF without any metadata, and dealers see the main one', async () => {
    const product = await newProduct()
    // 1600×1200 taken with the camera turned: EXIF orientation 6 means "turn 90° clockwise".
    const jpeg = await photo(1600, 1200, { orientation: 6 })
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()

    const started = performance.now()
    const list = await uploaded(catalogue, product.id, [jpeg])
    const took = performance.now() - started
    expect(took).toBeLessThan(15_000)

    expect(list.items).toHaveLength(1)
    const [image] = list.items
    expect(image).toMatchObject({ isMain: true, position: 0, uploadedBy: 'Kemal Katalog' })
    expect(image!.sizes.map((s) => [s.size, s.width, s.height])).toEqual([
      [160, 120, 160],
      [480, 360, 480],
      [1200, 900, 1200],
    ])
    for (const size of image!.sizes) {
      for (const [name, format] of [
        [size.webp, 'webp'],
        [size.avif, 'heif'],
      ] as const) {
        expect(name).toMatch(new RegExp(`^up/p/${product.id}/[0-9a-f]{32}-${size.size}\\.(webp|avif)$`))
        const meta = await sharp(readFileSync(fileOf(name))).metadata()
        expect(meta.format).toBe(format)
        expect([meta.width, meta.height]).toEqual([size.width, size.height])
        expect(meta.exif).toBeUndefined()
        expect(meta.xmp).toBeUndefined()
        expect(meta.iptc).toBeUndefined()
        expect(meta.orientation ?? 1).toBe(1)
      }
    }
    const listName = image!.sizes[1]!.webp
    expect(list.image).toBe(listName)

    // The dealer's next request: the product page, the catalogue's search.
    expect((await dealerProduct(product.id)).image).toBe(listName)
    const found = await dealerSearch(product.code)
    expect(found.items.find((p) => p.id === product.id)?.image).toBe(listName)

    const trail = await auditTrail(t.database.db, 'product', product.id)
    expect(trail.at(-1)).toMatchObject({ action: 'image_upload', actorName: 'Kemal Katalog' })
    expect(trail.at(-1)!.changes).toEqual(
      expect.arrayContaining([
        { field: 'images', old: [], new: [String(image!.id)] },
        { field: 'image', old: null, new: listName },
      ]),
    )
  })

  it('serves the files with their type, an ETag and a year of immutable caching', async () => {
    const product = await newProduct()
    const [image] = (await uploaded(owner, product.id, [await photo(300, 200)])).items
    const webp = await dealer.send({ method: 'GET', url: `/images/${image!.sizes[0]!.webp}` })
    expect(webp.statusCode).toBe(200)
    expect(webp.headers['content-type']).toBe('image/webp')
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(webp.headers['x-content-type-options']).toBe('nosniff')
    expect(webp.rawPayload.equals(readFileSync(fileOf(image!.sizes[0]!.webp)))).toBe(true)
    const etag = String(webp.headers.etag)
    expect(etag).toMatch(/^"[0-9a-f]{32}-160\.webp"$/)
    const again = await dealer.send({
      method: 'GET',
      url: `/images/${image!.sizes[0]!.webp}`,
      headers: { 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)

    const avif = await dealer.send({ method: 'GET', url: `/images/${image!.sizes[2]!.avif}` })
    expect(avif.statusCode).toBe(200)
    expect(avif.headers['content-type']).toBe('image/avif')
    // Never enlarged: a 300×200 picture stays 300×200 at the large size.
    expect(image!.sizes[2]).toMatchObject({ width: 300, height: 200 })

    expect(
      (await dealer.send({ method: 'GET', url: `/images/up/p/${product.id}/${'0'.repeat(32)}-480.webp` }))
        .statusCode,
    ).toBe(404)
    expect(
      (await dealer.send({ method: 'GET', url: '/images/up/p/1/../../session-secret' })).statusCode,
    ).toBe(404)
  })

  it('takes several files at once, in their order; reorders, makes another main and deletes (the next one becoming main)', async () => {
    const product = await newProduct()
    const first = await uploaded(owner, product.id, [await smallPng(1)])
    const list = await uploaded(owner, product.id, [await smallPng(2), await smallPng(3)])
    expect(list.items.map((i) => i.position)).toEqual([0, 1, 2])
    expect(list.items.map((i) => i.isMain)).toEqual([true, false, false])
    const [a, b, c] = list.items.map((i) => i.id) as [number, number, number]
    expect(first.items[0]!.id).toBe(a)

    const order = await owner.send({
      method: 'PUT',
      url: `/yonetim/products/${product.id}/images/order`,
      payload: { ids: [c, a, b] },
    })
    expect(order.statusCode, order.body).toBe(200)
    expect((order.json() as ProductImageList).items.map((i) => i.id)).toEqual([c, a, b])
    // An order that leaves one out (or names another product's) is refused.
    const partial = await owner.send({
      method: 'PUT',
      url: `/yonetim/products/${product.id}/images/order`,
      payload: { ids: [c, a] },
      headers: { 'accept-language': 'en' },
    })
    expect(partial.statusCode).toBe(400)
    expect(partial.json().error.code).toBe('order_mismatch')

    const main = await owner.send({ method: 'POST', url: `/yonetim/products/${product.id}/images/${b}/main` })
    expect(main.statusCode, main.body).toBe(200)
    const afterMain = main.json() as ProductImageList
    const bName = afterMain.items.find((i) => i.id === b)!.sizes[1]!.webp
    expect(afterMain.items.filter((i) => i.isMain).map((i) => i.id)).toEqual([b])
    expect((await dealerProduct(product.id)).image).toBe(bName)
    // The product page's gallery: the main image first, then the rest in their order (c, a).
    const listNameOf = (id: number) => afterMain.items.find((i) => i.id === id)!.sizes[1]!.webp
    expect((await dealerProduct(product.id)).gallery).toEqual([bName, listNameOf(c), listNameOf(a)])

    const bFiles = afterMain.items.find((i) => i.id === b)!.sizes.flatMap((s) => [s.webp, s.avif])
    expect(bFiles.every((f) => existsSync(fileOf(f)))).toBe(true)
    const gone = await owner.send({ method: 'DELETE', url: `/yonetim/products/${product.id}/images/${b}` })
    expect(gone.statusCode, gone.body).toBe(200)
    const left = gone.json() as ProductImageList
    // The first of the rest in order (c, then a) takes the main one's place.
    expect(left.items.map((i) => [i.id, i.isMain])).toEqual([
      [c, true],
      [a, false],
    ])
    expect((await dealerProduct(product.id)).image).toBe(left.items[0]!.sizes[1]!.webp)
    expect(bFiles.some((f) => existsSync(fileOf(f)))).toBe(false)

    const unknown = await owner.send({ method: 'DELETE', url: `/yonetim/products/${product.id}/images/${b}` })
    expect(unknown.statusCode).toBe(404)

    for (const id of [c, a])
      expect(
        (await owner.send({ method: 'DELETE', url: `/yonetim/products/${product.id}/images/${id}` }))
          .statusCode,
      ).toBe(200)
    expect((await dealerProduct(product.id)).image).toBeNull()

    const actions = (await auditTrail(t.database.db, 'product', product.id)).map((r) => r.action)
    expect(actions).toEqual([
      'create',
      'image_upload',
      'image_upload',
      'image_order',
      'image_main',
      'image_delete',
      'image_delete',
      'image_delete',
    ])
  })

  it('refuses a file that is not an image (by its content, whatever its name), a damaged one, an SVG and the same picture twice', async () => {
    const product = await newProduct()
    const text = await upload(owner, product.id, [Buffer.from('%PDF-1.7 bu bir görsel değil')], {
      'accept-language': 'tr',
    })
    expect(text.statusCode).toBe(400)
    expect(text.json().error).toMatchObject({ code: 'not_an_image' })
    expect(text.json().error.messages.type).toBe(
      '1. dosya bir görsel değil: JPEG, PNG, WebP, AVIF veya GIF yükleyiniz.',
    )
    const second = await upload(
      owner,
      product.id,
      [await smallPng(1), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
      {
        'accept-language': 'en',
      },
    )
    expect(second.statusCode).toBe(400)
    expect(second.json().error.messages.type).toBe(
      'File 2 is not an image: upload a JPEG, PNG, WebP, AVIF or GIF.',
    )

    const jpeg = await photo(200, 100)
    const cut = await upload(owner, product.id, [jpeg.subarray(0, jpeg.length / 2)])
    expect(cut.statusCode).toBe(400)
    expect(cut.json().error.code).toBe('unreadable_image')
    expect((await imagesOf(product.id)).items).toEqual([])

    await uploaded(owner, product.id, [jpeg])
    const twice = await upload(owner, product.id, [jpeg])
    expect(twice.statusCode).toBe(400)
    expect(twice.json().error.code).toBe('duplicate_image')
    expect((await imagesOf(product.id)).items).toHaveLength(1)

    const none = await owner.send({
      method: 'POST',
      url: `/yonetim/products/${product.id}/images`,
      ...multipart('other', [{ bytes: jpeg }]),
    })
    expect(none.statusCode).toBe(400)
  })

  it('keeps at most 12 images a product, and a file over 15 MB is refused naming it', async () => {
    const product = await newProduct()
    const twelve = await Promise.all(Array.from({ length: 12 }, (_, i) => smallPng(i)))
    const list = await uploaded(owner, product.id, twelve)
    expect(list.items).toHaveLength(12)
    const more = await upload(owner, product.id, [await smallPng(13)])
    expect(more.statusCode).toBe(400)
    expect(more.json().error).toMatchObject({ code: 'too_many_images' })

    const other = await newProduct()
    const big = Buffer.concat([await photo(64, 64), Buffer.alloc(15 * 1024 * 1024)])
    const tooLarge = await upload(owner, other.id, [await smallPng(1), big], { 'accept-language': 'tr' })
    expect(tooLarge.statusCode).toBe(400)
    expect(tooLarge.json().error.code).toBe('file_too_large')
    expect(tooLarge.json().error.messages.type).toContain('2. dosya 15 MB')
  })

  it('is read by every staff role, written by the owner and the catalogue role only', async () => {
    const product = await newProduct()
    const png = await smallPng(5)
    expect(
      (await readonly.send({ method: 'GET', url: `/yonetim/products/${product.id}/images` })).statusCode,
    ).toBe(200)
    const refused = await upload(readonly, product.id, [png])
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('staff_role')
    expect((await upload(sales, product.id, [png])).statusCode).toBe(403)
    expect(
      (await sales.send({ method: 'GET', url: `/yonetim/products/${product.id}/images` })).statusCode,
    ).toBe(403)
    expect((await upload(dealer, product.id, [png])).statusCode).toBe(403)
    const [image] = (await uploaded(catalogue, product.id, [png])).items
    for (const client of [readonly, sales, dealer]) {
      expect(
        (
          await client.send({
            method: 'POST',
            url: `/yonetim/products/${product.id}/images/${image!.id}/main`,
          })
        ).statusCode,
      ).toBe(403)
      expect(
        (await client.send({ method: 'DELETE', url: `/yonetim/products/${product.id}/images/${image!.id}` }))
          .statusCode,
      ).toBe(403)
    }
    expect((await upload(owner, 2_000_000_000, [png])).statusCode).toBe(404)
  })

  it('holds the limit and the one-picture-once rule under uploads at the same moment', async () => {
    const product = await newProduct()
    await uploaded(owner, product.id, await Promise.all(Array.from({ length: 10 }, (_, i) => smallPng(i))))
    // Two uploads of two images each race for the last two places: one wins, the other is refused.
    const [first, second] = await Promise.all([
      upload(owner, product.id, [await smallPng(20), await smallPng(21)]),
      upload(catalogue, product.id, [await smallPng(22), await smallPng(23)]),
    ])
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400])
    expect([first, second].find((r) => r.statusCode === 400)!.json().error.code).toBe('too_many_images')
    const list = await imagesOf(product.id)
    expect(list.items).toHaveLength(12)
    expect(list.items.filter((i) => i.isMain)).toHaveLength(1)
    // The refused upload's files are gone; the winner's are there.
    for (const item of list.items) expect(existsSync(fileOf(item.sizes[0]!.webp))).toBe(true)
    expect(readdirSync(path.join(imagesDir(), 'up', 'p', String(product.id))).sort()).toEqual(
      list.items
        .flatMap((i) => i.sizes.flatMap((z) => [z.webp, z.avif]))
        .map((n) => path.basename(n))
        .sort(),
    )

    // The same picture sent twice at once to another product: one image, its files kept.
    const other = await newProduct()
    const same = await photo(300, 200, { seed: 9 })
    const twice = await Promise.all([upload(owner, other.id, [same]), upload(catalogue, other.id, [same])])
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 400])
    const [kept] = (await imagesOf(other.id)).items
    expect(kept!.isMain).toBe(true)
    for (const size of kept!.sizes)
      expect(existsSync(fileOf(size.webp)) && existsSync(fileOf(size.avif))).toBe(true)
  })

  it("keeps the uploaded main image when the ERP's download of its picture arrives, and brings that back when the uploads are gone", async () => {
    const product = await newProduct()
    const [image] = (await uploaded(owner, product.id, [await smallPng(7)])).items
    const now = new Date()
    // As the ERP's product row does: its picture's address on the product, and the download queued.
    await t.database.db.execute(
      sql`update products set image_source_url = 'https://erp.example/p.jpg' where id = ${product.id}`,
    )
    await queueProductImageDownloads(
      t.database.db,
      [{ productId: product.id, url: 'https://erp.example/p.jpg' }],
      now,
    )
    const claim = await claimProductImageDownload(t.database.db, now, new Date(now.getTime() + 60_000))
    expect(claim?.productId).toBe(product.id)
    expect(
      await storeProductImage(
        t.database.db,
        claim!,
        await sharp(await smallPng(8))
          .webp()
          .toBuffer(),
        now,
      ),
    ).toBe(true)
    expect((await dealerProduct(product.id)).image).toBe(image!.sizes[1]!.webp)

    // The last upload deleted: the ERP's picture is queued for download again, and shown once stored.
    const gone = await owner.send({
      method: 'DELETE',
      url: `/yonetim/products/${product.id}/images/${image!.id}`,
    })
    expect(gone.statusCode, gone.body).toBe(200)
    const later = new Date(now.getTime() + 1000)
    const again = await claimProductImageDownload(t.database.db, later, new Date(later.getTime() + 60_000))
    expect(again).toMatchObject({ productId: product.id, url: 'https://erp.example/p.jpg' })
    expect(
      await storeProductImage(
        t.database.db,
        again!,
        await sharp(await smallPng(8))
          .webp()
          .toBuffer(),
        later,
      ),
    ).toBe(true)
    expect((await dealerProduct(product.id)).image).toMatch(/^erp\/[0-9a-f]{32}\.webp$/)
  })
})

describe('images in an S3-compatible bucket', () => {
  let s3: S3StandIn
  let app: TestApp
  let staff: TestClient

  beforeAll(async () => {
    s3 = await startS3StandIn()
    app = await createTestApp({ database: t.database, env: s3.env })
    staff = await loggedInUser(app, null, { staffRole: 'catalogue' })
  })
  afterAll(async () => {
    await app.close()
    await s3.close()
  })

  it('puts, serves and deletes the files through S3 object requests signed with SigV4', async () => {
    expect(app.deps.config.imageStore.kind).toBe('s3')
    const product = await newProduct()
    const jpeg = await photo(640, 480)
    const body = multipart('files', [{ bytes: jpeg }])
    const res = await staff.send({
      method: 'POST',
      url: `/yonetim/products/${product.id}/images`,
      payload: body.payload,
      headers: body.headers,
    })
    expect(res.statusCode, res.body).toBe(200)
    const [image] = (res.json() as ProductImageList).items
    const names = image!.sizes.flatMap((s) => [s.webp, s.avif])
    expect(names).toHaveLength(6)
    for (const name of names) {
      const object = s3.objects.get(`images/${name}`)
      expect(object, name).toBeDefined()
      expect(object!.contentType).toBe(name.endsWith('.avif') ? 'image/avif' : 'image/webp')
      expect(object!.cacheControl).toBe('public, max-age=31536000, immutable')
      expect((await sharp(object!.body).metadata()).exif).toBeUndefined()
    }
    const puts = s3.requests.filter((r) => r.method === 'PUT')
    expect(puts.map((r) => r.path).sort()).toEqual(names.map((n) => `/${s3.bucket}/images/${n}`).sort())
    for (const put of puts)
      expect(put.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/${s3.region}/s3/aws4_request, ?SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, ?Signature=[0-9a-f]{64}$`,
        ),
      )

    const served = await staff.send({ method: 'GET', url: `/images/${image!.sizes[1]!.webp}` })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.rawPayload.equals(s3.objects.get(`images/${image!.sizes[1]!.webp}`)!.body)).toBe(true)
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET' })
    expect(
      (await staff.send({ method: 'GET', url: `/images/up/p/${product.id}/${'a'.repeat(32)}-480.webp` }))
        .statusCode,
    ).toBe(404)

    expect((await dealerProduct(product.id)).image).toBe(image!.sizes[1]!.webp)

    const gone = await staff.send({
      method: 'DELETE',
      url: `/yonetim/products/${product.id}/images/${image!.id}`,
    })
    expect(gone.statusCode, gone.body).toBe(200)
    expect(names.filter((n) => s3.objects.has(`images/${n}`))).toEqual([])
    expect(s3.requests.filter((r) => r.method === 'DELETE')).toHaveLength(6)
  })

  it('refuses a wrongly signed request (the stand-in checks signatures, so the passes above mean something)', async () => {
    const res = await fetch(`${s3.endpoint}/${s3.bucket}/images/x`, {
      headers: {
        authorization: `AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/20240101/${s3.region}/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${'0'.repeat(64)}`,
        'x-amz-date': '20240101T000000Z',
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>')
  })
})

describe('the store logo', () => {
  const bootstrap = async () =>
    (await dealer.send({ method: 'GET', url: '/api/bootstrap' })).json() as Bootstrap
  const uploadLogo = (client: TestClient, bytes: Buffer) => {
    const body = multipart('file', [{ bytes, type: 'image/png' }])
    return client.send({
      method: 'POST',
      url: '/yonetim/settings/logo',
      payload: body.payload,
      headers: body.headers,
    })
  }

  it('stores a PNG 80 and 160 px high as WebP, shows it to everyone on the next request, and goes back to the default', async () => {
    const png = await sharp({
      create: { width: 800, height: 200, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'x' } } })
      .toBuffer()
    const res = await uploadLogo(owner, png)
    expect(res.statusCode, res.body).toBe(200)
    const logo = res.json() as StoreLogo
    expect(logo.logo).toMatch(/^up\/logo\/[0-9a-f]{32}-h80\.webp$/)
    expect(logo.logo2x).toBe(logo.logo!.replace('-h80.', '-h160.'))
    expect([logo.width, logo.height]).toEqual([320, 80])
    const small = await sharp(readFileSync(fileOf(logo.logo!))).metadata()
    const large = await sharp(readFileSync(fileOf(logo.logo2x!))).metadata()
    expect([small.format, small.width, small.height, small.hasAlpha, small.exif]).toEqual([
      'webp',
      320,
      80,
      true,
      undefined,
    ])
    expect([large.width, large.height]).toEqual([640, 160])
    expect((await bootstrap()).store.logo).toBe(logo.logo)
    expect((await dealer.send({ method: 'GET', url: `/images/${logo.logo2x}` })).statusCode).toBe(200)

    const trail = await auditTrail(t.database.db, 'store_setting', 'logo')
    expect(trail.at(-1)).toMatchObject({ action: 'update', actorName: 'Selin Sahip' })

    const removed = await owner.send({ method: 'DELETE', url: '/yonetim/settings/logo' })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await bootstrap()).store.logo).toBeNull()
    expect(existsSync(fileOf(logo.logo!))).toBe(false)
    expect(existsSync(fileOf(logo.logo2x!))).toBe(false)
  })

  it('refuses an SVG, a file that is no picture, and staff outside the system area', async () => {
    const svg = await uploadLogo(
      owner,
      Buffer.from(
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ),
    )
    expect(svg.statusCode).toBe(400)
    expect(svg.json().error.code).toBe('svg_refused')
    const gif = await uploadLogo(
      owner,
      await sharp(await smallPng(1))
        .gif()
        .toBuffer(),
    )
    expect(gif.statusCode).toBe(400)
    expect(gif.json().error.code).toBe('not_an_image')
    const png = await smallPng(2)
    expect((await uploadLogo(catalogue, png)).statusCode).toBe(403)
    expect((await catalogue.send({ method: 'DELETE', url: '/yonetim/settings/logo' })).statusCode).toBe(403)
    expect((await uploadLogo(dealer, png)).statusCode).toBe(403)
  })
})
