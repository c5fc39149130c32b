import type { Cart } from '../src/contracts/cart'
import { expectAccessible } from './axe'
import {
  ADMIN,
  DEALER,
  emptyCartIfNeeded,
  expectAdded,
  expectCount,
  money,
  openMiniCart,
  signIn,
} from './fixtures'
import { expect, type Page, test } from './test'

/** The alert people must acknowledge: checks its text and closes it. */
async function acknowledge(page: Page, text: string) {
  const alert = page.getByRole('dialog', { name: 'Uyarı' })
  await expect(alert.getByTestId('cart-alert')).toHaveText(text)
  await expectAccessible(page, `alert: ${text}`)
  await alert.getByRole('button', { name: 'Tamam' }).click()
  await expect(alert).toBeHidden()
}

const cardOf = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) })
const rowOf = (page: Page, name: string) =>
  page.getByTestId('product-row').filter({ has: page.getByRole('link', { name, exact: true }) })
const cartLineOf = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name, exact: true }) })

test.describe('cart', () => {
  test('a dealer fills the cart from a card, a row and the product page, then works it on /sepet', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)

    // A grid card: 2 of a product; the page says it went in (the button's 1.25 s success look is
    // AddToCartButton.test.tsx's: too short to be sure to see on a busy machine).
    await page.goto('/el-aletleri?view=grid')
    const card = cardOf(page, 'Açık Ağız Anahtar 24 mm')
    await card.getByRole('button', { name: 'Miktarı artır' }).click()
    await expect(card.getByRole('textbox')).toHaveValue('2')
    await card.getByRole('button', { name: 'Sepete Ekle' }).click()
    await expectAdded(page)
    await expectCount(page, 1)
    await expect(card.getByRole('button', { name: 'Sepete Ekle' })).toBeVisible()

    // A list row.
    await page.goto('/el-aletleri?view=list')
    const row = rowOf(page, 'Açık Ağız Anahtar 32 mm Saten Krom')
    await row.getByRole('button', { name: 'Sepete Ekle' }).click()
    await expectAdded(page)
    await expectCount(page, 2)

    // The mini cart follows: the lines with quantity × unit price, the totals, the way to the cart.
    let mini = await openMiniCart(page)
    await expect(mini.getByTestId('mini-cart-line')).toHaveCount(2)
    await expect(mini.getByTestId('mini-cart-line-quantity').first()).toHaveText(/^2 Adet × [\d.]+,\d{2} ₺$/)
    await expect(mini.getByTestId('mini-cart-totals')).toContainText('KDV Dahil Toplam')
    await expect(mini.getByRole('link', { name: 'Sepete Git' })).toHaveAttribute('href', '/sepet')
    await expectAccessible(page, 'mini cart')
    await page.keyboard.press('Escape')
    await expect(mini).toBeHidden()

    // A variant family on a list goes to its page with the alert; there the variant is asked for.
    await page.goto('/arama?q=Çelik Raf Ünitesi Ağır Yük&view=grid')
    await cardOf(page, 'Çelik Raf Ünitesi Ağır Yük').getByRole('button', { name: 'Sepete Ekle' }).click()
    await expect(page).toHaveURL(/\/celik-raf-unitesi-agir-yuk-p-\d+$/)
    await acknowledge(page, 'Ürün sayfasına yönlendiriliyorsunuz... Varyant Seçiniz!')
    await expect(page.getByRole('heading', { level: 1, name: 'Çelik Raf Ünitesi Ağır Yük' })).toBeVisible()
    await page.getByRole('button', { name: 'Sepete Ekle' }).click()
    await acknowledge(page, 'Varyant Seçiniz!')
    await expectCount(page, 2)

    // The product page: a chosen variant (the child's page), then a bigger unit.
    const parentUrl = page.url()
    const fields = page.getByRole('group', { name: 'Varyant seçimi' }).getByRole('combobox')
    const dimensions = await fields.count()
    for (let i = 0; i < dimensions; i++) {
      await fields.nth(i).click()
      await page.getByRole('option').first().click()
    }
    await expect(page.getByTestId('variant-busy')).toBeHidden({ timeout: 10_000 })
    await expect(page).not.toHaveURL(parentUrl)
    const childName = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
    expect(childName).toMatch(/^Çelik Raf Ünitesi Ağır Yük .+/)
    await page.getByRole('combobox', { name: 'Birim' }).click()
    await page.getByRole('option', { name: /^Koli/ }).click()
    await page.getByRole('button', { name: 'Sepete Ekle' }).click()
    await expectAdded(page)
    await expectCount(page, 3)
    mini = await openMiniCart(page)
    await expect(
      mini
        .getByTestId('mini-cart-line')
        .filter({ hasText: childName })
        .getByTestId('mini-cart-line-quantity'),
    ).toHaveText(/^1 Koli × /)

    // The cart page.
    await mini.getByRole('link', { name: 'Sepete Git' }).click()
    await expect(page).toHaveURL(/\/sepet$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sepetim(3 ürün)')
    await expect(page.getByTestId('cart-line')).toHaveCount(3)
    await expectAccessible(page, 'cart with three lines')
    const total = () => page.getByTestId('cart-total').textContent().then(money)
    const before = await total()

    // Quantity +1: the line and the totals change.
    const wrench = cartLineOf(page, 'Açık Ağız Anahtar 24 mm')
    const unitPrice = money(await wrench.getByTestId('line-unit-price').textContent())
    await wrench.getByRole('button', { name: 'Miktarı artır' }).click()
    await expect(wrench.getByRole('textbox')).toHaveValue('3')
    await expect(wrench.getByTestId('line-amount')).toContainText(
      (unitPrice * 3).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    )
    await expect.poll(total).toBeGreaterThan(before)
    const afterQuantity = await total()

    // Another unit: the line's price becomes that unit's price.
    const krom = cartLineOf(page, 'Açık Ağız Anahtar 32 mm Saten Krom')
    const adetPrice = money(await krom.getByTestId('line-unit-price').textContent())
    // The unit's change is sent after the quantity's answer (one change at a time): its answer is
    // the cart as the server keeps it. Reloading before it came would cancel it.
    const unitSaved = page.waitForResponse(
      (r) =>
        r.request().method() === 'PATCH' &&
        /\/api\/catalog\/cart\/\d+$/.test(r.url()) &&
        (r.request().postData() ?? '').includes('"unit"'),
    )
    await krom.getByRole('combobox', { name: /birimi$/ }).selectOption({ label: 'Koli (12)' })
    await expect
      .poll(async () => money(await krom.getByTestId('line-unit-price').textContent()))
      .toBeGreaterThan(adetPrice * 10)
    const saved = (await (await unitSaved).json()) as Cart
    const shown = Math.round(saved.totals.total.value * 100) / 100
    expect(shown).toBeGreaterThan(afterQuantity)
    // What the page shows is what the server says, and still says after a reload.
    await expect.poll(total).toBe(shown)
    await page.reload()
    await expect(page.getByTestId('cart-line')).toHaveCount(3)
    expect(await total()).toBe(shown)
    await expect(
      cartLineOf(page, 'Açık Ağız Anahtar 32 mm Saten Krom').getByRole('combobox').locator('option:checked'),
    ).toHaveText('Koli (12)')

    // Remove a line; the header follows.
    await cartLineOf(page, childName)
      .getByRole('button', { name: /sepetten çıkar$/ })
      .click()
    await expect(page.getByTestId('cart-line')).toHaveCount(2)
    await expectCount(page, 2)
    await expect.poll(total).toBeLessThan(shown)

    // Clear, after a confirmation.
    await page.getByRole('button', { name: 'Sepeti Boşalt' }).click()
    await page.getByRole('button', { name: 'Evet, boşalt' }).click()
    await expect(page.getByTestId('cart-empty')).toContainText('Sepetinizde ürün bulunmamaktadır.')
    await expectAccessible(page, 'empty cart')
    await expectCount(page, 0)
    await page.reload()
    await expect(page.getByTestId('cart-empty')).toBeVisible()
    await page.getByRole('link', { name: 'Ürünlere göz at' }).click()
    await expect(page).toHaveURL(/\/urunler$/)
  })

  test('an administrator has no cart and is told so by a toast', async ({ page }) => {
    await signIn(page, ADMIN)
    await expect(page.getByTestId('cart-button')).toHaveCount(0)
    await page.goto('/el-aletleri?view=grid')
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Sepete Ekle' }).click()
    await expect(page.getByText('Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Uyarı' })).toHaveCount(0)
  })

  test("a guest's cart icon and add-to-cart lead to login", async ({ page }) => {
    await page.goto('/el-aletleri?view=grid')
    const cart = page.getByRole('link', { name: 'Sepet, 0 ürün' })
    await expect(cart).toHaveAttribute('href', '/account/login')
    await page.getByTestId('product-card').first().getByRole('button', { name: 'Sepete Ekle' }).click()
    await expect(page).toHaveURL(/\/account\/login\?next=%2Fel-aletleri/)
    await page.goto('/')
    await page.getByRole('link', { name: 'Sepet, 0 ürün' }).click()
    await expect(page).toHaveURL(/\/account\/login$/)
  })

  test('the cart page works on a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await page.goto('/el-aletleri?view=grid')
    await cardOf(page, 'Açık Ağız Anahtar 24 mm').getByRole('button', { name: 'Sepete Ekle' }).click()
    await expectCount(page, 1)
    await page.goto('/sepet')
    const line = page.getByTestId('cart-line')
    await expect(line).toHaveCount(1)
    await expect(page.getByTestId('cart-table')).toHaveCount(0)
    await expectAccessible(page, 'phone cart')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await line.getByRole('button', { name: 'Miktarı artır' }).click()
    await expect(line.getByRole('textbox')).toHaveValue('2')
    await line.getByRole('button', { name: /sepetten çıkar$/ }).click()
    await expect(page.getByTestId('cart-empty')).toBeVisible()
    await expectCount(page, 0)
  })
})
