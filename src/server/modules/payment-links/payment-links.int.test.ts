import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paymentLinkResponseSchema, publicPaymentLinkSchema } from '../../../contracts/payments'
import { paymentIntents } from '../../db/schema/payments'
import { queryRows, setStoreSetting } from '../../test/db-helpers'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { ADMIN, seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'
import { findPayableLink, lockPayableLink, markLinkPaid } from './payment-links.repository'
import { PAYMENT_LINK_MAILS_PER_HOUR } from './payment-links.routes'

let t: TestApp
/** The app's clock: real time plus what a test moved it on by. */
let shift = 0
const now = () => new Date(Date.now() + shift)
const DAY = 24 * 60 * 60_000

const TOKEN_IN_LINK = /^http:\/\/portal\.example\.test\/odeme-linki\/([A-Za-z0-9_-]{43})$/

beforeAll(async () => {
  // Links are written on the configured address (PUBLIC_URL), whatever Host a request names.
  t = await createTestApp({ now, env: { PUBLIC_URL: 'http://portal.example.test' } })
  await seedAccounts(t.database.db)
  await setStoreSetting(t.database.db, 'b2b_cari_odeme_baglantisi', true)
})
afterAll(async () => {
  await t.close()
})

/** A dealer of a company of its own. */
async function newDealer(name?: string) {
  const company = await createCustomer(t.database.db, name ? { name } : {})
  const client = await loggedInUser(t, company.id)
  return Object.assign(client, { company })
}

type Dealer = Awaited<ReturnType<typeof newDealer>>

const postLink = (
  client: TestClient,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  client.send({
    method: 'POST',
    url: '/api/payment-link',
    payload,
    headers: { host: 'portal.example.test', ...headers },
  })

/** Makes a link and answers its token and address. */
async function makeLink(client: TestClient, amount: string | number = '1250,50', extra = {}) {
  const res = await postLink(client, { amount, email: '', sendEmail: false, ...extra })
  expect(res.statusCode, res.body).toBe(200)
  const body = paymentLinkResponseSchema.parse(res.json())
  const token = TOKEN_IN_LINK.exec(body.link)?.[1]
  expect(token, body.link).toBeDefined()
  return { ...body, token: token! }
}

/** What the public page reads, as a browser that never logged in. */
async function readPublic(token: string) {
  const guest = new TestClient(t.app)
  return guest.send({ method: 'GET', url: `/api/payment-link/${encodeURIComponent(token)}` })
}

const linkRows = (customerId: number) =>
  queryRows<{ id: number; amount: string; email: string | null; settle_entry_ids: number[] }>(
    t.database.db,
    sql`select id, amount, email, settle_entry_ids from payment_links where customer_id = ${customerId} order by id`,
  )

const outboxTo = (recipient: string) =>
  queryRows<{ kind: string; subject: string; html: string; text: string; status: string }>(
    t.database.db,
    sql`select kind, subject, html, text, status from mail_outbox where recipient = ${recipient} order by id`,
  )

/** A pending card payment of the company (what the payment-core's start would make for the link). */
async function pendingIntent(customerId: number, amount: string) {
  const id = createHash('md5').update(String(Math.random())).digest('hex')
  await t.database.db.insert(paymentIntents).values({
    id,
    customerId,
    paymentType: 'link',
    gateway: 'sandbox',
    amount,
    totalAmount: amount,
    cardMasked: '552879******0008',
    cardHolder: 'Test Kart',
    cardExpiry: '12/30',
    expiresAt: new Date(now().getTime() + 15 * 60_000),
  })
  return id
}

describe('POST /api/payment-link: who may make links', () => {
  it('answers 403 with its own message when the store has payment links off, whatever the body', async () => {
    const dealer = await newDealer()
    await setStoreSetting(t.database.db, 'b2b_cari_odeme_baglantisi', false)
    try {
      for (const payload of [{ amount: '100' }, { amount: 'abc', unknown: 1 }]) {
        const res = await postLink(dealer, payload)
        expect(res.statusCode).toBe(403)
        expect(res.json().error).toMatchObject({
          code: 'payment_links_disabled',
          messages: { type: 'Ödeme bağlantısı oluşturma şu anda kapalıdır.' },
        })
      }
    } finally {
      await setStoreSetting(t.database.db, 'b2b_cari_odeme_baglantisi', true)
    }
    expect(await linkRows(dealer.company.id)).toEqual([])
    expect((await postLink(dealer, { amount: '100' })).statusCode).toBe(200)
  })

  it('sends a guest to log in (401) and refuses an administrator (403)', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage()
    expect((await postLink(guest, { amount: '100' })).statusCode).toBe(401)
    const admin = new TestClient(t.app)
    await admin.login(ADMIN.email, ADMIN.password)
    const res = await postLink(admin, { amount: '100' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('admin_cart')
  })

  it('needs the anti-forgery token', async () => {
    const dealer = await newDealer()
    const res = await dealer.send({
      method: 'POST',
      url: '/api/payment-link',
      payload: { amount: '5' },
      csrf: false,
    })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.code).toBe('csrf')
    expect(await linkRows(dealer.company.id)).toEqual([])
  })
})

describe('POST /api/payment-link: making a link', () => {
  it('makes a link on the address the request came to, with the spec text, open to anyone logged out', async () => {
    const dealer = await newDealer('Kuzey Boya Sanayi Ltd. Şti.')
    const before = now()
    const link = await makeLink(dealer, '1250,50')
    expect(link).toMatchObject({ success: true, message: 'Ödeme bağlantısı oluşturuldu.' })

    const res = await readPublic(link.token)
    expect(res.statusCode).toBe(200)
    const page = publicPaymentLinkSchema.parse(res.json())
    expect(page).toMatchObject({
      status: 'open',
      company: 'Kuzey Boya Sanayi Ltd. Şti.',
      amount: 1250.5,
      currency: 'TRY',
    })
    // Seven days by default (PAYMENT_LINK_DAYS).
    const lifetime = new Date(page.expiresAt).getTime() - before.getTime()
    expect(lifetime).toBeGreaterThanOrEqual(7 * DAY)
    expect(lifetime).toBeLessThan(7 * DAY + 60_000)
  })

  it('keeps only the SHA-256 of the token: the token is nowhere in the table', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '10')
    const rows = await queryRows<{ row: string; token_hash: string }>(
      t.database.db,
      sql`select p::text as row, token_hash from payment_links p where customer_id = ${dealer.company.id}`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.row).not.toContain(token)
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
  })

  it('makes a different unguessable token every time', async () => {
    const dealer = await newDealer()
    const tokens = new Set<string>()
    for (let i = 0; i < 5; i++) tokens.add((await makeLink(dealer, '10')).token)
    expect(tokens.size).toBe(5)
    // 43 base64url characters: 256 random bits.
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })

  it.each([['0'], ['-1'], ['1.234'], ['12.345'], ['abc'], [''], ['100.'], [0], [-3]])(
    'refuses the amount %j with the spec text (400), making nothing',
    async (amount) => {
      const dealer = await newDealer()
      const res = await postLink(dealer, { amount, email: '', sendEmail: false })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'invalid_amount',
        messages: { type: 'Geçerli bir tutar giriniz.' },
        fields: { amount: 'Geçerli bir tutar giriniz.' },
      })
      expect(await linkRows(dealer.company.id)).toEqual([])
    },
  )

  it.each([
    ['100', '100.00'],
    ['100.5', '100.50'],
    ['100,50', '100.50'],
    [99.9, '99.90'],
  ])('accepts %j as %s TL', async (amount, stored) => {
    const dealer = await newDealer()
    await makeLink(dealer, amount)
    expect((await linkRows(dealer.company.id)).map((r) => r.amount)).toEqual([stored])
  })

  it('refuses a body with an unknown field (400)', async () => {
    const dealer = await newDealer()
    const res = await postLink(dealer, { amount: '10', customerId: 1 })
    expect(res.statusCode).toBe(400)
    expect(await linkRows(dealer.company.id)).toEqual([])
  })

  it('answers in English on an English page', async () => {
    const dealer = await newDealer()
    const ok = await postLink(dealer, { amount: '10' }, { 'accept-language': 'en' })
    expect(ok.json().message).toBe('The payment link has been created.')
    const bad = await postLink(dealer, { amount: '0' }, { 'accept-language': 'en' })
    expect(bad.json().error.messages.type).toBe('Please enter a valid amount.')
  })

  it("carries chosen open items of the company's own statement, and refuses another company's", async () => {
    const dealer = await newDealer()
    const other = await newDealer()
    const debit = async (customerId: number) =>
      (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`insert into ledger_entries (customer_id, kind, document_no, entry_date, due_date, debit, open_amount)
              values (${customerId}, 'invoice', 'F-1', '2025-01-10', '2025-02-10', 500, 500) returning id`,
        )
      )[0]!.id
    const own = await debit(dealer.company.id)
    const theirs = await debit(other.company.id)

    const refused = await postLink(dealer, { amount: '500', settleEntryIds: [own, theirs] })
    expect(refused.statusCode).toBe(400)
    expect(await linkRows(dealer.company.id)).toEqual([])

    await makeLink(dealer, '500', { settleEntryIds: [own, own] })
    expect((await linkRows(dealer.company.id)).map((r) => r.settle_entry_ids)).toEqual([[own]])
  })
})

