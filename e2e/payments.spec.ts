import { expectAccessible } from './axe'
import { addFromCard, DEALER, emptyCartIfNeeded, expectCount, money, signIn } from './fixtures'
import { expect, type FrameLocator, newLivePage, type Page, test } from './test'

// The sandbox virtual POS's test cards and SMS code (docs/payments.md).
const SUCCESS_CARD = '4090 2100 0000 0016'
const DECLINED_CARD = '4183 4200 0000 0019'
const SMS_CODE = '283126'

/** Types the card form as a person does (the inputs are masked, so keys, not a pasted value). */
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kart Numarası').pressSequentially(number.replaceAll(' ', ''))
  await page.getByLabel('Kart Üzerindeki İsim').fill('AHMET YILMAZ')
  await page.getByLabel(/^Son Kullanma Tarihi/).pressSequentially('1230')
  await page.getByLabel(/^CCV/).pressSequentially('123')
}

const bankFrame = (page: Page): FrameLocator =>
  page.frameLocator('iframe[title="Bankanın güvenli ödeme sayfası"]')

/** The sandbox bank's 3-D Secure challenge inside the payment frame: the SMS code, then confirm. */
async function passThreeDs(page: Page) {
  const frame = bankFrame(page)
  const code = frame.getByLabel('Cep telefonunuza gönderilen doğrulama kodu')
  await expect(code).toBeVisible({ timeout: 15_000 })
  await code.fill(SMS_CODE)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

/** The overdue banner's amount, e.g. 12450.75 from 'Vadesi 45 gün geçmiş 12.450,75 TL …'. */
async function overdueAmount(page: Page): Promise<number> {
  const banner = page.getByText(/^Vadesi \d+ gün geçmiş .* ödemeniz bulunmaktadır$/)
  await expect(banner).toBeVisible()
  return money(await banner.textContent())
}

test.describe('card payment', () => {
  test('a dealer pays the cart by card through 3-D Secure, gets a paid order and prints the Mail Order slip', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 2, 1)

    await page.goto('/sepet')
    await page
      .getByRole('radiogroup', { name: 'Ödeme Planı' })
      .getByRole('radio', { name: /Kredi Kartı/ })
      .check()
    await expect(page.getByRole('button', { name: 'Sipariş Ver' })).toBeHidden()
    await page.getByLabel('Sipariş Notu').fill('Kartla ödendi, e2e')
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()

    // Step 1: the cart preview with its lines and the plan's total.
    await expect(page).toHaveURL(/\/odeme\/sepet\?plan=\d+/)
    await expect(page.getByText('Açık Ağız Anahtar 24 mm').first()).toBeVisible()
    await expectAccessible(page, 'checkout preview')
    await page.getByRole('button', { name: 'Ödeme Bilgilerine Geç' }).click()

    // Step 2: the card form. Pay with nothing filled: the first alert of spec/2 §5 for the card.
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Kart bilgilerini eksiksiz doldurunuz!' }),
    ).toBeVisible()
    await fillCard(page, SUCCESS_CARD)
    // The BIN answer names the network on the live card preview.
    await expect(page.getByText('Visa').first()).toBeVisible()
    await expectAccessible(page, 'checkout payment form')
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()

    // Step 3: the bank's page in the frame, then the summary.
    await passThreeDs(page)
    await expect(page).toHaveURL(/\/odeme\/sonuc\/[0-9a-f]{32}$/, { timeout: 20_000 })
    await expect(
      page.getByRole('heading', { name: 'Ödemeniz alındı, siparişiniz oluşturuldu' }),
    ).toBeVisible()
    await expect(page.getByText(/^S\d{4}-\d{6}$/).first()).toBeVisible()
    const slip = page.getByTestId('mail-order')
    await expect(slip).toContainText('409021******0016')
    await expect(slip).toContainText('AHMET YILMAZ')
    await expect(slip).toContainText('12/30')
    await expect(slip).not.toContainText('4090210000000016')
    await expectCount(page, 0)
    await expectAccessible(page, 'payment summary')

    // The slip prints in its own window, which closes itself a second after printing.
    const popupPromise = page.waitForEvent('popup')
    await page.getByRole('button', { name: 'Yazdır' }).click()
    const popup = await popupPromise
    await expect(popup.locator('body')).toContainText('409021******0016')
    await popup.waitForEvent('close', { timeout: 10_000 })

    // The order is in the list.
    await page.goto('/siparis/liste')
    await expect(
      page.getByText('Kartla ödendi, e2e').or(page.getByText(/^S\d{4}-\d{6}$/).first()),
    ).toBeVisible()
  })

  test('a declined card says why and keeps the form', async ({ page }) => {
    await signIn(page, DEALER, '/odeme')
    await page.getByLabel('Ödenecek Tutar (TL)').fill('150,00')
    await fillCard(page, DECLINED_CARD)
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()
    await passThreeDs(page)
    await expect(page.getByRole('alert').filter({ hasText: 'Yetersiz bakiye.' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(page).toHaveURL(/\/odeme$/)
    await expect(page.getByLabel('Kart Üzerindeki İsim')).toHaveValue('AHMET YILMAZ')
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('paying on account lowers the overdue amount on the banner', async ({ page }) => {
    await signIn(page, DEALER)
    const before = await overdueAmount(page)
    expect(before).toBeGreaterThan(1500)

    await page.getByRole('button', { name: new RegExp(DEALER.name) }).click()
    await page.getByRole('menuitem', { name: 'Ödeme Yap' }).click()
    await expect(page).toHaveURL(/\/odeme$/)
    // Above the store's installment limit (1,000 TL in the demo) the bank's installments show.
    await page.getByLabel('Ödenecek Tutar (TL)').fill('1500,00')
    await fillCard(page, SUCCESS_CARD)
    const table = page.getByTestId('installment-table')
    await expect(table).toBeVisible()
    await table.getByRole('radio', { name: '3 Taksit' }).check()
    await expect(page.getByText(/Kartınızdan çekilecek tutar: .* \(3 × /)).toBeVisible()
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()
    await passThreeDs(page)
    await expect(page.getByRole('heading', { name: 'Ödemeniz alındı' })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('mail-order')).toContainText('3')

    // The account is credited the amount paid, not the bank's commission on it.
    await page.goto('/')
    expect(await overdueAmount(page)).toBeCloseTo(before - 1500, 2)
    // The statement shows the card payment as a credit.
    await page.goto('/hesap/ekstre')
    await expect(page.getByText(/Kredi kartı|Kartla ödeme|Kart/).first()).toBeVisible()
  })

  test('a payment link is paid from another, logged-out browser', async ({ page, browser }) => {
    await signIn(page, DEALER, '/odeme')
    await page.getByRole('button', { name: 'Ödeme Bağlantısı' }).click()
    const modal = page.getByRole('dialog')
    await modal.getByLabel('Tutar (TL)').fill('275,50')
    await modal.getByRole('button', { name: 'Bağlantı Oluştur' }).click()
    await expect(modal.getByText('Ödeme bağlantısı oluşturuldu.')).toBeVisible()
    const link = await modal.getByLabel('Ödeme bağlantısı').inputValue()
    expect(link).toMatch(/\/odeme-linki\/[A-Za-z0-9_-]{43}$/)
    await expectAccessible(page, 'payment link modal')

    const payer = await newLivePage(browser, { locale: 'tr-TR' })
    const guest = payer.context()
    try {
      await payer.goto(link)
      await expect(payer.getByText('275,50').first()).toBeVisible()
      await expect(payer.getByText('Yıldız Yapı Market Ltd. Şti.').first()).toBeVisible()
      await expectAccessible(payer, 'public payment link')
      await fillCard(payer, SUCCESS_CARD)
      await payer.getByRole('button', { name: 'Ödeme Yap' }).click()
      await passThreeDs(payer)
      await expect(payer.getByTestId('mail-order')).toContainText('409021******0016', { timeout: 20_000 })

      // Paid once: opening it again says so.
      await payer.goto(link)
      await expect(payer.getByText('Bu ödeme bağlantısı ile ödeme yapılmış.').first()).toBeVisible()
    } finally {
      await guest.close()
    }
  })
})
