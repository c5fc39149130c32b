import { expectAccessible } from './axe'
import { addFromCard, DEALER, emptyCartIfNeeded, mailsMentioning, SALES, signIn } from './fixtures'
import { expect, newLivePage, test } from './test'

test.describe("staff convert a dealer's offer", () => {
  test('a sales user makes an offer into an order, and finds the order in the order list', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The dealer makes an offer of one line.
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Teklif Oluştur' }).click()
    await expect(page).toHaveURL(/\/teklif\/liste$/)
    const offerNo = (
      (await page.getByTestId('offer-row').first().getByTestId('offer-no').textContent()) ?? ''
    ).trim()
    expect(offerNo).toMatch(/^T\d{4}-\d{6}$/)

    // The sales user finds it by its number among every dealer's offers and opens it.
    const staff = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
    const context = staff.context()
    await signIn(staff, SALES, `/yonetim/teklifler?q=${offerNo}`)
    await expect(staff.getByRole('heading', { level: 1, name: 'Teklifler' })).toBeVisible()
    const table = staff.getByTestId('staff-offers-table')
    await expect(table.getByRole('row').filter({ hasText: offerNo })).toContainText('Açık')
    await expectAccessible(staff, 'staff offers')
    await staff.getByRole('button', { name: `${offerNo} numaralı teklifi aç` }).click()
    await expect(staff.getByRole('heading', { name: `Teklif ${offerNo}` })).toBeVisible()
    await expect(staff.getByTestId('offer-lines')).toContainText('Açık Ağız Anahtar 24 mm')

    // Converting asks first, then names the order made.
    await staff.getByRole('button', { name: 'Siparişe dönüştür' }).click()
    const dialog = staff.getByRole('dialog', { name: `${offerNo} siparişe dönüştürülsün mü?` })
    await expect(dialog).toBeVisible()
    await expectAccessible(staff, 'staff offer conversion dialog')
    await dialog.getByRole('button', { name: 'Siparişe dönüştür' }).click()
    const done = staff.getByTestId('offer-converted')
    await expect(done).toContainText('Sipariş oluşturuldu')
    const orderLink = done.getByRole('link')
    const orderNo = ((await orderLink.textContent()) ?? '').trim()
    expect(orderNo).toMatch(/^S\d{4}-\d{6}$/)
    await expect(staff.getByRole('button', { name: 'Siparişe dönüştür' })).toHaveCount(0)

    // The link opens the order list on that order, new and the dealer's.
    await orderLink.click()
    await expect(staff).toHaveURL(new RegExp(`/yonetim/siparisler\\?q=${orderNo}$`))
    const orderRow = staff.getByTestId('staff-orders-table').getByRole('row').filter({ hasText: orderNo })
    await expect(orderRow).toContainText('Yeni')
    await context.close()

    // The dealer has the order among its own, and its confirmation mail.
    await page.goto('/siparis/liste')
    await expect(page.getByTestId('order-row').filter({ hasText: orderNo })).toBeVisible()
    await expect.poll(() => mailsMentioning(orderNo, DEALER.email).length).toBe(1)
  })
})
