import ExcelJS from 'exceljs'
import { expectAccessible } from './axe'
import { ADMIN, DEALER, signIn } from './fixtures'
import { expect, test } from './test'

/** A distributor's product sheet: Turkish headers, a price as Turkish text, one row with no price. */
async function productSheet(code: string, name: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Ürünler')
  sheet.addRow(['Stok Kodu', 'Ürün Adı', 'Kategori Kodu', 'Fiyat', 'Döviz', 'KDV'])
  sheet.addRow([code, name, 'el-aletleri', '1.234,50', 'TL', 20])
  sheet.addRow([`${code}-X`, `${name} fiyatsız`, 'el-aletleri', 'yok', 'TL', 20])
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

test.describe('spreadsheet import', () => {
  test('the owner uploads a product sheet, maps, previews, imports with the progress bar, and the dealer finds the product at the imported price', async ({
    page,
    browser,
  }) => {
    const code = `E2E-AKT-${Date.now().toString(36).toUpperCase()}-${test.info().parallelIndex}`
    const name = `Aktarım Deneme Matkabı ${code}`
    await signIn(page, ADMIN, '/yonetim/iceri-aktar')
    await expect(page.getByRole('heading', { level: 1, name: 'İçeri aktar' })).toBeVisible()

    await page.getByRole('combobox', { name: 'Ne aktarılacak' }).click()
    await page.getByRole('option', { name: 'Ürünler' }).click()
    await page.locator('input[type=file]').setInputFiles({
      name: 'urunler.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await productSheet(code, name),
    })
    await page.getByRole('button', { name: 'Yükle' }).click()

    // The mapping, suggested from the Turkish headers
    const mapping = page.getByTestId('import-mapping')
    await expect(mapping).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Alan: Fiyat' })).toHaveValue('Satış fiyatı (zorunlu)')
    await expect(page.getByRole('combobox', { name: 'Alan: Stok Kodu' })).toHaveValue('Kod (zorunlu)')
    await expectAccessible(page, 'import mapping')

    await page.getByRole('button', { name: 'Önizle' }).click()
    await expect(page.getByTestId('import-count-created')).toHaveText('Eklenecek: 1')
    await expect(page.getByTestId('import-count-rejected')).toHaveText('Reddedilecek: 1')
    const rows = page.getByTestId('import-preview-rows')
    await expect(rows.getByRole('row').filter({ hasText: `${code}-X` })).toContainText(
      '"Fiyat" alanının değeri geçersiz.',
    )
    await expectAccessible(page, 'import preview')

    await page.getByRole('button', { name: 'İçeri aktar' }).click()
    await expect(page).toHaveURL(/[?&]is=\d+/)
    await expect(page.getByRole('progressbar', { name: 'Aktarım ilerlemesi' })).toBeVisible()
    await expect(page.getByTestId('import-job-status')).toHaveText('Tamamlandı', { timeout: 30_000 })
    await expect(page.getByTestId('import-job-rows')).toHaveText('2 / 2 satır')
    await expect(page.getByTestId('import-job-counts')).toContainText('1 eklendi')

    // The job's id is in the address: a reload finds it again, and its rejected rows
    await page.reload()
    await expect(page.getByTestId('import-job-status')).toHaveText('Tamamlandı')
    const download = page.waitForEvent('download')
    await page.getByTestId('import-rejected-file').click()
    expect((await download).suggestedFilename()).toMatch(/reddedilen\.csv$/)
    await expect(
      page
        .getByTestId('import-recent-catalogue')
        .getByRole('row')
        .filter({ hasText: 'urunler.xlsx' })
        .first(),
    ).toBeVisible()

    // The dealer finds it in the catalogue at the imported price
    const dealerContext = await browser.newContext()
    const dealer = await dealerContext.newPage()
    await signIn(dealer, DEALER, `/arama?q=${encodeURIComponent(code)}`)
    const card = dealer.getByTestId('product-card').filter({ hasText: name })
    await expect(card).toHaveCount(1)
    await expect(card).toContainText('1.234,50')
    await dealerContext.close()
  })
})
