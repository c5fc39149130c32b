import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  adminFaultReportListSchema,
  faultCategoryListSchema,
  faultProductListSchema,
  faultReportCreatedSchema,
  faultReportListSchema,
  faultReportStatusResponseSchema,
} from '../../../contracts/service'
import { FAULT_PHOTO_MAX_BYTES } from '../../../domain/fault-report'
import { turkishSortKey } from '../../../domain/turkish-text'
import { categories } from '../../db/schema/catalogue'
import { storeInfo } from '../../db/schema/store'
import { auditTrail } from '../../test/audit'
import { queryRows } from '../../test/db-helpers'
import { createCustomer, createUser, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { FAULT_REPORTS_PER_HOUR } from './fault-reports.routes'

let t: TestApp
const STORE_MAIL = 'servis@toptan.test'
const tree = { roots: [] as number[], tools: 0, drills: 0, grinders: 0, cordless: 0, empty: 0 }
const codes = { cordless: '', hammer: '', inactive: '', variant: '', grinder: '' }

beforeAll(async () => {
  // The mail's links are written on the configured address (PUBLIC_URL), whatever Host a request names.
  t = await createTestApp({ env: { PUBLIC_URL: 'http://portal.example.test' } })
  const db = t.database.db
  await seedAccounts(db)
  await db.update(storeInfo).set({ email: STORE_MAIL }).where(eq(storeInfo.id, 1))
  const suffix = randomBytes(3).toString('hex')
  const category = async (name: string, parentId: number | null, sortOrder: number) => {
    const slug = `${turkishSortKey(name).replace(/[^a-z]/g, '')}-${suffix}-${sortOrder}-${parentId ?? 0}`
    const [row] = await db
      .insert(categories)
      .values({ code: slug.slice(-40), name, parentId, slug, path: slug, depth: parentId ? 1 : 0, sortOrder })
      .returning({ id: categories.id })
    return row!.id
  }
  // Sort order, not the alphabet, orders the roots: Hırdavat before Elektrikli Aletler.
  tree.tools = await category('Elektrikli Aletler', null, 2)
  const hardware = await category('Hırdavat', null, 1)
  tree.roots = [hardware, tree.tools]
  tree.drills = await category('Matkaplar', tree.tools, 0)
  tree.grinders = await category('Taşlama', tree.tools, 1)
  tree.cordless = await category('Akülü Matkaplar', tree.drills, 0)
  tree.empty = await category('Boş Kategori', hardware, 0)

  const product = async (
    name: string,
    categoryId: number,
    extra: { active?: boolean; parent?: number } = {},
  ) => {
    const code = `FR-${randomBytes(3).toString('hex').toUpperCase()}`
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into products (code, name, seo, currency_id, category_id, name_sort, is_active, parent_id)
          values (${code}, ${name}, ${code.toLowerCase()}, (select id from currencies where code = 'TRY'),
            ${categoryId}, ${turkishSortKey(name)}, ${extra.active ?? true}, ${extra.parent ?? null})
          returning id`,
    )
    return { id: row!.id, code }
  }
  const hammer = await product('Darbeli Matkap 800W', tree.drills)
  codes.hammer = hammer.code
  codes.cordless = (await product('Çift Akülü Matkap 18V', tree.drills)).code
  codes.inactive = (await product('Eski Matkap', tree.drills, { active: false })).code
  codes.variant = (await product('Darbeli Matkap 800W Mavi', tree.drills, { parent: hammer.id })).code
  codes.grinder = (await product('Avuç Taşlama 125 mm', tree.grinders)).code
})
afterAll(async () => {
  await t.close()
})

async function newDealer(customerId?: number) {
  const company = customerId ?? (await createCustomer(t.database.db)).id
  const client = await loggedInUser(t, company)
  return Object.assign(client, { customerId: company })
}

const newAdmin = () => loggedInUser(t, null)

async function guest() {
  const client = new TestClient(t.app)
  await client.openPage()
  return client
}

// ---- multipart bodies, as a browser's FormData sends them --------------------------------------------

type Upload = { bytes: Buffer; filename?: string; type?: string }

function multipart(fields: Record<string, string>, photo?: Upload) {
  const boundary = `----toptan${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (photo) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${photo.filename ?? 'foto.jpg'}"\r\n` +
          `Content-Type: ${photo.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      photo.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A real picture of `width`×`height` (the server decodes every photo, so made-up bytes are refused). */
const picture = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
const JPEG = await picture().jpeg().toBuffer()
const PNG = await picture().png().toBuffer()
const GIF = Buffer.concat([Buffer.from('GIF89a'), randomBytes(300)])

/** `jpeg` grown to exactly `size` bytes with comment segments (FF FE) after its start: still a valid JPEG. */
function paddedJpeg(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = []
  let missing = size - jpeg.length
  while (missing > 0) {
    // A segment is its marker (2 bytes) and a length of 2 to 65,535 bytes counting the length itself.
    let bytes = Math.min(65_537, missing)
    if (missing - bytes > 0 && missing - bytes < 4) bytes -= 4
    const segment = Buffer.alloc(bytes, 0x20)
    segment.writeUInt16BE(0xfffe, 0)
    segment.writeUInt16BE(bytes - 2, 2)
    segments.push(segment)
    missing -= bytes
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)])
}

/** What is stored for a report's photo, read straight from the table. */
async function storedPhoto(reportId: number) {
  const [row] = await queryRows<{ photo: Uint8Array; photo_type: string }>(
    t.database.db,
    sql`select photo, photo_type from fault_reports where id = ${reportId}`,
  )
  return { bytes: Buffer.from(row!.photo), type: row!.photo_type }
}

const validFields = () => ({
  productCode: codes.hammer,
  serialNumber: 'SN-2026-001',
  description: 'Matkap çalışırken aniden duruyor ve kömürlerden kıvılcım çıkıyor.',
  contactPhone: '+90 (532) 123-45-67',
})

function postReport(
  client: TestClient,
  fields: Record<string, string>,
  photo?: Upload,
  headers: Record<string, string> = {},
) {
  const body = multipart(fields, photo)
  return client.send({
    method: 'POST',
    url: '/api/catalog/fault-reports',
    payload: body.payload,
    headers: { ...body.headers, host: 'portal.example.test', ...headers },
  })
}

async function fileReport(client: TestClient, fields = validFields(), photo?: Upload) {
  const res = await postReport(client, fields, photo)
  expect(res.statusCode, res.body).toBe(200)
  return faultReportCreatedSchema.parse(res.json()).report
}

const reportRows = (customerId: number) =>
  queryRows<{
    report_no: string
    user_id: number
    product_code: string
    serial_number: string | null
    description: string
    contact_phone: string
    photo_type: string | null
    status: string
  }>(
    t.database.db,
    sql`select report_no, user_id, product_code, serial_number, description, contact_phone, photo_type, status
        from fault_reports where customer_id = ${customerId} order by id`,
  )

const mailsAbout = (reportNo: string) =>
  queryRows<{ kind: string; recipient: string; subject: string; text: string; status: string }>(
    t.database.db,
    sql`select kind, recipient, subject, text, status from mail_outbox where subject like ${`%${reportNo}%`}`,
  )

const get = (client: TestClient, url: string, headers: Record<string, string> = {}) =>
  client.send({ method: 'GET', url, headers })

// ---- the picker ---------------------------------------------------------------------------------------

describe('the fault report picker (GET /api/catalog/faultreport/…)', () => {
  it('gives the root categories for 0, in the catalogue order', async () => {
    const dealer = await newDealer()
    const res = await get(dealer, '/api/catalog/faultreport/basecategories/0')
    expect(res.statusCode).toBe(200)
    const roots = faultCategoryListSchema.parse(res.json())
    expect(roots.map((c) => c.id)).toEqual(tree.roots)
    expect(roots.map((c) => c.name)).toEqual(['Hırdavat', 'Elektrikli Aletler'])
  })

  it("gives a category's own subcategories, one level at a time, and none under a leaf", async () => {
    const dealer = await newDealer()
    const level = async (id: number) =>
      faultCategoryListSchema.parse(
        (await get(dealer, `/api/catalog/faultreport/basecategories/${id}`)).json(),
      )
    expect(await level(tree.tools)).toEqual([
      { id: tree.drills, name: 'Matkaplar' },
      { id: tree.grinders, name: 'Taşlama' },
    ])
    expect(await level(tree.drills)).toEqual([{ id: tree.cordless, name: 'Akülü Matkaplar' }])
    expect(await level(tree.cordless)).toEqual([])
  })

  it('names the categories in English for an English page where a translation is stored', async () => {
    const dealer = await newDealer()
    await t.database.db.execute(
      sql`insert into translations (kind, key, locale, text) values ('category', ${String(tree.drills)}, 'en', 'Drills')
          on conflict (locale, kind, key) do update set text = excluded.text`,
    )
    const level = async (locale: string) =>
      faultCategoryListSchema.parse(
        (
          await get(dealer, `/api/catalog/faultreport/basecategories/${tree.tools}`, {
            'accept-language': locale,
          })
        ).json(),
      )
    // Grinders have no English name stored: the Turkish one shows, never a blank.
    expect(await level('en')).toEqual([
      { id: tree.drills, name: 'Drills' },
      { id: tree.grinders, name: 'Taşlama' },
    ])
    expect((await level('tr')).map((c) => c.name)).toEqual(['Matkaplar', 'Taşlama'])
  })

  it("gives a category's listed products by name (Turkish order), without inactive ones or variants", async () => {
    const dealer = await newDealer()
    const res = await get(dealer, `/api/catalog/faultreport/product/${tree.drills}`)
    expect(res.statusCode).toBe(200)
    expect(faultProductListSchema.parse(res.json()).map((p) => [p.code, p.name])).toEqual([
      [codes.cordless, 'Çift Akülü Matkap 18V'],
      [codes.hammer, 'Darbeli Matkap 800W'],
    ])
    const none = await get(dealer, `/api/catalog/faultreport/product/${tree.tools}`)
    expect(none.json()).toEqual([])
  })

  it('answers 404 for a category that does not exist and 400 for an id that is not one', async () => {
    const dealer = await newDealer()
    for (const url of [
      '/api/catalog/faultreport/basecategories/999999',
      '/api/catalog/faultreport/product/999999',
    ]) {
      const res = await get(dealer, url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json().error.messages.type).toBe('Kategori bulunamadı.')
    }
    expect((await get(dealer, '/api/catalog/faultreport/product/0')).statusCode).toBe(404)
    for (const bad of ['abc', '-1', '1.5', '99999999999']) {
      expect((await get(dealer, `/api/catalog/faultreport/basecategories/${bad}`)).statusCode, bad).toBe(400)
    }
  })

  it('is for logged-in users: a guest gets 401, an administrator the lists', async () => {
    const visitor = await guest()
    for (const url of [
      '/api/catalog/faultreport/basecategories/0',
      `/api/catalog/faultreport/product/${tree.drills}`,
    ]) {
      const res = await get(visitor, url)
      expect(res.statusCode, url).toBe(401)
      expect(res.json().error.code).toBe('unauthenticated')
    }
    const admin = await newAdmin()
    expect((await get(admin, '/api/catalog/faultreport/basecategories/0')).json()).toHaveLength(2)
  })
})

// ---- filing a report ----------------------------------------------------------------------------------

describe('POST /api/catalog/fault-reports', () => {
  it('stores the report numbered, answers the number and queues a mail to the store', async () => {
    const dealer = await newDealer()
    const res = await postReport(dealer, validFields(), { bytes: JPEG })
    expect(res.statusCode, res.body).toBe(200)
    const body = faultReportCreatedSchema.parse(res.json())
    const year = new Date().toLocaleString('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric' })
    expect(body.report.reportNo).toMatch(new RegExp(`^AR-${year}-\\d{6}$`))
    expect(body.message).toBe(`Arıza bildiriminiz alındı. Bildirim numaranız: ${body.report.reportNo}`)
    expect(body.report).toMatchObject({
      productCode: codes.hammer,
      productName: 'Darbeli Matkap 800W',
      serialNumber: 'SN-2026-001',
      contactPhone: '0532 123 45 67',
      status: 'new',
      hasPhoto: true,
    })

    expect(await reportRows(dealer.customerId)).toEqual([
      {
        report_no: body.report.reportNo,
        user_id: dealer.user.id,
        product_code: codes.hammer,
        serial_number: 'SN-2026-001',
        description: validFields().description,
        contact_phone: '0532 123 45 67',
        photo_type: 'image/jpeg',
        status: 'new',
      },
    ])
    const mails = await mailsAbout(body.report.reportNo)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'fault_report', recipient: STORE_MAIL, status: 'pending' })
    expect(mails[0]!.subject).toContain(codes.hammer)
    expect(mails[0]!.text).toContain(validFields().description)
    expect(mails[0]!.text).toContain('http://portal.example.test/yonetim/ariza-bildirimleri')
    expect(mails[0]!.text).toContain(
      `http://portal.example.test/yonetim/fault-reports/${body.report.id}/photo`,
    )
  })

  it('numbers reports one after another across companies', async () => {
    const [first, second] = [await newDealer(), await newDealer()]
    const a = await fileReport(first)
    const b = await fileReport(second)
    const c = await fileReport(first)
    const seq = (no: string) => Number(no.slice(-6))
    expect([seq(b.reportNo) - seq(a.reportNo), seq(c.reportNo) - seq(b.reportNo)]).toEqual([1, 1])
  })

  it('takes a code typed in lower case and without a serial number or photo', async () => {
    const dealer = await newDealer()
    const report = await fileReport(dealer, {
      ...validFields(),
      productCode: ` ${codes.grinder.toLowerCase()} `,
      serialNumber: '  ',
    })
    expect(report).toMatchObject({ productCode: codes.grinder, serialNumber: null, hasPhoto: false })
  })

  it('names every wrong field at once, in Turkish or English, and stores nothing', async () => {
    const dealer = await newDealer()
    const fields = {
      productCode: '',
      serialNumber: 'S'.repeat(65),
      description: 'kısa',
      contactPhone: '12345',
    }
    const res = await postReport(dealer, fields, { bytes: GIF })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatchObject({
      code: 'validation',
      fields: {
        productCode: 'Ürün kodunu giriniz veya listeden bir ürün seçiniz.',
        serialNumber: 'Seri numarası en fazla 64 karakter olabilir.',
        description: 'Arıza açıklaması en az 10 karakter olmalıdır.',
        contactPhone: 'Geçerli bir telefon numarası giriniz (ör. 0532 123 45 67).',
        photo: 'Fotoğraf JPEG, PNG veya WebP biçiminde olmalıdır.',
      },
    })
    const english = await postReport(dealer, { ...fields, contactPhone: '' }, undefined, {
      'accept-language': 'en',
    })
    expect(english.json().error.fields).toEqual({
      productCode: 'Enter the product code or pick a product from the list.',
      serialNumber: 'The serial number can be at most 64 characters.',
      description: 'The description must be at least 10 characters.',
      contactPhone: 'Enter a contact phone number.',
    })
    const missing = await postReport(dealer, {})
    expect(Object.keys(missing.json().error.fields).sort()).toEqual([
      'contactPhone',
      'description',
      'productCode',
    ])
    expect(await reportRows(dealer.customerId)).toEqual([])
  })

  it('refuses a code no product has, next to the field', async () => {
    const dealer = await newDealer()
    const res = await postReport(dealer, { ...validFields(), productCode: 'YOK-123' })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields).toEqual({
      productCode: 'Bu koda sahip bir ürün bulunamadı. Lütfen kodu kontrol edin veya listeden seçin.',
    })
    expect(await reportRows(dealer.customerId)).toEqual([])
  })

  it('tells the photo type by its bytes, not by its name or the type the browser sent', async () => {
    const dealer = await newDealer()
    const png = await fileReport(dealer, validFields(), {
      bytes: PNG,
      filename: 'notlar.txt',
      type: 'text/plain',
    })
    expect(png.hasPhoto).toBe(true)
    const gif = await postReport(dealer, validFields(), {
      bytes: GIF,
      filename: 'foto.jpg',
      type: 'image/jpeg',
    })
    expect(gif.statusCode).toBe(400)
    expect(Object.keys(gif.json().error.fields)).toEqual(['photo'])
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    expect(
      (await postReport(dealer, validFields(), { bytes: html, filename: 'a.png', type: 'image/png' }))
        .statusCode,
    ).toBe(400)
    // Taken for a PNG, stored as the JPEG it is re-encoded to.
    expect((await reportRows(dealer.customerId)).map((r) => r.photo_type)).toEqual(['image/jpeg'])
  })

  it('takes a photo of exactly 5 MB and refuses one byte more at the photo field', async () => {
    const dealer = await newDealer()
    const limit = paddedJpeg(JPEG, FAULT_PHOTO_MAX_BYTES)
    expect(limit.length).toBe(FAULT_PHOTO_MAX_BYTES)
    const report = await fileReport(dealer, validFields(), { bytes: limit })
    const over = await postReport(dealer, validFields(), {
      bytes: paddedJpeg(JPEG, FAULT_PHOTO_MAX_BYTES + 1),
    })
    expect(over.statusCode).toBe(400)
    expect(over.json().error.fields).toEqual({ photo: 'Fotoğraf en fazla 5 MB olabilir.' })
    expect(await reportRows(dealer.customerId)).toHaveLength(1)
    // The 5 MB were comments: the stored picture is the re-encoded 64×48 one.
    const stored = await storedPhoto(report.id)
    expect(stored.bytes.length).toBeLessThan(10_000)
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
  })

  it('stores the photo re-encoded: turned upright, at most 2000 px, without EXIF, GPS or other metadata', async () => {
    const dealer = await newDealer()
    // A phone's photo: 4000×3000 as taken, to be turned a quarter (orientation 6), with its place.
    const taken = await picture(4000, 3000)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Secret Model 7' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '41/1 1/1 12/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '28/1 58/1 36/1',
        },
      })
      .toBuffer()
    const before = await sharp(taken).metadata()
    expect(before.exif).toBeDefined()
    // The GPS block's pointer (tag 0x8825) is in the EXIF the test made.
    expect(
      before.exif!.includes(Buffer.from([0x25, 0x88])) || before.exif!.includes(Buffer.from([0x88, 0x25])),
    ).toBe(true)

    const report = await fileReport(dealer, validFields(), { bytes: taken })
    const stored = await storedPhoto(report.id)
    expect(stored.type).toBe('image/jpeg')
    const after = await sharp(stored.bytes).metadata()
    expect(after).toMatchObject({ format: 'jpeg', width: 1500, height: 2000 })
    expect(after.exif).toBeUndefined()
    expect(after.xmp).toBeUndefined()
    expect(after.iptc).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect(stored.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false)
    expect(stored.bytes.includes(Buffer.from('Exif\0\0'))).toBe(false)

    // And what the dealer and staff are served is that stored copy.
    for (const [client, url] of [
      [dealer, `/api/catalog/fault-reports/${report.id}/photo`],
      [await newAdmin(), `/yonetim/fault-reports/${report.id}/photo`],
    ] as const) {
      const res = await get(client, url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.rawPayload.equals(stored.bytes)).toBe(true)
      expect((await sharp(res.rawPayload).metadata()).exif).toBeUndefined()
    }
  })

  it('keeps a small photo its size, and takes PNG and WebP, stored as JPEG', async () => {
    const dealer = await newDealer()
    const webp = await picture(300, 200).webp().toBuffer()
    for (const bytes of [PNG, webp]) {
      const report = await fileReport(dealer, validFields(), { bytes })
      const stored = await storedPhoto(report.id)
      const size = await sharp(bytes).metadata()
      expect(await sharp(stored.bytes).metadata()).toMatchObject({
        format: 'jpeg',
        width: size.width,
        height: size.height,
      })
    }
  })

  it('refuses a photo that cannot be read as a picture, in Turkish or English, and stores nothing', async () => {
    const dealer = await newDealer()
    const broken = [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(300)]),
      Buffer.concat([PNG.subarray(0, 8), randomBytes(300)]),
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBP'), randomBytes(300)]),
      // A real JPEG cut in the middle of its picture data.
      (await picture(800, 600).jpeg().toBuffer()).subarray(0, 1500),
    ]
    for (const bytes of broken) {
      const res = await postReport(dealer, validFields(), { bytes })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.fields).toEqual({
        photo: 'Fotoğraf okunamadı: dosya bozuk veya eksik. Lütfen başka bir fotoğraf seçin.',
      })
    }
    const english = await postReport(
      dealer,
      validFields(),
      { bytes: broken[0]! },
      { 'accept-language': 'en' },
    )
    expect(english.statusCode).toBe(400)
    expect(english.json().error.fields).toEqual({
      photo: 'The photo could not be read: the file is damaged or incomplete. Please choose another photo.',
    })
    expect(await reportRows(dealer.customerId)).toEqual([])
  })

  it('refuses a second file and a photo sent as text', async () => {
    const dealer = await newDealer()
    const asText = await postReport(dealer, { ...validFields(), photo: 'not a file' })
    expect(asText.statusCode).toBe(400)
    expect(asText.json().error.fields).toHaveProperty('photo')
    const one = multipart(validFields(), { bytes: JPEG })
    const two = multipart(validFields(), { bytes: PNG })
    // The second body's photo part, appended to the first body before its closing boundary.
    const boundary = one.headers['content-type'].split('boundary=')[1]!
    const secondPart = two.payload
      .toString('latin1')
      .split(/--[^\r\n]+\r\n/)
      .find((part) => part.includes('filename='))!
    const payload = Buffer.concat([
      one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length),
      Buffer.from(`--${boundary}\r\n${secondPart}--${boundary}--\r\n`, 'latin1'),
    ])
    const twoFiles = await dealer.send({
      method: 'POST',
      url: '/api/catalog/fault-reports',
      payload,
      headers: one.headers,
    })
    expect(twoFiles.statusCode).toBe(413)
    expect(await reportRows(dealer.customerId)).toEqual([])
  })

  it('queues no mail when the store has no address, and still stores the report', async () => {
    const dealer = await newDealer()
    await t.database.db.update(storeInfo).set({ email: null }).where(eq(storeInfo.id, 1))
    try {
      const report = await fileReport(dealer)
      expect(await mailsAbout(report.reportNo)).toEqual([])
      expect(await reportRows(dealer.customerId)).toHaveLength(1)
    } finally {
      await t.database.db.update(storeInfo).set({ email: STORE_MAIL }).where(eq(storeInfo.id, 1))
    }
  })

  it('is for dealers: a guest gets 401, an administrator 403, a missing CSRF token 403; nothing is stored', async () => {
    const before = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from fault_reports`,
    )
    const visitor = await guest()
    expect((await postReport(visitor, validFields(), { bytes: JPEG })).statusCode).toBe(401)
    const admin = await newAdmin()
    const refused = await postReport(admin, validFields(), { bytes: JPEG })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error.code).toBe('admin_cart')
    const dealer = await newDealer()
    const body = multipart(validFields())
    const forged = await dealer.send({
      method: 'POST',
      url: '/api/catalog/fault-reports',
      payload: body.payload,
      headers: body.headers,
      csrf: false,
    })
    expect(forged.statusCode).toBe(403)
    const after = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from fault_reports`,
    )
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it(`lets one user file at most ${FAULT_REPORTS_PER_HOUR} reports an hour`, async () => {
    const dealer = await newDealer()
    for (let i = 0; i < FAULT_REPORTS_PER_HOUR; i++) {
      expect((await postReport(dealer, {})).statusCode).toBe(400)
    }
    const res = await postReport(dealer, validFields())
    expect(res.statusCode).toBe(429)
    expect(res.json().error.messages.type).toMatch(/^Bir saatte gönderilebilecek arıza bildirimi sınırına/)
    // Another user of the same company has an hour of its own.
    const colleague = await newDealer(dealer.customerId)
    await fileReport(colleague)
  })
})

