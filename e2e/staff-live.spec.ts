import { expectAccessible } from './axe'
import {
  ADMIN,
  DEALER,
  emptyCartIfNeeded,
  expectAdded,
  expectCount,
  expectFitsPhoneWidth,
  logIn,
  signIn,
} from './fixtures'
import { type Browser, expect, type Locator, newLivePage, type Page, test } from './test'

/** A product of the demo catalogue any dealer can put in the cart from its grid card. */
const PRODUCT = 'Açık Ağız Anahtar 24 mm'

/** The demo dealer in a browser of their own (a second person, beside the administrator). */
async function dealerBrowser(browser: Browser): Promise<Page> {
  const page = await newLivePage(browser, { locale: 'tr-TR' })
  await logIn(page, DEALER)
  return page
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
  await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click()
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible()
}

const userCard = (page: Page, name: string) =>
  page
    .getByTestId('online-user')
    .filter({ has: page.getByTestId('online-user-name').getByText(name, { exact: true }) })
const statusOf = (card: Locator) => card.getByTestId('online-user-status')
const cartOf = (page: Page, owner: string) =>
  page.getByTestId('customer-cart').filter({ has: page.getByRole('heading', { name: owner, exact: true }) })

async function addToCart(page: Page, name: string) {
  await page.goto('/el-aletleri?view=grid')
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) })
  await card.getByRole('button', { name: 'Sepete Ekle' }).click()
  await expectAdded(page)
  await expectCount(page, 1)
}

test.describe('live staff screens', () => {
  test('a dealer who starts browsing shows up on the online users screen within 10 s, and goes offline on logout', async ({
    page,
    browser,
  }) => {
    // The dealer may be online from another spec: logged out first, so coming online is a change.
    const dealer = await dealerBrowser(browser)
    await logOut(dealer)

    await signIn(page, ADMIN, '/yonetim/online-kullanicilar')
    await expect(page.getByRole('heading', { name: 'Online Kullanıcılar', level: 1 })).toBeVisible()
    await expect(page.getByTestId('live-connection')).toHaveText('Canlı bağlantı: Canlı')
    const card = userCard(page, DEALER.name)
    await expect(card.or(page.getByTestId('online-empty')).first()).toBeVisible()
    await expect(statusOf(card)).not.toHaveText('Çevrimiçi')

    await logIn(dealer, DEALER)
    await dealer.goto('/urunler')
    // No reload: the server pushes the change (at the latest, the page's 10-second question finds it).
    await expect(statusOf(card)).toHaveText('Çevrimiçi', { timeout: 10_000 })
    await expect(card.locator('.mantine-Avatar-root')).toHaveText('A')
    await expect(card).toContainText(/Son görülme: \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)
    await expectAccessible(page, 'online users')

    await logOut(dealer)
    await expect(statusOf(card)).toHaveText('Çevrimdışı', { timeout: 10_000 })
    await dealer.context().close()
  })

  test('a product a dealer puts in the cart shows up on the customer carts screen without a reload', async ({
    page,
    browser,
  }) => {
    const dealer = await dealerBrowser(browser)
    await emptyCartIfNeeded(dealer)

    await signIn(page, ADMIN, '/yonetim/musteri-sepetleri')
    await expect(page.getByRole('heading', { name: 'Müşteri Sepetleri', level: 1 })).toBeVisible()
    await expect(page.getByTestId('live-connection')).toHaveText('Canlı bağlantı: Canlı')
    const cart = cartOf(page, DEALER.name)
    await expect(page.getByTestId('customer-cart').first().or(page.getByTestId('carts-empty'))).toBeVisible()
    await expect(cart).toHaveCount(0)

    await addToCart(dealer, PRODUCT)
    await expect(cart).toHaveCount(1, { timeout: 10_000 })
    const line = cart.getByTestId('cart-line').filter({ hasText: PRODUCT })
    await expect(line).toContainText('1 Adet')
    await expect(cart.getByTestId('cart-total')).toContainText('₺')
    await expect(cart).toContainText('Son değişiklik: az önce')
    await expectAccessible(page, 'customer carts')

    // A click on the line opens the product in a new tab.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      line.getByRole('cell').nth(1).click(),
    ])
    await tab.waitForLoadState('domcontentloaded')
    await expect(tab.getByRole('heading', { name: PRODUCT, level: 1 })).toBeVisible()
    await tab.close()

    // Emptied: the cart leaves the screen just as live.
    await emptyCartIfNeeded(dealer)
    await expect(cart).toHaveCount(0, { timeout: 10_000 })
    await dealer.context().close()
  })

  test('both screens fit a phone @phone', async ({ page, browser }) => {
    const dealer = await dealerBrowser(browser)
    await emptyCartIfNeeded(dealer)
    await addToCart(dealer, PRODUCT)

    await signIn(page, ADMIN, '/yonetim/online-kullanicilar')
    const card = userCard(page, DEALER.name)
    await expect(statusOf(card)).toHaveText('Çevrimiçi', { timeout: 10_000 })
    await expectFitsPhoneWidth(
      page,
      page.getByRole('heading', { name: 'Online Kullanıcılar', level: 1 }),
      card,
    )
    await expectAccessible(page, 'online users, phone')

    await page.goto('/yonetim/musteri-sepetleri')
    const cart = cartOf(page, DEALER.name)
    await expect(cart).toHaveCount(1)
    await expectFitsPhoneWidth(page, cart, cart.getByRole('table'), cart.getByTestId('cart-total'))
    await expectAccessible(page, 'customer carts, phone')

    await emptyCartIfNeeded(dealer)
    await dealer.context().close()
  })
})
