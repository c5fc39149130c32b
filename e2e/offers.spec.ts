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
import { expect, type Page, test } from './test'

const FIRST = 'Açık Ağız Anahtar 24 mm'
const SECOND = 'Açık Ağız Anahtar 32 mm Saten Krom'

/** price × (1 + percent / 100) rounded half up to kuruş, in whole kuruş so no binary float gets in. */
const withPercent = (price: number, percent: number) =>
  Math.round((Math.round(price * 100) * (100 + percent)) / 100) / 100

const itemOf = (page: Page, name: string) =>
  page.getByTestId('offer-item').filter({ has: page.getByText(name, { exact: true }) })

test.describe('offers', () => {
  test('a dealer makes an offer, sets line and header percents, adds a customer, mails, prints and edits it back', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, FIRST, 2, 1)
    await addFromCard(page, SECOND, 1, 2)

    // From the cart to the offer list; the cart became the offer.
    await page.goto('/sepet')
    await page.getByLabel('Sipariş Notu').fill('Şantiye teklifi')
    await page.getByRole('button', { name: 'Teklif Oluştur' }).click()
    await expect(page).toHaveURL(/\/teklif\/liste$/)
    await expectCount(page, 0)
    const row = page.getByTestId('offer-row').first()
    const offerNo = ((await row.getByTestId('offer-no').textContent()) ?? '').trim()
    expect(offerNo).toMatch(/^T\d{4}-\d{6}$/)

    // Details: prices before any percent, Kaydet only while open.
    const save = page.getByRole('button', { name: `${offerNo} numaralı teklifin oranlarını kaydet` })
    await expect(save).toHaveCount(0)
    await row.getByRole('button', { name: `${offerNo} numaralı teklifin detayını göster` }).click()
    await expect(save).toBeVisible()
    await expectAccessible(page, 'offer list, details open')
    const firstPrice = money(await itemOf(page, FIRST).getByTestId('item-unit-price').textContent())
    const secondPrice = money(await itemOf(page, SECOND).getByTestId('item-unit-price').textContent())

    // The header percent applies to every line, then one line gets its own.
    await page.getByLabel(`${offerNo} numaralı teklifin tüm satırları için kâr / iskonto %`).fill('-5')
    await page.getByLabel(`${offerNo} numaralı teklifin tüm satırları için kâr / iskonto %`).press('Tab')
    await expect(itemOf(page, SECOND).getByTestId('item-unit-price')).toContainText(
      withPercent(secondPrice, -5).toFixed(2).replace('.', ','),
    )
    await page.getByLabel(`${FIRST} için kâr / iskonto %`).fill('10')
    await page.getByLabel(`${FIRST} için kâr / iskonto %`).press('Tab')
    const firstUnit = withPercent(firstPrice, 10)
    await expect(itemOf(page, FIRST).getByTestId('item-unit-price')).toContainText(
      firstUnit.toFixed(2).replace('.', ','),
    )
    expect(money(await itemOf(page, FIRST).getByTestId('item-amount').textContent())).toBeCloseTo(
      firstUnit * 2,
      2,
    )
    await save.click()
    await expect(page.getByText('Kar marjınız kaydedildi.')).toBeVisible()

    // Saved on the server: a reload shows the same prices.
    await page.reload()
    await page
      .getByTestId('offer-row')
      .filter({ hasText: offerNo })
      .getByRole('button', { name: `${offerNo} numaralı teklifin detayını göster` })
      .click()
    await expect(itemOf(page, FIRST).getByTestId('item-unit-price')).toContainText(
      firstUnit.toFixed(2).replace('.', ','),
    )
    await expect(itemOf(page, SECOND).getByTestId('item-unit-price')).toContainText(
      withPercent(secondPrice, -5).toFixed(2).replace('.', ','),
    )

    // A customer for the offer.
    const current = page.getByTestId('offer-row').filter({ hasText: offerNo })
    await current.getByRole('button', { name: 'Müşteri Ekle' }).click()
    const modal = page.getByRole('dialog', { name: 'Müşteri Ekle' })
    await expect(modal).toBeVisible()
    await expectAccessible(page, 'offer customer modal')
    await modal.getByLabel('Ad Soyad').fill('Mehmet Demir')
    await modal.getByLabel('Firma Adı').fill('Demir İnşaat A.Ş.')
    await modal.getByLabel('E-posta').fill('mehmet@demir-insaat.test')
    await modal.getByLabel('Telefon').fill('0532 111 22 33')
    await modal.getByRole('button', { name: 'Müşteri Ekle' }).click()
    await expect(modal).toBeHidden()
    await expect(current.getByTestId('offer-customer')).toHaveText('Demir İnşaat A.Ş.')

    // The offer by e-mail to that customer (written to the outbox in this run).
    await current.getByRole('button', { name: `E-posta Gönder: ${offerNo} numaralı teklif` }).click()
    await expect(page.getByText('Teklif mailiniz gönderilmiştir.')).toBeVisible()
    await expect.poll(() => mailsMentioning('mehmet@demir-insaat.test').length).toBe(1)

    // The printable quote in its own 800×600 window.
    const popupPromise = page.waitForEvent('popup')
    await current.getByRole('button', { name: `${offerNo} numaralı teklifi yazdır` }).click()
    const popup = await popupPromise
    await popup.waitForLoadState()
    await expect(popup.locator('body')).toContainText('TEKLİF FORMU')
    await expect(popup.locator('body')).toContainText(offerNo)
    await expect(popup.locator('body')).toContainText('Demir İnşaat A.Ş.')
    await expect(popup.locator('body')).toContainText(FIRST)
    await expect(popup.locator('body')).toContainText(SECOND)
    expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([800, 600])
    await popup.close()

    // Edit: the lines go back into the cart and the app goes to /sepet.
    await current.getByRole('button', { name: `${offerNo} numaralı teklifi sepete alıp düzenle` }).click()
    await expect(page).toHaveURL(/\/sepet$/)
    await expectCount(page, 2)
    await expect(page.getByTestId('cart-line')).toHaveCount(2)
  })
  test('on a phone a dealer makes an offer, finds it as a card that fits the screen, sets percents and saves @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, FIRST, 2, 1)
    await addFromCard(page, SECOND, 1, 2)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Teklif Oluştur' }).click()
    await expect(page).toHaveURL(/\/teklif\/liste$/)

    await expect(page.getByTestId('offers-table')).toHaveCount(0)
    const card = page.getByTestId('offer-row').first()
    const offerNo = ((await card.getByTestId('offer-no').textContent()) ?? '').trim()
    expect(offerNo).toMatch(/^T\d{4}-\d{6}$/)
    const button = (name: string) => card.getByRole('button', { name })
    const toggle = button(`${offerNo} numaralı teklifin detayını göster`)
    await expectFitsPhoneWidth(
      page,
      card.getByTestId('offer-row-total'),
      button('Müşteri Ekle'),
      button(`İptal: ${offerNo} numaralı teklif`),
      button(`${offerNo} numaralı teklifi sepete alıp düzenle`),
      toggle,
      button(`${offerNo} numaralı teklifi yazdır`),
      button(`E-posta Gönder: ${offerNo} numaralı teklif`),
    )
    expect((await toggle.boundingBox())?.height).toBeGreaterThanOrEqual(40)

    await toggle.click()
    await expect(button(`${offerNo} numaralı teklifin detayını gizle`)).toHaveAttribute(
      'aria-expanded',
      'true',
    )
    const save = button(`${offerNo} numaralı teklifin oranlarını kaydet`)
    const all = page.getByLabel(`${offerNo} numaralı teklifin tüm satırları için kâr / iskonto %`)
    const firstPercent = page.getByLabel(`${FIRST} için kâr / iskonto %`)
    await expectFitsPhoneWidth(page, all, firstPercent, itemOf(page, FIRST).getByTestId('item-amount'), save)
    await expect(save).toBeDisabled()
    await expectAccessible(page, 'phone offer card, details open')
    const firstPrice = money(await itemOf(page, FIRST).getByTestId('item-unit-price').textContent())
    const secondPrice = money(await itemOf(page, SECOND).getByTestId('item-unit-price').textContent())
    const totalBefore = money(await card.getByTestId('offer-total').textContent())

    // The header percent sets every line, then one line gets a discount of its own.
    await all.fill('10')
    await all.press('Tab')
    await expect(itemOf(page, SECOND).getByTestId('item-unit-price')).toContainText(
      withPercent(secondPrice, 10).toFixed(2).replace('.', ','),
    )
    await firstPercent.fill('-5')
    await firstPercent.press('Tab')
    const firstUnit = withPercent(firstPrice, -5)
    await expect(itemOf(page, FIRST).getByTestId('item-unit-price')).toContainText(
      firstUnit.toFixed(2).replace('.', ','),
    )
    const totalTyped = money(await card.getByTestId('offer-total').textContent())
    expect(totalTyped).not.toBe(totalBefore)
    await expectFitsPhoneWidth(page, save)
    await save.click()
    await expect(page.getByText('Kar marjınız kaydedildi.')).toBeVisible()
    await expect
      .poll(async () => money(await card.getByTestId('offer-row-total').textContent()))
      .toBe(totalTyped)

    // Saved on the server: after a reload the card shows the same prices.
    await page.reload()
    const again = page.getByTestId('offer-row').filter({ hasText: offerNo })
    await again.getByRole('button', { name: `${offerNo} numaralı teklifin detayını göster` }).click()
    await expect(itemOf(page, FIRST).getByTestId('item-unit-price')).toContainText(
      firstUnit.toFixed(2).replace('.', ','),
    )
    await expect(page.getByLabel(`${FIRST} için kâr / iskonto %`)).toHaveValue('-5')
  })
})
