import { expectAccessible } from './axe'
import { ADMIN, expectFitsPhoneWidth, pageWriteHeaders, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/*
 * The sync health screen (/yonetim/entegrasyon): the owner makes a key through the staff API, the ERP
 * sends brands with it (one row rejected) and a job of brands the server rejects, and the screen shows
 * the brands' counts, the rejected rows' reasons and the job, in Turkish and English, at a desktop's
 * width and a phone's. No other spec writes brands through the integration API, so the counts are
 * this test's own.
 */

/** A key with these scopes, made by the signed-in owner as the API keys screen makes it. */
async function staffKey(page: Page, name: string, scopes: string[]): Promise<string> {
  const made = await page.request.post('/yonetim/api-keys', {
    headers: await pageWriteHeaders(page),
    data: { name, scopes },
  })
  expect(made.status(), await made.text()).toBe(200)
  return (await made.json()).key
}

/** The cookie notice is fixed over the page's foot: out of the way for the screenshots. */
async function acceptCookies(page: Page) {
  const notice = page.getByRole('region', { name: /Çerez Kullanımı|Cookie Usage/ })
  if (await notice.isVisible()) await notice.getByRole('button', { name: /^(Tamam|OK)$/ }).click()
  await expect(notice).toBeHidden()
}

/** The whole page, from its top (a check may have scrolled a card into view). */
async function shoot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path, fullPage: true })
}

test.describe('sync health', () => {
  test("the owner sees a bulk call's counts and its rejected row, in Turkish and English, at 1366 and 390 px", async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await signIn(page, ADMIN)
    const run = `${Date.now().toString(36).toUpperCase()}-${testInfo.parallelIndex}`
    const keyName = `Sağlık e2e ${run}`
    const key = await staffKey(page, keyName, ['catalogue:write', 'jobs:write'])
    const code = `E2E-MRK-${run}`
    const sent = await page.request.post('/api/integration/v1/brands', {
      headers: { authorization: `Bearer ${key}` },
      data: { items: [{ code, name: `E2E Marka ${run}` }, { code: `${code}-X` }] },
    })
    expect(sent.status(), await sent.text()).toBe(200)
    expect((await sent.json()).counts).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 1 })
    // A job of two brands without a name: both rejected, nothing written, the jobs table not empty.
    const job = await page.request.post('/api/integration/v1/jobs?resource=brands', {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-ndjson' },
      data: `{"code":"${code}-J1"}\n{"code":"${code}-J2"}\n`,
    })
    expect(job.status(), await job.text()).toBe(202)
    const { jobId } = (await job.json()) as { jobId: number }

    await page.goto('/yonetim/entegrasyon')
    await expect(page.getByRole('heading', { level: 1, name: 'Entegrasyon durumu' })).toBeVisible()
    await expect(
      page.getByTestId('staff-menu').getByRole('link', { name: 'Entegrasyon durumu' }),
    ).toHaveAttribute('aria-current', 'page')
    await acceptCookies(page)
    // The job runs in the server's worker; the page reads itself again while it does.
    const jobRow = page.getByTestId('health-job').filter({ hasText: `#${jobId}` })
    await expect(jobRow.getByTestId('job-status')).toHaveText('Tamamlandı', { timeout: 30_000 })
    await expect(jobRow).toContainText('2 reddedildi')
    await expect(jobRow).toContainText(keyName)
    const brands = page.getByTestId('health-resource-brands')
    await expect(brands.getByTestId('resource-health')).toHaveText('Reddedilen satır var')
    await expect(brands.getByTestId('count-created')).toHaveText('1')
    await expect(brands.getByTestId('count-rejected')).toHaveText('3')
    const errors = page.getByTestId('health-errors-brands')
    await expect(errors).toContainText(`Kod: ${code}-J1`)
    await expect(errors).toContainText(`İş #${jobId}`)
    await expect(errors).toContainText(`Kod: ${code}-X`)
    await expect(errors).toContainText('"name" alanı zorunlu.')
    await expect(errors).toContainText(`Anahtar: ${keyName}`)
    const keyRow = page.getByTestId('health-key').filter({ hasText: keyName })
    await expect(keyRow.getByTestId('key-calls')).toHaveText('2')
    await expect(keyRow.getByTestId('key-error-calls')).toHaveText('0')
    await expectAccessible(page, 'sync health')
    await shoot(page, testInfo.outputPath('sync-health-1366-tr.png'))

    await page.goto('/en/yonetim/entegrasyon')
    await expect(page.getByRole('heading', { level: 1, name: 'Sync health' })).toBeVisible()
    await expect(brands.getByTestId('resource-health')).toHaveText('Rejected rows')
    await expect(page.getByTestId('health-errors-brands')).toContainText('"name" is required.')
    await expectAccessible(page, 'sync health, English')
    await shoot(page, testInfo.outputPath('sync-health-1366-en.png'))

    // A phone: the resources as cards, the other tables in named regions that scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.reload()
    const card = page.getByRole('listitem').filter({ has: page.getByText('Brands', { exact: true }) })
    await expect(card.getByTestId('resource-health')).toHaveText('Rejected rows')
    await expect(card.getByTestId('count-rejected')).toHaveText('3')
    await expectFitsPhoneWidth(page, card, page.getByRole('region', { name: 'API keys' }))
    await expectAccessible(page, 'sync health, English, phone')
    await shoot(page, testInfo.outputPath('sync-health-390-en.png'))

    await page.goto('/yonetim/entegrasyon')
    await expect(page.getByTestId('health-resource-brands').getByTestId('count-created')).toHaveText('1')
    await expectFitsPhoneWidth(page, page.getByTestId('health-errors-brands'))
    await expectAccessible(page, 'sync health, phone')
    await shoot(page, testInfo.outputPath('sync-health-390-tr.png'))
  })
})
