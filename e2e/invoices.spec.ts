import { readFileSync } from 'node:fs'
import { expectAccessible } from './axe'
import { ADMIN, DEALER, expectFitsPhoneWidth, pageWriteHeaders, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/*
 * The ERP's invoices: an invoice fed through the integration API, its PDF uploaded, is found and
 * downloaded by the dealer at /hesap/faturalar. The key is made by the owner through the staff API.
 */

const COMPANY_CODE = '120.01.001' // Yıldız Yapı, the demo dealer's company

/** The Istanbul day as YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())

/** A key with invoices:write, made by the signed-in owner as the staff screen makes it. */
async function invoicesKey(page: Page): Promise<string> {
  const made = await page.request.post('/yonetim/api-keys', {
    headers: await pageWriteHeaders(page),
    data: { name: `Fatura e2e ${Date.now()}-${test.info().parallelIndex}`, scopes: ['invoices:write'] },
  })
  expect(made.status(), await made.text()).toBe(200)
  return (await made.json()).key
}

test.describe('invoices', () => {
  test('a dealer downloads an ERP-fed invoice PDF', async ({ page }) => {
    await signIn(page, ADMIN)
    const key = await invoicesKey(page)
    const auth = { authorization: `Bearer ${key}` }
    const number = `E2E${Date.now()}${test.info().parallelIndex}`.slice(0, 20)
    const ettn = crypto.randomUUID()
    const fed = await page.request.post('/api/integration/v1/invoices', {
      headers: auth,
      data: {
        items: [
          {
            number,
            customerCode: COMPANY_CODE,
            date: today(),
            dueDate: null,
            ettn,
            amount: '1234.56',
            taxAmount: '205.76',
            currency: 'TRY',
          },
        ],
      },
    })
    expect(fed.status(), await fed.text()).toBe(200)
    expect((await fed.json()).results).toEqual([{ code: number, status: 'created' }])
    const pdf = Buffer.from(`%PDF-1.4\n% Fatura ${number}\n%%EOF\n`)
    const uploaded = await page.request.put(`/api/integration/v1/invoices/${number}/pdf`, {
      headers: { ...auth, 'content-type': 'application/pdf' },
      data: pdf,
    })
    expect(uploaded.status(), await uploaded.text()).toBe(200)
    expect(await uploaded.json()).toMatchObject({ number, status: 'created', size: pdf.length })

    await page.context().clearCookies()
    await signIn(page, DEALER)
    await page.getByRole('button', { name: /Ahmet Yılmaz/ }).click()
    await page.getByRole('menuitem', { name: 'Faturalarım' }).click()
    await expect(page).toHaveURL(/\/hesap\/faturalar$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Faturalarım' })).toBeVisible()
    const row = page.getByTestId('invoice-row').filter({ hasText: number })
    await expect(row).toContainText(ettn)
    await expect(row).toContainText('1.234,56 ₺')
    await expectAccessible(page, 'invoices')

    const downloading = page.waitForEvent('download')
    await row.getByRole('link', { name: `PDF indir ${number}` }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`${number}.pdf`)
    const bytes = readFileSync((await download.path())!)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.equals(pdf)).toBe(true)

    // A range without it: the empty state says so.
    await page.getByLabel('Başlangıç').fill('2001-01-01')
    await page.getByLabel('Bitiş').fill('2001-01-31')
    await page.getByRole('button', { name: 'Uygula' }).click()
    await expect(page.getByTestId('invoices-empty')).toHaveText('Bu tarih aralığında fatura yok.')
  })

  test('the invoices page fits a phone, in English too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER, '/en/hesap/faturalar')
    await expect(page.getByRole('heading', { level: 1, name: 'My invoices' })).toBeVisible()
    await expect(page.getByTestId('invoices-cards').or(page.getByTestId('invoices-empty'))).toBeVisible()
    await expectFitsPhoneWidth(page, page.getByTestId('invoices-filter'))
  })
})
