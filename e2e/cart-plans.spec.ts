import { addFromCard, DEALER, emptyCartIfNeeded, money, signIn } from './fixtures'
import { expect, test } from './test'

/*
 * The cart page in a payment plan: its lines, its summary and the plan's line say the same total, and
 * the order is recorded at it (a 30-day order was recorded at 3.934,60 where the cart showed 3.820,00).
 */

test('the 30-day plan: the cart shows what the order then records', async ({ page }) => {
  await signIn(page, DEALER)
  await emptyCartIfNeeded(page)
  await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 3, 1)
  await page.goto('/sepet')
  await expect(page.getByTestId('plan-total-amount')).toBeVisible()
  const cashTotal = money(await page.getByTestId('cart-total').textContent())

  await page.getByRole('radio', { name: '30 Gün Vadeli' }).check()
  await expect(page.getByTestId('cart-summary-plan')).toHaveText('Ödeme planı: 30 Gün Vadeli')
  const planLine = page.getByTestId('plan-total-amount')
  await expect(page.getByTestId('cart-total')).toHaveText((await planLine.textContent()) ?? '')
  const shown = money(await page.getByTestId('cart-total').textContent())
  expect(shown).toBeGreaterThan(cashTotal)
  // The line's amount is in the plan too: 3 × its unit price.
  const line = page.getByTestId('cart-line').first()
  const unit = money(await line.getByTestId('line-unit-price').textContent())
  expect(money(await line.getByTestId('line-amount').textContent())).toBeCloseTo(unit * 3, 2)

  await page.getByRole('button', { name: 'Sipariş Ver' }).click()
  await expect(page).toHaveURL(/\/siparis\/\d+$/)
  // The cart stays drawn until the order's page has loaded: its plan texts would match too.
  await expect(page.getByRole('heading', { name: 'Siparişiniz alındı' })).toBeVisible()
  await expect(page.getByText('30 Gün Vadeli', { exact: true })).toBeVisible()
  const recorded = page.getByText('Genel Toplam').locator('..')
  expect(money(await recorded.textContent())).toBe(shown)
})
