import { addFromCard, cardOf, DEALER, emptyCartIfNeeded, signIn } from './fixtures'
import { expect, type Page, test } from './test'

// Pages come drawn from the server with their data, and the browser takes that HTML over without
// drawing it again: no hydration error or warning may reach the console.

const PAGES = ['/', '/urunler', '/baglanti-elemanlari', '/sepet', '/en/urunler']
const PRODUCT = 'Açık Ağız Anahtar 24 mm'

function consoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

test.describe('server-drawn pages', () => {
  // These look at the page before the app takes it over, and at the takeover itself.
  test.use({ waitUntilLive: false })

  test('the product list is in the HTML itself, readable without any script', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/urunler')
    await expect(page.getByRole('heading', { level: 1, name: 'Tüm Ürünler' })).toBeVisible()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(5)
    await context.close()
  })

  test('what a visitor types and presses before the app is live is kept and done', async ({ page }) => {
    // The app's entry script is held back for a while: the page is server HTML only meanwhile.
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/account/login')
    await page.getByLabel('E-posta').fill(DEALER.email)
    await page.getByLabel(/^Şifre/).fill(DEALER.password)
    await page.keyboard.press('Enter')
    // Nothing is sent the plain HTML way (the password would be in the address).
    expect(page.url()).toMatch(/\/account\/login$/)
    release()
    await expect(page.getByRole('heading', { name: /Hoş geldiniz, / })).toBeVisible()
    expect(page.url()).not.toContain('Bayi')
  })

  for (const who of ['guest', 'dealer'] as const) {
    test(`a ${who}'s pages are taken over without a hydration error, and work`, async ({ page }) => {
      if (who === 'dealer') {
        await signIn(page, DEALER)
        // With a line in the cart, so the header's count and the cart page are drawn with data too.
        await emptyCartIfNeeded(page)
        await addFromCard(page, PRODUCT, 1, 1)
      }
      await page.goto('/el-aletleri')
      const product = await cardOf(page, PRODUCT)
        .getByRole('link', { name: PRODUCT, exact: true })
        .getAttribute('href')
      expect(product).toMatch(/-p-\d+$/)
      const problems = consoleProblems(page)
      // Each page twice: the first draw of a page since the server started waits for its lazy chunk,
      // which hides a query that comes late; every later draw is the common case.
      const pages = [...PAGES, product as string]
      for (const url of [...pages, ...pages]) {
        await page.goto(url)
        await expect(page.locator('#ssr-state')).toHaveCount(1)
        await expect(page.locator('main')).toBeVisible()
      }
      // The app is live: the search box suggests (a request the page makes itself).
      await page.goto('/urunler')
      await page.getByRole('search').getByRole('combobox').fill('Anahtar')
      await expect(page.getByRole('listbox')).toBeVisible()
      expect(problems).toEqual([])
    })
  }
})