// ---- the dealer's list and photos ---------------------------------------------------------------------

describe("a dealer's own reports", () => {
  it("lists the company's reports (its colleagues' too), newest first, and no other company's", async () => {
    const dealer = await newDealer()
    const colleague = await newDealer(dealer.customerId)
    const stranger = await newDealer()
    const first = await fileReport(dealer)
    const second = await fileReport(colleague, { ...validFields(), productCode: codes.grinder })
    await fileReport(stranger)

    const res = await get(dealer, '/api/catalog/fault-reports')
    expect(res.statusCode).toBe(200)
    const list = faultReportListSchema.parse(res.json())
    expect(list).toMatchObject({ total: 2, page: 1, pages: 1, limit: 20 })
    expect(list.items.map((r) => r.reportNo)).toEqual([second.reportNo, first.reportNo])
    expect(list.items[0]).toMatchObject({ productCode: codes.grinder, productName: 'Avuç Taşlama 125 mm' })
    const theirs = faultReportListSchema.parse((await get(stranger, '/api/catalog/fault-reports')).json())
    expect(theirs.items.map((r) => r.reportNo)).not.toContain(first.reportNo)
    expect(theirs.total).toBe(1)
  })

  it('pages by 20 and keeps an asked page within the pages there are', async () => {
    const dealer = await newDealer()
    const values = Array.from(
      { length: 21 },
      (_, i) =>
        sql`(${`AR-T${dealer.customerId}-${i}`}, ${dealer.customerId}, ${codes.hammer}, 'Test açıklaması', '0532 123 45 67')`,
    )
    await t.database.db.execute(
      sql`insert into fault_reports (report_no, customer_id, product_code, description, contact_phone) values ${sql.join(values, sql`, `)}`,
    )
    const page2 = faultReportListSchema.parse((await get(dealer, '/api/catalog/fault-reports?page=2')).json())
    expect(page2).toMatchObject({ total: 21, page: 2, pages: 2 })
    expect(page2.items).toHaveLength(1)
    const beyond = faultReportListSchema.parse(
      (await get(dealer, '/api/catalog/fault-reports?page=99')).json(),
    )
    expect(beyond.page).toBe(2)
  })

  it('is for dealers: a guest gets 401, an administrator 403', async () => {
    expect((await get(await guest(), '/api/catalog/fault-reports')).statusCode).toBe(401)
    expect((await get(await newAdmin(), '/api/catalog/fault-reports')).statusCode).toBe(403)
  })

  it("serves a photo to its company only, as an image that is never sniffed; another's is a 404", async () => {
    const dealer = await newDealer()
    const colleague = await newDealer(dealer.customerId)
    const report = await fileReport(dealer, validFields(), { bytes: PNG })
    const url = `/api/catalog/fault-reports/${report.id}/photo`

    const stored = await storedPhoto(report.id)
    for (const owner of [dealer, colleague]) {
      const res = await get(owner, url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.rawPayload.equals(stored.bytes)).toBe(true)
    }
    const stranger = await get(await newDealer(), url)
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().error.code).toBe('fault_report_not_found')
    expect((await get(await guest(), url)).statusCode).toBe(401)
    expect((await get(await newAdmin(), url)).statusCode).toBe(403)
    const without = await fileReport(dealer)
    expect((await get(dealer, `/api/catalog/fault-reports/${without.id}/photo`)).json().error.code).toBe(
      'no_photo',
    )
  })
})