describe('GET /api/payment-link/:token', () => {
  it('is 404 with a clear message for a token nobody made, and 400 for one far too long', async () => {
    for (const token of ['x'.repeat(43), 'abc', createHash('sha256').update('x').digest('hex')]) {
      const res = await readPublic(token)
      expect(res.statusCode).toBe(404)
      expect(res.json().error.messages.type).toBe('Ödeme bağlantısı bulunamadı.')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    expect((await readPublic('a'.repeat(101))).statusCode).toBe(400)
  })

  it('is never kept by a cache: an open link is 200 with no-store', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '15')
    const res = await readPublic(token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(publicPaymentLinkSchema.parse(res.json()).status).toBe('open')
  })

  it('is 410 Gone for a paid link, with its message and what it was', async () => {
    const dealer = await newDealer('Gone Ticaret')
    const { token } = await makeLink(dealer, '33')
    const link = (await findPayableLink(t.database.db, token, now()))!
    await markLinkPaid(t.database.db, link.id, await pendingIntent(dealer.company.id, '33'), now())
    const res = await readPublic(token)
    expect(res.statusCode).toBe(410)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toMatchObject({
      error: { code: 'payment_link_paid', messages: { type: 'Bu ödeme bağlantısı ile ödeme yapılmış.' } },
      link: { status: 'paid', company: 'Gone Ticaret', amount: 33, currency: 'TRY' },
    })
    const english = await new TestClient(t.app).send({
      method: 'GET',
      url: `/api/payment-link/${token}`,
      headers: { 'accept-language': 'en' },
    })
    expect(english.json().error.messages.type).toBe('This payment link has already been paid.')
  })

  it('is not found by the SHA-256 stored in the table (the hash is not a token)', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '10')
    const hash = createHash('sha256').update(token).digest('hex')
    expect((await readPublic(hash)).statusCode).toBe(404)
  })

  it('says expired once the link is 7 days old, and the payment side no longer finds it', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '75')
    try {
      shift = 7 * DAY - 60_000
      expect((await readPublic(token)).json().status).toBe('open')
      expect(await findPayableLink(t.database.db, token, now())).not.toBeNull()
      shift = 7 * DAY + 1000
      const expired = await readPublic(token)
      expect(expired.statusCode).toBe(410)
      expect(expired.json()).toMatchObject({
        error: { code: 'payment_link_expired', messages: { type: 'Bu ödeme bağlantısının süresi dolmuş.' } },
        link: { status: 'expired', amount: 75 },
      })
      expect(await findPayableLink(t.database.db, token, now())).toBeNull()
    } finally {
      shift = 0
    }
  })

  it('follows PAYMENT_LINK_DAYS', async () => {
    const dealer = await newDealer()
    const days = t.deps.config.paymentLinkDays
    t.deps.config.paymentLinkDays = 2
    try {
      const { token } = await makeLink(dealer, '10')
      shift = 2 * DAY + 1000
      expect((await readPublic(token)).json().link.status).toBe('expired')
    } finally {
      t.deps.config.paymentLinkDays = days
      shift = 0
    }
  })
})

