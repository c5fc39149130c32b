import { expectAccessible } from './axe'
import { DEALER, expectFitsPhoneWidth, signIn } from './fixtures'
import { expect, type Locator, type Page, test } from './test'

/*
 * The warranty inquiry (spec/2 §2–§8) against the demo registry (src/server/db/seed/demo-serials.ts,
 * listed in the README): TP-GS-240001 sold 40 days before the seed with one movement, TP-GS-240002
 * sold 300 days before and serviced since, TP-GS-210003 expired, TP-GS-250004 never sold,
 * TP-GS-999999 unknown. Days are counted from the seed's day, so the figures are checked by their
 * range and form, not their value (a run may cross midnight).
 */

const FORM = 'Garanti/Servis Sorgulama'
const RESULT = 'Ürün Garanti/Servis Bilgisi'

const form = (page: Page) => page.getByRole('dialog', { name: FORM })
const result = (page: Page) => page.getByRole('dialog', { name: RESULT })

/** Types a serial into the open form and presses Sorgula. */
async function ask(page: Page, serial: string) {
  const dialog = form(page)
  await dialog.getByLabel('Seri Numarası').fill(serial)
  await dialog.getByRole('button', { name: 'Sorgula' }).click()
}

/** The text of each row of the movements table: [date, status, document]. */
async function movementRows(dialog: Locator): Promise<string[][]> {
  const rows = dialog.getByTestId('warranty-movements').locator('tbody tr')
  // The result arrives over the network: read the rows once the table has them.
  await expect(rows.first()).toBeVisible()
  return rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
  )
}

const DAY = /^\d{2}\.\d{2}\.\d{4}$/

test.describe('warranty inquiry', () => {
  test('from the user menu: a sold serial, then an expired one; both modals pass axe', async ({ page }) => {
    await signIn(page, DEALER)
    const menuButton = page.getByRole('button', { name: `Hesap menüsü: ${DEALER.name}` })
    await menuButton.click()
    await page.getByRole('menuitem', { name: FORM }).click()
    const dialog = form(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Seri Numarası')).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Sorgula' })).toHaveAttribute('aria-disabled', 'true')
    await expectAccessible(page, 'warranty inquiry form')

    await ask(page, ' tp-gs-240001 ')
    await expect(result(page)).toBeVisible()
    await expect(form(page)).toHaveCount(0)
    const days = result(page).getByTestId('warranty-days')
    await expect(days).toHaveText(/^Garanti süresinin bitmesine \d+ gün kaldı\.$/)
    const left = Number(/(\d+)/.exec((await days.textContent()) ?? '')?.[1])
    // Two years from a sale 40 days before the seed (the seed ran today or, past midnight, yesterday).
    expect(left).toBeGreaterThanOrEqual(688)
    expect(left).toBeLessThanOrEqual(692)
    await expect(result(page).getByText('Garanti kapsamında')).toBeVisible()
    await expect(result(page).getByText('TP-GS-240001', { exact: true })).toBeVisible()
    const rows = await movementRows(result(page))
    expect(rows).toHaveLength(1)
    expect(rows[0]![0]).toMatch(DAY)
    expect(rows[0]!.slice(1)).toEqual(['SATIŞ', 'FTR-000312'])
    await expectAccessible(page, 'warranty result')

    await result(page).getByRole('button', { name: 'Yeni Sorgu' }).click()
    await expect(form(page).getByLabel('Seri Numarası')).toHaveValue('')
    await ask(page, 'TP-GS-210003')
    await expect(result(page).getByTestId('warranty-days')).toHaveText(
      /^Garanti süresi \d+ gün önce doldu\.$/,
    )
    await expect(result(page).getByText('Garanti süresi dolmuş')).toBeVisible()

    await result(page).getByRole('button', { name: 'Tamam' }).click()
    await expect(result(page)).toHaveCount(0)
    await expect(menuButton).toBeFocused()
  })

  test('unknown and unsold serials answer in the form; a serviced one lists the sale only', async ({
    page,
  }) => {
    await signIn(page, DEALER, '/urunler?garanti=1')
    await expect(form(page)).toBeVisible()
    await ask(page, 'TP-GS-999999')
    await expect(form(page).getByRole('alert')).toHaveText('Aradığınız ürüne ait bilgi bulunamadı.')
    await ask(page, 'TP-GS-250004')
    await expect(form(page).getByRole('alert')).toHaveText(
      'Girilen seri numarasında hiçbir satış kaydı bulunmamaktadır, lütfen girdiğiniz seri numarasını kontrol edin.',
    )
    await expect(form(page).getByLabel('Seri Numarası')).toHaveValue('TP-GS-250004')

    await ask(page, 'TP-GS-240002')
    const rows = await movementRows(result(page))
    expect(rows.map((row) => row.slice(1))).toEqual([['SATIŞ', 'FTR-000188']])
  })

  test('?garanti=1 opens it on any page and is removed when it closes', async ({ page }) => {
    await signIn(page, DEALER, '/urunler?sort=name&garanti=1')
    await expect(form(page)).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeAttached()
    await page.keyboard.press('Escape')
    await expect(form(page)).toHaveCount(0)
    await expect(page).toHaveURL(/\/urunler\?sort=name$/)
  })

  test('a guest is sent to log in and comes back with it open', async ({ page }) => {
    await page.goto('/urunler?garanti=1')
    await expect(page).toHaveURL(/\/account\/login\?next=%2Furunler%3Fgaranti%3D1$/)
    await page.getByLabel('E-posta').fill(DEALER.email)
    await page.getByLabel(/^Şifre/).fill(DEALER.password)
    await page.keyboard.press('Enter')
    await expect(form(page)).toBeVisible()
    await expect(page).toHaveURL(/\/urunler\?garanti=1$/)
  })

  test('speaks English on an English page', async ({ page }) => {
    await signIn(page, DEALER, '/en/urunler?garanti=1')
    const dialog = page.getByRole('dialog', { name: 'Warranty/Service Inquiry' })
    await dialog.getByLabel('Serial Number').fill('TP-GS-210003')
    await dialog.getByRole('button', { name: 'Look up' }).click()
    const answer = page.getByRole('dialog', { name: 'Product Warranty/Service Information' })
    await expect(answer.getByTestId('warranty-days')).toHaveText(/^The warranty ran out \d+ days ago\.$/)
    await expectAccessible(page, 'warranty result (English)')
  })

  test('on a phone, from the menu: fits 390 px and gives the focus back to the burger @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER)
    const burger = page.getByRole('button', { name: 'Menüyü aç' })
    await burger.click()
    await page.getByRole('dialog', { name: 'Menü' }).getByRole('button', { name: FORM }).click()
    await expect(form(page)).toBeVisible()
    await expectFitsPhoneWidth(page, form(page).getByRole('button', { name: 'Sorgula' }))
    await expectAccessible(page, 'phone warranty inquiry form')
    await ask(page, 'TP-GS-240002')
    await expect(result(page)).toBeVisible()
    await expectFitsPhoneWidth(
      page,
      result(page).getByTestId('warranty-movements'),
      result(page).getByRole('button', { name: 'Tamam' }),
    )
    await expectAccessible(page, 'phone warranty result')
    await result(page).getByRole('button', { name: 'Tamam' }).click()
    await expect(result(page)).toHaveCount(0)
    await expect(burger).toBeFocused()
  })
})
