import { expectAccessible } from './axe'
import { DEALER, expectCount } from './fixtures'
import { expect, type Locator, type Page, test } from './test'

// A whole order with the keyboard alone: no click, no fill, no focus() from the test. After each step
// that used to drop the focus to <body> (add to cart, a page change, − down to 1, the order) the test
// checks where the focus is.

const PRODUCT = 'Açık Ağız Anahtar 24 mm'

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${target}`)
}

/** What has the focus, for the messages: never <body> after the steps below. */
async function expectFocusKept(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement
        return !active || active === document.body ? 'body' : 'element'
      }),
    )
    .toBe('element')
}

async function expectFocusOn(target: Locator) {
  await expect(target).toBeFocused()
}

/** The demo dealer's cart is shared by the specs: empty it through the API before starting. */
async function emptyCart(page: Page) {
  const status = await page.evaluate(async () => {
    const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
    const bootstrap = JSON.parse(document.getElementById('bootstrap')?.textContent ?? '{}')
    const response = await fetch('/api/catalog/cart', {
      method: 'DELETE',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-Token': bootstrap.csrfToken || token,
      },
    })
    return response.status
  })
  expect(status).toBe(200)
  await page.reload()
  await expectCount(page, 0)
}

test('a dealer orders with the keyboard alone: search, add, cart, quantity, order', async ({ page }) => {
  // Log in by typing.
  await page.goto('/account/login')
  await tabTo(page, page.getByLabel('E-posta'))
  await page.keyboard.type(DEALER.email)
  await page.keyboard.press('Tab')
  await expectFocusOn(page.getByLabel(/^Şifre/))
  await page.keyboard.type(DEALER.password)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: /Hoş geldiniz, / })).toBeVisible()
  await emptyCart(page)

  // Search in the header; the results page's heading takes the focus.
  await tabTo(page, page.getByRole('search').getByRole('combobox'))
  await page.keyboard.type('Açık Ağız Anahtar')
  await page.keyboard.press('Escape')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/arama\?q=/)
  await expectFocusOn(page.getByRole('heading', { level: 1 }))

  // Add from the list: the button keeps the focus while busy and after, and the news is announced.
  const row = page
    .locator('[data-testid="product-row"], [data-testid="product-card"]')
    .filter({ has: page.getByRole('link', { name: PRODUCT, exact: true }) })
    .first()
  const add = row.getByRole('button', { name: 'Sepete Ekle' })
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  await expectFocusOn(row.getByTestId('add-to-cart'))
  await expect(page.getByTestId('live-region')).toHaveText(/Sepete Eklendi/)
  await expectCount(page, 1)

  // To the cart through the header's mini cart; the cart page's heading takes the focus.
  await tabTo(page, page.getByTestId('cart-button'), { back: true })
  await page.keyboard.press('Enter')
  const mini = page.getByRole('dialog', { name: /^Sepet, / })
  await expect(mini).toBeVisible()
  await expectAccessible(page, 'mini cart opened by keyboard')
  await tabTo(page, mini.getByRole('link', { name: 'Sepete Git' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sepet$/)
  await expectFocusOn(page.getByRole('heading', { level: 1, name: /Sepetim/ }))

  // Quantity: + to 2 and − back down to 1; the − at its bound keeps the focus (it used to be disabled).
  const line = page.getByTestId('cart-line').first()
  const quantity = line.getByRole('textbox', { name: new RegExp(PRODUCT) })
  const plus = line.getByRole('button', { name: 'Miktarı artır' })
  const minus = line.getByRole('button', { name: 'Miktarı azalt' })
  await tabTo(page, plus)
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('2')
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('3')
  await expectFocusOn(plus)
  await tabTo(page, minus, { back: true })
  await page.keyboard.press('Enter')
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('1')
  await expect(minus).toHaveAttribute('aria-disabled', 'true')
  await expectFocusOn(minus)
  await tabTo(page, plus)
  await page.keyboard.press('Enter')
  await expect(quantity).toHaveValue('2')
  await expect(page.getByTestId('line-amount').first()).not.toHaveText('')

  // Order: the button stays focused while saving, then the success page's heading has the focus.
  await tabTo(page, page.getByRole('button', { name: 'Sipariş Ver' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/siparis\/\d+$/)
  const success = page.getByRole('heading', { level: 1, name: 'Siparişiniz alındı' })
  await expect(success).toBeVisible()
  await expectFocusOn(success)
  await expectFocusKept(page)
  await expectAccessible(page, 'order success reached by keyboard')
  await expectFocusOn(success)
  await expect(page.getByTestId('order-item').getByTestId('item-quantity')).toHaveText('2 Adet')
  await expectCount(page, 0)
})