describe('paying a link (the repository the payment side uses)', () => {
  it("is payable by anyone holding the token (another dealer too) and credits the link's company", async () => {
    const owner = await newDealer()
    const stranger: Dealer = await newDealer()
    const { token } = await makeLink(owner, '300,25')
    expect((await stranger.send({ method: 'GET', url: `/api/payment-link/${token}` })).json()).toMatchObject({
      status: 'open',
      company: owner.company.name,
    })
    expect(await findPayableLink(t.database.db, token, now())).toMatchObject({
      customerId: owner.company.id,
      amount: '300.25',
      settleEntryIds: [],
    })
  })

  it('can be paid once: a second payment finds it paid, and the public page says so', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '40')
    const link = (await findPayableLink(t.database.db, token, now()))!
    const first = await pendingIntent(dealer.company.id, '40')
    const second = await pendingIntent(dealer.company.id, '40')

    // Five callbacks at once: the row lock lets exactly one mark it paid.
    const results = await Promise.all(
      [first, second, first, second, first].map((intent) =>
        t.database.db.transaction(async (tx) => {
          const locked = await lockPayableLink(tx, link.id, now())
          return locked ? markLinkPaid(tx, link.id, intent, now()) : false
        }),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await markLinkPaid(t.database.db, link.id, second, now())).toBe(false)
    expect(await findPayableLink(t.database.db, token, now())).toBeNull()
    expect((await readPublic(token)).json().link.status).toBe('paid')
    const [row] = await queryRows<{ payment_intent_id: string }>(
      t.database.db,
      sql`select payment_intent_id from payment_links where id = ${link.id}`,
    )
    expect([first, second]).toContain(row!.payment_intent_id)
  })

  it('cannot be locked for payment once expired', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '40')
    const link = (await findPayableLink(t.database.db, token, now()))!
    const later = new Date(now().getTime() + 8 * DAY)
    const locked = await t.database.db.transaction((tx) => lockPayableLink(tx, link.id, later))
    expect(locked).toBeNull()
  })
})