// ---- staff --------------------------------------------------------------------------------------------

describe('staff: /yonetim/fault-reports', () => {
  it('lists every company’s reports with the dealer and who filed them, filtered by status', async () => {
    const customer = await createCustomer(t.database.db, { name: 'Arıza Test Ticaret' })
    const filer = await createUser(t.database.db, customer.id, { name: 'Servis Soran' })
    const dealer = new TestClient(t.app)
    await dealer.login(filer.email, filer.password)
    const report = await fileReport(dealer, validFields(), { bytes: JPEG })
    const admin = await newAdmin()

    const res = await get(admin, '/yonetim/fault-reports')
    expect(res.statusCode).toBe(200)
    const list = adminFaultReportListSchema.parse(res.json())
    expect(list.limit).toBe(50)
    expect(list.items[0]).toMatchObject({
      id: report.id,
      reportNo: report.reportNo,
      dealer: { id: customer.id, code: customer.code, name: 'Arıza Test Ticaret' },
      userName: 'Servis Soran',
      contactPhone: '0532 123 45 67',
      serialNumber: 'SN-2026-001',
      status: 'new',
      hasPhoto: true,
    })
    const inService = adminFaultReportListSchema.parse(
      (await get(admin, '/yonetim/fault-reports?status=in_service')).json(),
    )
    expect(inService.items.every((r) => r.status === 'in_service')).toBe(true)
    expect(inService.items.map((r) => r.id)).not.toContain(report.id)
    expect((await get(admin, '/yonetim/fault-reports?status=lost')).statusCode).toBe(400)
  })

  it('moves a report one step at a time, back one step too, and refuses a skipped step', async () => {
    const dealer = await newDealer()
    const report = await fileReport(dealer)
    const admin = await newAdmin()
    const patch = (status: string, id = report.id) =>
      admin.send({ method: 'PATCH', url: `/yonetim/fault-reports/${id}`, payload: { status } })

    const skipped = await patch('done')
    expect(skipped.statusCode).toBe(409)
    expect(skipped.json().error.messages.type).toMatch(/^Bildirim bu duruma geçirilemez/)
    for (const status of ['in_service', 'done', 'in_service', 'in_service']) {
      const res = await patch(status)
      expect(res.statusCode, status).toBe(200)
      expect(faultReportStatusResponseSchema.parse(res.json())).toMatchObject({ id: report.id, status })
    }
    const own = faultReportListSchema.parse((await get(dealer, '/api/catalog/fault-reports')).json())
    expect(own.items[0]!.status).toBe('in_service')
    // Each step taken is in the audit trail; the refused one and the repeated one are not.
    const trail = await auditTrail(t.database.db, 'fault_report', report.id)
    expect(trail.map((row) => row.changes[0])).toEqual([
      { field: 'status', old: 'new', new: 'in_service' },
      { field: 'status', old: 'in_service', new: 'done' },
      { field: 'status', old: 'done', new: 'in_service' },
    ])

    expect((await patch('new', 99_999_999)).statusCode).toBe(404)
    expect((await patch('lost')).statusCode).toBe(400)
    const extra = await admin.send({
      method: 'PATCH',
      url: `/yonetim/fault-reports/${report.id}`,
      payload: { status: 'done', priority: 'x' },
    })
    expect(extra.statusCode).toBe(400)
  })

  it("answers the dealer both ways: each step's note is on the report and in its history, and mailed", async () => {
    const dealer = await newDealer()
    const report = await fileReport(dealer)
    const admin = await newAdmin()
    const patch = (payload: Record<string, unknown>) =>
      admin.send({ method: 'PATCH', url: `/yonetim/fault-reports/${report.id}`, payload })

    const moved = await patch({ status: 'in_service', note: 'Cihaz servise alındı, 3 iş günü.' })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json()).toMatchObject({
      status: 'in_service',
      staffNote: 'Cihaz servise alındı, 3 iş günü.',
    })
    // The same status with a new note adds the note; with the same note (or none) nothing happens.
    expect((await patch({ status: 'in_service', note: 'Parça bekleniyor.' })).statusCode).toBe(200)
    expect((await patch({ status: 'in_service', note: 'Parça bekleniyor.' })).statusCode).toBe(200)
    expect((await patch({ status: 'in_service' })).statusCode).toBe(200)
    expect((await patch({ status: 'done' })).statusCode).toBe(200)
    const tooLong = await patch({ status: 'done', note: 'x'.repeat(1001) })
    expect(tooLong.statusCode).toBe(400)

    const own = faultReportListSchema.parse((await get(dealer, '/api/catalog/fault-reports')).json())
    const mine = own.items.find((item) => item.id === report.id)!
    expect(mine.status).toBe('done')
    // The latest note stays until another comes.
    expect(mine.staffNote).toBe('Parça bekleniyor.')
    expect(mine.history.map((h) => [h.from, h.to, h.note])).toEqual([
      ['new', 'in_service', 'Cihaz servise alındı, 3 iş günü.'],
      ['in_service', 'in_service', 'Parça bekleniyor.'],
      ['in_service', 'done', null],
    ])
    const staffList = adminFaultReportListSchema.parse((await get(admin, '/yonetim/fault-reports')).json())
    expect(staffList.items.find((item) => item.id === report.id)?.history).toHaveLength(3)

    const mails = await queryRows<{ recipient: string; subject: string; text: string }>(
      t.database.db,
      sql`select recipient, subject, text from mail_outbox where kind = 'fault_status'
        and subject like ${`${report.reportNo}%`} order by id`,
    )
    expect(mails.map((m) => [m.recipient, m.subject])).toEqual([
      [dealer.user.email, `${report.reportNo} numaralı arıza bildiriminiz: Serviste`],
      [dealer.user.email, `${report.reportNo} numaralı arıza bildiriminiz: Serviste`],
      [dealer.user.email, `${report.reportNo} numaralı arıza bildiriminiz: Tamamlandı`],
    ])
    expect(mails[0]!.text).toContain('Servis notu: Cihaz servise alındı, 3 iş günü.')
    expect(mails[1]!.text).toContain('not eklendi')
    expect((await auditTrail(t.database.db, 'fault_report', report.id)).map((row) => row.action)).toEqual([
      'status',
      'note',
      'status',
    ])
  })

  it('serves any report’s photo to staff', async () => {
    const dealer = await newDealer()
    const report = await fileReport(dealer, validFields(), { bytes: JPEG })
    const res = await get(await newAdmin(), `/yonetim/fault-reports/${report.id}/photo`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.rawPayload.equals((await storedPhoto(report.id)).bytes)).toBe(true)
  })

  it('is for administrators: a guest gets 401 and a dealer 403 on every staff call', async () => {
    const dealer = await newDealer()
    const report = await fileReport(dealer, validFields(), { bytes: JPEG })
    const visitor = await guest()
    const calls = [
      { method: 'GET' as const, url: '/yonetim/fault-reports' },
      { method: 'GET' as const, url: `/yonetim/fault-reports/${report.id}/photo` },
      {
        method: 'PATCH' as const,
        url: `/yonetim/fault-reports/${report.id}`,
        payload: { status: 'in_service' },
      },
    ]
    for (const call of calls) {
      expect((await visitor.send(call)).statusCode, call.url).toBe(401)
      expect((await dealer.send(call)).statusCode, call.url).toBe(403)
    }
    expect((await reportRows(dealer.customerId))[0]!.status).toBe('new')
  })
})

describe('the OpenAPI document', () => {
  it('describes the fault report calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/catalog/faultreport/basecategories/{categoryId}',
        '/api/catalog/faultreport/product/{categoryId}',
        '/api/catalog/fault-reports',
        '/api/catalog/fault-reports/{id}/photo',
        '/yonetim/fault-reports',
        '/yonetim/fault-reports/{id}',
        '/yonetim/fault-reports/{id}/photo',
      ]),
    )
  })
})
