import { expectAccessible } from './axe'
import { DEALER, logIn, pageWriteHeaders, signIn, writeHeaders } from './fixtures'
import { expect, type Page, test, untilLive } from './test'

/**
 * Sets the signed-in user's currency back to TRY through the API: the choice is the user's, so a run
 * that stopped half-way must not leave the shared demo dealer's prices in another currency for the
 * tests after it.
 */
async function backToLira(page: Page) {
  const bootstrap = await (await page.request.get('/api/bootstrap')).json()
  const lira = bootstrap.currencies.find((c: { code: string }) => c.code === 'TRY')
  const answer = await page.request.post('/api/catalog/settings', {
    data: { key: 'defaultCurrency', value: String(lira.id) },
    headers: writeHeaders(bootstrap.csrfToken, new URL(page.url()).origin),
  })
  expect(answer.ok()).toBe(true)
}

test.describe('foundation', () => {
  test('a guest sees the home page, a cart count linking to login and a working login form', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(page.locator('meta[name="csrf-token"]')).toHaveAttribute('content', /.{40,}/)
    await expect(page.getByRole('heading', { name: 'Hoş geldiniz', exact: true })).toBeVisible()
    await expectAccessible(page, 'guest home')
    const cart = page.getByRole('link', { name: /Sepet/ })
    await expect(cart).toHaveAttribute('href', /\/account\/login/)

    await page.goto('/account/login')
    await page.getByRole('button', { name: 'Giriş Yap' }).last().click()
    await expect(page.getByText('E-posta adresi zorunludur.')).toBeVisible()
    await page.getByLabel('E-posta').fill(DEALER.email)
    await page.getByLabel(/^Şifre/).fill('yanlış-şifre')
    await page.keyboard.press('Enter')
    await expect(page.getByText('E-posta adresi veya şifre hatalı.')).toBeVisible()
    await expectAccessible(page, 'login with an error')
  })

  test('a dealer logs in, switches currency and language, and logs out', async ({ page }) => {
    await logIn(page, DEALER)
    await expect(page.getByRole('heading', { name: `Hoş geldiniz, ${DEALER.name}` })).toBeVisible()
    // Demo overdue debt of the dealer's company, from its ledger (a payment test may have lowered it).
    await expect(page.getByText(/Vadesi \d+ gün geçmiş [\d.]+,\d{2} TL ödemeniz bulunmaktadır/)).toBeVisible()

    try {
      // Prices are shown in TRY first; after switching to USD they come back converted.
      const firstPrice = page.getByTestId('sale-price').first()
      await expect(firstPrice).toContainText('₺')
      await page.getByRole('button', { name: /Para birimi/ }).click()
      await page.getByRole('menuitemradio', { name: /USD/ }).click()
      await expect(firstPrice).toContainText('$')
      await page.reload()
      await untilLive(page)
      await expect(page.getByRole('button', { name: /Para birimi: USD/ })).toBeVisible()
      await expect(page.getByTestId('sale-price').first()).toContainText('$')

      // English: the address gets the /en prefix and the texts change.
      await page.getByRole('button', { name: /Dil: Türkçe/ }).click()
      await page.getByRole('menuitemradio', { name: 'English' }).click()
      await expect(page).toHaveURL(/\/en\/?$/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'en')
      await untilLive(page)
      await expect(page.getByRole('heading', { name: `Welcome, ${DEALER.name}` })).toBeVisible()
      await expectAccessible(page, 'dealer home in English, USD')
      // The choice is remembered: the Turkish address now leads to the English page.
      await page.goto('/')
      await expect(page).toHaveURL(/\/en\/?$/)

      await page.getByRole('button', { name: /Language: English/ }).click()
      await page.getByRole('menuitemradio', { name: 'Türkçe' }).click()
      await expect(page).toHaveURL(/:\d+\/$/)
      await expect(page.locator('html')).toHaveAttribute('lang', 'tr')
      // The language switch loaded the page anew: a click before the app has taken it over goes nowhere.
      await untilLive(page)

      // Back to TRY so other tests see the default.
      await page.getByRole('button', { name: /Para birimi/ }).click()
      await page.getByRole('menuitemradio', { name: /TRY/ }).click()
      await expect(page.getByTestId('sale-price').first()).toContainText('₺')
    } finally {
      await backToLira(page)
    }

    await page.getByRole('button', { name: /Hesap menüsü/ }).click()
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click()
    await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible()
    // The session is gone on the server: the API sees a guest.
    const bootstrap = await page.request.get('/api/bootstrap')
    expect((await bootstrap.json()).user).toBeNull()
  })

  test('a 401 from the API sends the user to login and back afterwards', async ({ page }) => {
    await logIn(page, DEALER)
    // The session must end after the app has taken the page over and made the calls it makes on its
    // own, or one of those meets the 401 and the app leaves for login before the click below.
    await page.addInitScript(() => {
      window.addEventListener('toptan:live', () => {
        document.documentElement.dataset.e2eLive = '1'
      })
    })
    await page.goto('/?kampanya=1')
    await expect(page.locator('html[data-e2e-live="1"]')).toHaveCount(1)
    await page.waitForLoadState('networkidle')
    // The session ends on the server behind the page's back, the browser keeping its cookie (an expiry).
    const cookies = await page.context().cookies()
    const out = await page.request.post('/api/account/logout', { headers: await pageWriteHeaders(page) })
    expect(out.ok()).toBe(true)
    await page.context().addCookies(cookies)
    // The next call the page makes answers 401: the app goes to login with the way back.
    await page.getByRole('button', { name: /Para birimi/ }).click()
    await page.getByRole('menuitemradio', { name: /EUR/ }).click()
    await expect(page).toHaveURL(/\/account\/login\?next=%2F%3Fkampanya%3D1/)
    await page.getByLabel('E-posta').fill(DEALER.email)
    await page.getByLabel(/^Şifre/).fill(DEALER.password)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/\?kampanya=1$/)
    await expect(page.getByRole('button', { name: /Para birimi: TRY/ })).toBeVisible()
  })

  test('the API reference and OpenAPI document are served', async ({ page }) => {
    const doc = await page.request.get('/api/openapi.json')
    expect(doc.ok()).toBe(true)
    expect(Object.keys((await doc.json()).paths)).toContain('/api/account/login')
    await page.goto('/api/docs')
    await expect(page.getByText('Toptan API').first()).toBeVisible()
  })

  test('the layout works on a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, DEALER)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The header's controls move into a drawer opened by the menu button.
    await page.getByRole('button', { name: 'Menüyü aç' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expect(page.getByText('Çıkış Yap')).toBeVisible()
    await expectAccessible(page, 'phone menu')
  })
})
