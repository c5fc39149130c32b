import { expectAccessible } from './axe'
import {
  addFromCard,
  DEALER,
  emptyCartIfNeeded,
  expectCount,
  expectFitsPhoneWidth,
  mailsMentioning,
  money,
  signIn,
} from './fixtures'
import { expect, test } from './test'

test.describe('orders', () => {
  test('a dealer orders the cart, sees the order, finds it in the list, expands and cancels it', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 2, 1)

    await page.goto('/sepet')
    const cartTotal = money(await page.getByTestId('cart-total').textContent())

    // A card plan swaps the order button for the pay button (payments.spec.ts pays with it).
    const plans = page.getByRole('radiogroup', { name: 'Ödeme Planı' })
    await plans.getByRole('radio', { name: /Kredi Kartı/ }).check()
    await expect(page.getByRole('button', { name: 'Sipariş Ver' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Ödeme Yap' })).toBeVisible()
    // The order is priced in its plan: the page shows that total before the click.
    await plans.getByRole('radio', { name: /Peşin/ }).check()
    await expect(page.getByTestId('plan-total')).toContainText('Peşin ile sipariş tutarı')
    expect(money(await page.getByTestId('plan-total-amount').textContent())).toBe(cartTotal)
    await plans.getByRole('radio', { name: '30 Gün Vadeli' }).check()
    await expect(page.getByTestId('plan-total')).toContainText('30 Gün Vadeli ile sipariş tutarı')
    const planTotal = money(await page.getByTestId('plan-total-amount').textContent())
    expect(planTotal).not.toBe(cartTotal)

    await page.getByLabel('Sipariş Notu').fill('Kapıda teslim, e2e')
    await page.getByRole('button', { name: 'Sipariş Ver' }).click()

    // The success screen: number, line, totals and the note; the cart is empty.
    await expect(page).toHaveURL(/\/siparis\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Siparişiniz alındı' })).toBeVisible()
    const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim()
    expect(orderNo).toMatch(/^S\d{4}-\d{6}$/)
    await expect(page.getByTestId('order-description')).toHaveText('Kapıda teslim, e2e')
    await expect(page.getByTestId('order-item')).toHaveCount(1)
    await expectAccessible(page, 'order success')
    await expect(page.getByTestId('order-item').getByTestId('item-quantity')).toHaveText('2 Adet')
    expect(money(await page.getByTestId('order-total').textContent())).toBe(planTotal)
    await expectCount(page, 0)

    // The confirmation went out (written to the outbox in this run), and the store's mail of it.
    await expect.poll(() => mailsMentioning(orderNo, DEALER.email).length).toBe(1)
    await expect.poll(() => mailsMentioning(orderNo, 'info@toptan.test').length).toBe(1)

    // The list: newest first, closed rows that expand, cancel with a confirmation.
    await page.getByRole('link', { name: 'Siparişlerime git' }).click()
    await expect(page).toHaveURL(/\/siparis\/liste$/)
    const row = page.getByTestId('order-row').filter({ hasText: orderNo })
    await expect(row).toBeVisible()
    await expect(page.getByTestId('order-row').first()).toContainText(orderNo)
    expect(money(await row.getByTestId('order-total').textContent())).toBe(planTotal)
    await expect(page.getByTestId('order-details')).toHaveCount(0)
    await row.getByRole('button', { name: `${orderNo} numaralı siparişin ürünlerini göster` }).click()
    const details = page.getByTestId('order-details')
    await expect(details).toContainText('Açık Ağız Anahtar 24 mm')
    await expectAccessible(page, 'order list, items open')

    await row.getByRole('button', { name: `İptal Et: ${orderNo} numaralı sipariş` }).click()
    await page.getByRole('button', { name: 'Evet, iptal et' }).click()
    await expect(row.getByTestId('order-cancelled')).toHaveText('İptal Edildi')
    await expect(row.getByRole('button', { name: `İptal Et: ${orderNo} numaralı sipariş` })).toHaveCount(0)

    // After a reload the server says the same.
    await page.reload()
    await expect(
      page.getByTestId('order-row').filter({ hasText: orderNo }).getByTestId('order-cancelled'),
    ).toBeVisible()
  })

  test('on a phone the menu leads to the order list @phone', async ({ page }) => {
    await signIn(page, DEALER)
    await page.getByRole('button', { name: 'Menüyü aç' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Siparişlerim' }).click()
    await expect(page).toHaveURL(/\/siparis\/liste$/)
    await expect(page.getByRole('heading', { name: 'Siparişlerim' })).toBeVisible()
  })

  test('on a phone a dealer orders, finds the order as a card that fits the screen, expands and cancels it @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Sipariş Ver' }).click()
    await expect(page).toHaveURL(/\/siparis\/\d+$/)
    const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim()
    const orderTotal = money(await page.getByTestId('order-total').textContent())

    await page.getByRole('link', { name: 'Siparişlerime git' }).click()
    await expect(page).toHaveURL(/\/siparis\/liste$/)
    await expect(page.getByTestId('orders-table')).toHaveCount(0)
    const card = page.getByTestId('order-row').filter({ hasText: orderNo })
    await expect(card).toBeVisible()
    const total = card.getByTestId('order-total')
    const cancel = card.getByRole('button', { name: `İptal Et: ${orderNo} numaralı sipariş` })
    const toggle = card.getByRole('button', { name: `${orderNo} numaralı siparişin ürünlerini göster` })
    await expectFitsPhoneWidth(page, total, cancel, toggle)
    expect(money(await total.textContent())).toBe(orderTotal)
    // Touch-sized buttons.
    expect((await cancel.boundingBox())?.height).toBeGreaterThanOrEqual(40)

    await toggle.click()
    await expect(
      card.getByRole('button', { name: `${orderNo} numaralı siparişin ürünlerini gizle` }),
    ).toHaveAttribute('aria-expanded', 'true')
    const details = card.getByTestId('order-details')
    await expect(details).toContainText('Açık Ağız Anahtar 24 mm')
    await expect(details.getByTestId('item-quantity')).toHaveText('1 Adet')
    await expectFitsPhoneWidth(page, details.getByTestId('item-amount'), cancel)
    await expectAccessible(page, 'phone order card, items open')

    await cancel.click()
    await page.getByRole('button', { name: 'Evet, iptal et' }).click()
    await expect(card.getByTestId('order-cancelled')).toHaveText('İptal Edildi')
    await expect(cancel).toHaveCount(0)
  })

  test('an empty cart offers no order button', async ({ page }) => {
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await page.goto('/sepet')
    await expect(page.getByText('Sepetinizde ürün bulunmamaktadır.').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sipariş Ver' })).toHaveCount(0)
  })
})
