import { expectAccessible } from './axe'
import { ADMIN, DEALER, expectFitsPhoneWidth, mailsMentioning, signIn } from './fixtures'
import { type Browser, expect, newLivePage, type Page, test } from './test'

/** A 1×1 PNG: the server tells its type from these bytes, then keeps it re-encoded as a JPEG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const REPORT_NO = /AR-\d{4}-\d{6}/

/** Opens 'Ürün Seçiniz', walks El Aletleri › Pense ve Kerpeten and picks a Grip Pense; answers its code. */
async function pickProduct(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Ürün Seç' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ürün Seçiniz' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('combobox', { name: 'Ana kategori' }).click()
  await page.getByRole('option', { name: 'El Aletleri', exact: true }).click()
  await dialog.getByRole('combobox', { name: '1. alt kategori' }).click()
  await page.getByRole('option', { name: 'Pense ve Kerpeten', exact: true }).click()
  const product = dialog.getByRole('combobox', { name: 'Ürün' })
  await expect(product).toHaveAttribute('placeholder', 'Ürün Seçiniz...')
  await product.fill('Grip Pense')
  const option = page.getByRole('option').first()
  const label = (await option.textContent()) ?? ''
  const code = label.split(' - ')[0]!
  expect(code).toMatch(/^ELA-\d{6}$/)
  await option.click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('textbox', { name: /^Ürün Kodu/ })).toHaveValue(code)
  return code
}

/** Fills the rest of the form, sends it and answers the number the page shows. */
async function sendReport(page: Page, serial: string): Promise<string> {
  await page.getByRole('textbox', { name: /^Seri Numarası/ }).fill(serial)
  await page
    .getByRole('textbox', { name: /^Arıza Açıklaması/ })
    .fill('Pensenin ağzı kapanmıyor, yay yerinden çıkmış görünüyor.')
  await page.getByRole('textbox', { name: /^İletişim Telefonu/ }).fill('0532 123 45 67')
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'ariza.png', mimeType: 'image/png', buffer: PNG })
  await page.getByRole('button', { name: 'Bildirimi Gönder' }).click()
  const sent = page.getByTestId('fault-report-sent')
  await expect(sent).toContainText('Arıza bildiriminiz alındı. Bildirim numaranız: AR-')
  await expect(sent).toBeFocused()
  return REPORT_NO.exec((await sent.textContent()) ?? '')![0]
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await newLivePage(browser)
  await signIn(page, ADMIN)
  return page
}

