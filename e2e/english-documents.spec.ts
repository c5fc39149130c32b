import { addFromCard, DEALER, emptyCartIfNeeded, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/*
 * On /en the documents a dealer made speak English too: the unit of an order's and an offer's lines
 * ('Adet' is stored as 'Piece' in the demo's translations), and the sandbox bank's 3-D Secure page
 * in the payer's language.
 */

const SUCCESS_CARD = '4090210000000016'
const SMS_CODE = '283126'

async function orderOneInEnglish(page: Page) {
  await signIn(page, DEALER)
  await emptyCartIfNeeded(page)
  await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 2, 1)
  await page.goto('/en/sepet')
  await expect(page.getByTestId('cart-table')).toBeVisible()
  await expect(page.getByTestId('plan-total-amount')).toBeVisible()
  await page.getByRole('button', { name: 'Place order' }).click()
  await expect(page).toHaveURL(/\/en\/siparis\/\d+$/)
}

test('the order success page and the order list name the unit in English', async ({ page }) => {
  await orderOneInEnglish(page)
  const main = page.getByRole('main')
  await expect(main.getByText(/\b2 Piece\b/).first()).toBeVisible()
  await expect(main).not.toContainText('Adet')
  await page.goto('/en/siparis/liste')
  await page
    .getByRole('button', { name: /^Show the items of order / })
    .first()
    .click()
  await expect(main.getByText(/Piece/).first()).toBeVisible()
  await expect(main).not.toContainText('Adet')
})

test('an offer names the unit in English', async ({ page }) => {
  await signIn(page, DEALER)
  await emptyCartIfNeeded(page)
  await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)
  await page.goto('/en/sepet')
  await page.getByRole('button', { name: 'Make an offer' }).click()
  await expect(page).toHaveURL(/\/en\/teklif\/liste$/)
  await page
    .getByRole('button', { name: /^Show the details of offer / })
    .first()
    .click()
  await expect(page.getByRole('main').getByText(/Piece/).first()).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Adet')
})

test("the bank's 3-D Secure page speaks the payer's language", async ({ page }) => {
  await signIn(page, DEALER, '/en/odeme')
  await page.getByLabel('Amount to pay (TL)').fill('150.00')
  await page.getByLabel('Card number').pressSequentially(SUCCESS_CARD)
  await page.getByLabel('Name on card').fill('AHMET YILMAZ')
  await page.getByLabel(/^Expiry date/).pressSequentially('1230')
  await page.getByLabel(/^CCV/).pressSequentially('123')
  await page.getByRole('button', { name: 'Pay', exact: true }).click()
  const frame = page.frameLocator(`iframe[title="Your bank's secure payment page"]`)
  const code = frame.getByLabel('The verification code sent to your mobile phone')
  await expect(code).toBeVisible({ timeout: 15_000 })
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en')
  await expect(frame.getByRole('heading', { name: '3-D Secure verification' })).toBeVisible()
  await expect(frame.getByText('150.00 TL')).toBeVisible()
  await expect(frame.locator('body')).not.toContainText('doğrulama')
  await code.fill(SMS_CODE)
  await frame.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 20_000 })
})