describe('POST /api/payment-link with sendEmail', () => {
  it('needs a valid e-mail address (400, spec text), sending and making nothing', async () => {
    const dealer = await newDealer()
    for (const email of ['', '   ', 'not-an-address']) {
      const res = await postLink(dealer, { amount: '10', email, sendEmail: true })
      expect(res.statusCode).toBe(400)
      expect(res.json().error).toMatchObject({
        code: 'email_required',
        messages: { type: 'E-posta zorunludur.' },
        fields: { email: 'E-posta zorunludur.' },
      })
    }
    expect(await linkRows(dealer.company.id)).toEqual([])
  })

  it("mails the modal's link (its token): no second link, the mail in the outbox with the link", async () => {
    const dealer = await newDealer('Güneş Elektrik A.Ş.')
    const link = await makeLink(dealer, '1250,50')
    const email = `muhasebe-${link.token.slice(0, 6)}@example.test`
    const res = await postLink(dealer, { amount: '1250,50', email, sendEmail: true, token: link.token })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({
      success: true,
      message: 'Ödeme bağlantısı e-posta ile gönderildi.',
      link: link.link,
    })
    expect(await linkRows(dealer.company.id)).toEqual([expect.objectContaining({ email })])

    const [mail, ...more] = await outboxTo(email)
    expect(more).toEqual([])
    expect(mail).toMatchObject({ kind: 'payment_link', status: 'pending' })
    expect(mail!.subject).toBe('Ödeme bağlantısı: Güneş Elektrik A.Ş. — 1.250,50 ₺')
    for (const body of [mail!.html, mail!.text]) {
      expect(body).toContain(link.link)
      expect(body).toContain('1.250,50 ₺')
      expect(body).toContain('Toptan Dağıtım A.Ş.')
      expect(body).toMatch(/\d{4} \d{2}:\d{2} tarihine kadar geçerlidir/)
    }
    expect(mail!.html).toContain('Güneş Elektrik A.Ş. cari hesabına')
    expect(mail!.html).toContain(`href="${link.link}"`)
  })

  it('makes and mails a new link when the modal has none', async () => {
    const dealer = await newDealer()
    const email = `odeme-${dealer.company.code}@example.test`.toLowerCase()
    const res = await postLink(dealer, { amount: '99,99', email, sendEmail: true })
    expect(res.statusCode).toBe(200)
    const { link } = paymentLinkResponseSchema.parse(res.json())
    expect(link).toMatch(TOKEN_IN_LINK)
    expect(await linkRows(dealer.company.id)).toEqual([expect.objectContaining({ amount: '99.99', email })])
    expect((await outboxTo(email))[0]!.text).toContain(link)
  })

  it("refuses another company's token (404) and one for another amount (409)", async () => {
    const owner = await newDealer()
    const other = await newDealer()
    const { token } = await makeLink(owner, '500')
    const email = `x-${token.slice(0, 8)}@example.test`

    const foreign = await postLink(other, { amount: '500', email, sendEmail: true, token })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json().error.messages.type).toBe('Ödeme bağlantısı bulunamadı.')

    const changed = await postLink(owner, { amount: '450', email, sendEmail: true, token })
    expect(changed.statusCode).toBe(409)
    expect(changed.json().error.code).toBe('payment_link_mismatch')

    expect(await outboxTo(email)).toEqual([])
    expect(await linkRows(other.company.id)).toEqual([])
  })

  it('refuses to mail a link that was paid meanwhile (404)', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '20')
    const link = (await findPayableLink(t.database.db, token, now()))!
    await markLinkPaid(t.database.db, link.id, await pendingIntent(dealer.company.id, '20'), now())
    const res = await postLink(dealer, { amount: '20', email: 'a@example.test', sendEmail: true, token })
    expect(res.statusCode).toBe(404)
  })

  it(`sends at most ${PAYMENT_LINK_MAILS_PER_HOUR} mails an hour per user; making links stays open`, async () => {
    const dealer = await newDealer()
    const email = `limit-${dealer.company.code}@example.test`.toLowerCase()
    for (let i = 0; i < PAYMENT_LINK_MAILS_PER_HOUR; i++) {
      expect((await postLink(dealer, { amount: '1', email, sendEmail: true })).statusCode).toBe(200)
    }
    const limited = await postLink(dealer, { amount: '1', email, sendEmail: true })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().error.messages.type).toMatch(/ödeme bağlantısı e-postası sınırına/)
    expect((await postLink(dealer, { amount: '1' })).statusCode).toBe(200)
    expect(await outboxTo(email)).toHaveLength(PAYMENT_LINK_MAILS_PER_HOUR)
  })
})

