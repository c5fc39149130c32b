import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IyzicoGateway } from '../../integrations/payments/iyzico/iyzico-gateway'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { cardForm, passChallenge, postCallback, startPayment } from '../../test/payments'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
})
afterAll(() => t.close())

const nonceOf = (csp: string, directive: string) =>
  new RegExp(`${directive} 'nonce-([A-Za-z0-9+/=]+)'`).exec(csp)?.[1]

/** Every inline script and style of the page carries the CSP's nonce; the JSON blocks are data, not run. */
function expectNonced(html: string, csp: string, { scripts: hasScripts = true } = {}) {
  const nonce = nonceOf(csp, 'script-src')
  expect(nonce).toBeTruthy()
  expect(nonceOf(csp, 'style-src')).toBe(nonce)
  const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!)
  expect(scripts.length > 0).toBe(hasScripts)
  for (const attrs of scripts) {
    if (!attrs.includes('application/json')) expect(attrs).toContain(`nonce="${nonce}"`)
  }
  for (const m of html.matchAll(/<style([^>]*)>/g)) expect(m[1]).toContain(`nonce="${nonce}"`)
  expect(html).not.toMatch(/\son[a-z]+="/)
}

describe('GET /payment/start (the frame page)', () => {
  it('is framable by our own pages only, with a fresh nonce per answer and no caching', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/payment/start' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toMatch(/text\/html/)
    const csp = String(first.headers['content-security-policy'])
    expect(csp).toContain("frame-ancestors 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(first.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(first.headers['cache-control']).toBe('no-store')
    expectNonced(first.body, csp)
    const second = await t.app.inject({ method: 'GET', url: '/payment/start' })
    expect(nonceOf(String(second.headers['content-security-policy']), 'script-src')).not.toBe(
      nonceOf(csp, 'script-src'),
    )
    // The app's own pages still may not be framed.
    const page = await t.app.inject({ method: 'GET', url: '/' })
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
  })

  it('posts to the parent with our own origin only and listens only to its parent on our origin', async () => {
    const { body } = await t.app.inject({ method: 'GET', url: '/payment/start' })
    expect(body).toContain('postMessage(message,origin)')
    expect(body).toContain('event.origin!==origin||event.source!==parentWindow')
    expect(body).not.toContain("'*'")
    expect(body).toContain("type:'dialogClose'")
    expect(body).toContain('<html lang="tr">')
    expect(body).toContain('Kapat')
    const en = await t.app.inject({ method: 'GET', url: '/payment/start?lang=en' })
    expect(en.body).toContain('<html lang="en">')
    expect(en.body).toContain('Close')
  })

  it("carries a CSRF token that starts a payment with the frame's own cookie", async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const frame = await dealer.send({ method: 'GET', url: '/payment/start' })
    const config = JSON.parse(
      /<script type="application\/json" id="payment-config">(.*?)<\/script>/.exec(frame.body)![1]!,
    )
    expect(config.csrfToken).toBe(dealer.csrf)
    const guest = new TestClient(t.app)
    const guestFrame = await guest.send({ method: 'GET', url: '/payment/start' })
    const guestToken = JSON.parse(/id="payment-config">(.*?)<\/script>/.exec(guestFrame.body)![1]!).csrfToken
    expect(guestToken).not.toBe(config.csrfToken)
  })
})

describe('the sandbox POS pages', () => {
  async function challengeUrl() {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    return (await startPayment(dealer, cardForm())).json().action.url as string
  }

  it('asks for the SMS code in Turkish: a labelled, autofocused field, the code as a hint, 390 px wide', async () => {
    const url = await challengeUrl()
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expectNonced(res.body, String(res.headers['content-security-policy']), { scripts: false })
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.body).toContain('<label for="code">')
    expect(res.body).toMatch(/<input id="code"[^>]*autofocus/)
    expect(res.body).toContain('283126')
    expect(res.body).toContain('409021******0016')
    expect(res.body).toContain('name="viewport" content="width=device-width, initial-scale=1"')
    expect(res.body).toContain('150,00 TL')
  })

  it('posts its signed result to our callback by script, with a visible button for a browser without it', async () => {
    const url = await challengeUrl()
    const posted = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=283126',
    })
    expect(posted.statusCode).toBe(200)
    expectNonced(posted.body, String(posted.headers['content-security-policy']))
    expect(posted.body).toMatch(
      /<form id="result" method="post" action="http:\/\/[^"]+\/payment\/callback\/sandbox\?lang=tr">/,
    )
    expect(posted.body).toContain('<button type="submit">Devam et</button>')
    for (const field of ['intentId', 'status', 'mdStatus', 'amount', 'currency', 'timestamp', 'signature']) {
      expect(posted.body).toContain(`name="${field}"`)
    }
  })

  it('answers a changed or unknown ticket with a page saying so', async () => {
    const url = await challengeUrl()
    const res = await t.app.inject({ method: 'GET', url: `${url.slice(0, -3)}abc` })
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('geçersiz veya süresi dolmuş')
  })
})

describe('the callback page', () => {
  it('tells the parent the outcome and loading:false, to our own origin, under a nonce', async () => {
    const company = await createCustomer(t.database.db)
    const dealer = await loggedInUser(t, company.id)
    const start = await startPayment(dealer, cardForm())
    const { fields } = await passChallenge(t, start.json().action.url)
    const res = await postCallback(t, fields)
    expectNonced(res.body, String(res.headers['content-security-policy']))
    expect(res.body).toContain('window.parent.postMessage(message,origin)')
    expect(res.body).toContain("{type:'loading',value:false}")
    expect(res.body).toContain('Ödemeniz alındı.')
  })
})

describe('with iyzico as the gateway', () => {
  it('serves no sandbox pages, and lets the frame post to a bank and our pages frame a bank', async () => {
    const other = await createTestApp({
      database: t.database,
      paymentGateway: new IyzicoGateway({ apiKey: 'k', secretKey: 's', baseUrl: 'http://127.0.0.1:9' }),
    })
    try {
      expect(
        (
          await other.app.inject({
            method: 'GET',
            url: `/sandbox-pos/3ds/${'a'.repeat(40)}.${'b'.repeat(43)}`,
          })
        ).statusCode,
      ).toBe(404)
      const frame = await other.app.inject({ method: 'GET', url: '/payment/start' })
      expect(String(frame.headers['content-security-policy'])).toContain("form-action 'self' https:")
      const page = await other.app.inject({ method: 'GET', url: '/' })
      expect(String(page.headers['content-security-policy'])).toMatch(/frame-src 'self' https:/)
    } finally {
      await other.close()
    }
  })
})