test.describe('fault report', () => {
  test('a dealer picks a product, files a report and sees it; staff take it into service', async ({
    page,
    browser,
  }) => {
    await signIn(page, DEALER)
    await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
    await page.getByRole('menuitem', { name: 'Arıza Bildirimi' }).click()
    await expect(page).toHaveURL(/\/ariza-bildirimi$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Arıza Bildirimi' })).toBeVisible()
    await expectAccessible(page, 'fault report form')

    // Nothing is sent while a field is wrong; each says why.
    await page.getByRole('button', { name: 'Bildirimi Gönder' }).click()
    await expect(page.getByText('Ürün kodunu giriniz veya listeden bir ürün seçiniz.')).toBeVisible()
    await expect(page.getByText('Arıza açıklamasını giriniz.')).toBeVisible()

    await page.getByRole('button', { name: 'Ürün Seç' }).click()
    await page
      .getByRole('dialog', { name: 'Ürün Seçiniz' })
      .getByRole('combobox', { name: 'Ana kategori' })
      .click()
    await page.getByRole('option', { name: 'El Aletleri', exact: true }).click()
    await expect(page.getByRole('combobox', { name: '1. alt kategori' })).toBeVisible()
    await expectAccessible(page, 'fault report picker')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Ürün Seçiniz' })).toBeHidden()

    const code = await pickProduct(page)
    const serial = `SN-E2E-${Date.now()}`
    const reportNo = await sendReport(page, serial)

    const row = page.getByTestId('fault-report-row').filter({ hasText: reportNo })
    await expect(row).toContainText(code)
    await expect(row).toContainText(serial)
    await expect(row.getByTestId('fault-status')).toHaveText('Yeni')
    const photo = row.getByRole('link', { name: `Fotoğrafı aç: ${reportNo} (yeni sekmede)` })
    const answer = await page.request.get((await photo.getAttribute('href'))!)
    expect(answer.status()).toBe(200)
    expect(answer.headers()['content-type']).toBe('image/jpeg')
    expect(answer.headers()['x-content-type-options']).toBe('nosniff')
    // A JPEG's first bytes (SOI, then a marker): what was stored is the re-encoded copy.
    expect([...Buffer.from(await answer.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
    // The store's mail goes out through the outbox (written as a file in this run).
    await expect.poll(() => mailsMentioning(reportNo).length, { timeout: 15_000 }).toBe(1)
    await expectAccessible(page, 'fault report sent')

    // Staff find it on their page and take it into service.
    const staff = await adminPage(browser)
    await staff.goto('/yonetim/ariza-bildirimleri')
    await expect(staff.getByRole('heading', { level: 1, name: 'Arıza Bildirimleri' })).toBeVisible()
    const menu = staff.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await expect(menu.getByRole('link', { name: 'Arıza Bildirimleri' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const staffRow = staff.getByTestId('fault-report-row').filter({ hasText: reportNo })
    await expect(staffRow).toContainText('0532 123 45 67')
    await expect(staffRow).toContainText('Pensenin ağzı kapanmıyor')
    await expectAccessible(staff, 'staff fault reports')
    const status = staffRow.getByRole('combobox', { name: `${reportNo} durumu` })
    await expect(status).toHaveValue('Yeni')
    await status.click()
    await staff.getByRole('option', { name: 'Serviste' }).click()
    // The step asks for a note the dealer reads on the report and receives by mail.
    const step = staff.getByRole('dialog', { name: `${reportNo}: Serviste durumuna geçir` })
    await step.getByRole('textbox', { name: /Bayiye not/ }).fill('Servise alındı, 3 iş günü.')
    await expectAccessible(staff, 'fault report step dialog')
    await step.getByRole('button', { name: 'Kaydet' }).click()
    await expect(staff.getByText(`${reportNo}: durum “Serviste” olarak kaydedildi.`)).toBeVisible()
    await expect(step).toBeHidden()
    // The dealer who filed it is mailed the step (the store was mailed the report itself).
    await expect.poll(() => mailsMentioning(reportNo, DEALER.email).length, { timeout: 15_000 }).toBe(1)

    await staff.goto('/yonetim/ariza-bildirimleri?status=in_service')
    await expect(
      staff.getByTestId('fault-report-row').filter({ hasText: reportNo }).getByRole('combobox'),
    ).toHaveValue('Serviste')
    await staff.context().close()

    await page.reload()
    const mine = page.getByTestId('fault-report-row').filter({ hasText: reportNo })
    await expect(mine.getByTestId('fault-status')).toHaveText('Serviste')
    await expect(mine.getByTestId('fault-answer')).toContainText('Servis notu: Servise alındı, 3 iş günü.')
    await mine.getByText('Geçmiş (1 adım)').click()
    await expect(mine.getByTestId('fault-answer')).toContainText('Serviste — Servise alındı, 3 iş günü.')
    await expectAccessible(page, 'fault report answered')
  })

  test('the form, the picker and the staff list fit a phone @phone', async ({ page, browser }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER)
    await page.getByRole('button', { name: 'Menüyü aç' }).click()
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('link', { name: 'Arıza Bildirimi' }).click()
    await expect(page).toHaveURL(/\/ariza-bildirimi$/)
    await expectFitsPhoneWidth(
      page,
      page.getByRole('textbox', { name: /^Ürün Kodu/ }),
      page.getByRole('button', { name: 'Ürün Seç' }),
      page.getByRole('textbox', { name: /^Arıza Açıklaması/ }),
      page.getByRole('button', { name: 'Bildirimi Gönder' }),
    )
    await page.getByRole('button', { name: 'Ürün Seç' }).click()
    const dialog = page.getByRole('dialog', { name: 'Ürün Seçiniz' })
    await expectFitsPhoneWidth(page, dialog.getByRole('combobox', { name: 'Ana kategori' }))
    await page.keyboard.press('Escape')

    await pickProduct(page)
    const reportNo = await sendReport(page, `SN-PHONE-${Date.now()}`)
    const card = page.getByTestId('fault-report-row').filter({ hasText: reportNo })
    await expectFitsPhoneWidth(page, card)
    await expectAccessible(page, 'phone fault report')

    const staff = await newLivePage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    })
    await signIn(staff, ADMIN, '/yonetim/ariza-bildirimleri')
    const staffCard = staff.getByTestId('fault-report-row').filter({ hasText: reportNo })
    await expect(staff.getByTestId('fault-report-cards')).toBeVisible()
    await expectFitsPhoneWidth(
      staff,
      staffCard,
      staffCard.getByRole('combobox', { name: `${reportNo} durumu` }),
    )
    await expectAccessible(staff, 'phone staff fault reports')
    await staff.context().close()
  })
})