describe('the payment-link page (/odeme-linki/{token})', () => {
  const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
  const openPage = (url: string) => new TestClient(t.app).send({ method: 'GET', url, headers: HTML })

  /** Kept out of search engines and out of the Referer of anything the page loads or links to. */
  function expectPrivate(res: Awaited<ReturnType<typeof openPage>>) {
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow" />')
  }

  it('is 200 for an open link, and private', async () => {
    const dealer = await newDealer()
    const { token } = await makeLink(dealer, '12')
    for (const url of [`/odeme-linki/${token}`, `/en/odeme-linki/${token}`]) {
      const res = await openPage(url)
      expect(res.statusCode).toBe(200)
      expectPrivate(res)
    }
  })

  it('is 404 for a made-up token, 410 for a paid or expired link, in both languages', async () => {
    const dealer = await newDealer()
    const paid = await makeLink(dealer, '12')
    const link = (await findPayableLink(t.database.db, paid.token, now()))!
    await markLinkPaid(t.database.db, link.id, await pendingIntent(dealer.company.id, '12'), now())
    const expiring = await makeLink(dealer, '13')
    shift = 8 * DAY
    try {
      for (const [token, status] of [
        ['x'.repeat(43), 404],
        ['abc', 404],
        [paid.token, 410],
        [expiring.token, 410],
      ] as const) {
        for (const prefix of ['', '/en']) {
          const res = await openPage(`${prefix}/odeme-linki/${token}`)
          expect([token, prefix, res.statusCode]).toEqual([token, prefix, status])
          expectPrivate(res)
          expect(res.body).toMatch(prefix ? /<title>Payment \| / : /<title>Ödeme \| /)
        }
      }
    } finally {
      shift = 0
    }
  })

  it('other pages stay indexable, with the usual referrer policy', async () => {
    const res = await openPage('/urunler')
    expect(res.headers['x-robots-tag']).toBeUndefined()
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(res.body).not.toContain('name="robots"')
  })
})
