import { expectAccessible } from './axe'
import { expectFitsPhoneWidth, logIn, writeHeaders } from './fixtures'
import { type APIRequestContext, expect, newLivePage, type Page, test } from './test'

/*
 * Account settings (/hesap/ayarlar): a dealer changes the password. The demo dealer bayi3@toptan.test
 * is this spec's alone (src/server/db/seed/demo-accounts.ts), and the test sets its password back at
 * the end, so the spec can run again on the same data and in any order.
 */
const ACCOUNT = { email: 'bayi3@toptan.test', password: 'Bayi1234!' }
const NEW_PASSWORD = 'Yeni-Sifre-2026'

const saveButton = (page: Page) => page.getByRole('button', { name: 'Kaydet' })
const fields = (page: Page) => ({
  current: page.getByLabel('Mevcut Şifre'),
  password: page.getByLabel('Şifre', { exact: true }),
  verify: page.getByLabel('Şifre Tekrar'),
})

async function changePassword(page: Page, current: string, next: string, verify = next) {
  const form = fields(page)
  await form.current.fill(current)
  await form.password.fill(next)
  await form.verify.fill(verify)
  await saveButton(page).click()
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
  await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click()
  await expect(page.getByRole('link', { name: 'Giriş Yap' }).first()).toBeVisible()
}

/**
 * Sets the original password back when a failed run left the new one, so one failure does not fail
 * the other tests (or the next run on the same data) as well.
 */
async function restoreOriginalPassword(request: APIRequestContext) {
  const home = await request.get('/')
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await home.text())?.[1] ?? ''
  const headers = writeHeaders(csrf, new URL(home.url()).origin)
  if ((await request.post('/api/account/login', { headers, data: ACCOUNT })).ok()) return
  const changed = await request.post('/api/account/login', {
    headers,
    data: { email: ACCOUNT.email, password: NEW_PASSWORD },
  })
  expect(changed.ok(), 'log in with either password').toBe(true)
  const restored = await request.post('/api/catalog/account/settings', {
    headers: { ...headers, 'x-csrf-token': (await changed.json()).csrfToken },
    data: { currentPassword: NEW_PASSWORD, password: ACCOUNT.password, passwordVerify: ACCOUNT.password },
  })
  expect(restored.ok(), 'set the original password back').toBe(true)
}

const saved = (page: Page) => page.getByTestId('account-settings-saved')

test.describe('account settings', () => {
  test.afterEach(async ({ request }) => restoreOriginalPassword(request))

  test('a dealer changes the password: other sessions end, the new one logs in, the old one no longer does', async ({
    page,
    browser,
  }) => {
    // A guest is sent to login and comes back to the page afterwards.
    await page.goto('/hesap/ayarlar')
    await expect(page).toHaveURL(/\/account\/login\?next=%2Fhesap%2Fayarlar$/)
    await page.getByLabel('E-posta').fill(ACCOUNT.email)
    await page.getByLabel(/^Şifre/).fill(ACCOUNT.password)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/hesap\/ayarlar$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Hesap Ayarları' })).toBeVisible()

    // The same account is logged in on another device.
    const otherPage = await newLivePage(browser)
    await logIn(otherPage, ACCOUNT)

    // Reached from the user menu too.
    await page.goto('/')
    await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
    await page.getByRole('menuitem', { name: 'Hesap Ayarları' }).click()
    await expect(page).toHaveURL(/\/hesap\/ayarlar$/)
    await expect(saveButton(page)).toHaveAttribute('aria-disabled', 'true')
    await expectAccessible(page, 'account settings')

    // The rules and the current password, each with its own words.
    await changePassword(page, ACCOUNT.password, NEW_PASSWORD, `${NEW_PASSWORD}x`)
    await expect(page.getByText('Şifreleriniz eşleşmiyor.')).toBeVisible()
    await expect(fields(page).verify).toBeFocused()
    await changePassword(page, 'Yanlis-Sifre', NEW_PASSWORD)
    await expect(page.getByText('Mevcut şifreniz hatalı.')).toBeVisible()
    await expect(fields(page).current).toHaveAttribute('aria-invalid', 'true')
    await expectAccessible(page, 'account settings with an error')

    await changePassword(page, ACCOUNT.password, NEW_PASSWORD)
    await expect(saved(page)).toHaveText('Hesap bilgileriniz güncellendi.')
    const form = fields(page)
    for (const input of [form.current, form.password, form.verify]) await expect(input).toHaveValue('')
    await expect(saveButton(page)).toHaveAttribute('aria-disabled', 'true')

    // The other device's session has ended; this one goes on, under a new cookie and CSRF token.
    const other = await otherPage.request.get('/api/bootstrap')
    expect((await other.json()).user).toBeNull()
    await otherPage.context().close()
    expect((await (await page.request.get('/api/bootstrap')).json()).user?.email).toBe(ACCOUNT.email)

    // The page took the new CSRF token from the answer: its next write, without a reload, works.
    // Logged out, the old password is refused and the new one logs in.
    await logOut(page)
    await page.goto('/account/login')
    await page.getByLabel('E-posta').fill(ACCOUNT.email)
    await page.getByLabel(/^Şifre/).fill(ACCOUNT.password)
    await page.keyboard.press('Enter')
    await expect(
      page.getByRole('alert').filter({ hasText: 'E-posta adresi veya şifre hatalı.' }),
    ).toBeVisible()
    await logIn(page, { email: ACCOUNT.email, password: NEW_PASSWORD })

    // Back to the original password, so the spec can run again.
    await page.goto('/hesap/ayarlar')
    await changePassword(page, NEW_PASSWORD, ACCOUNT.password)
    await expect(saved(page)).toHaveText('Hesap bilgileriniz güncellendi.')
    await logOut(page)
    await logIn(page, ACCOUNT)
  })

  test('the English page speaks English and passes axe', async ({ page }) => {
    await logIn(page, ACCOUNT, '/en/account/login')
    await page.goto('/en/hesap/ayarlar')
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
    await expect(page.getByLabel('Current password')).toBeVisible()
    await expect(page.getByLabel('Confirm password')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-disabled', 'true')
    await expectAccessible(page, 'account settings (English)')
  })

  test('on a phone the menu leads to the page, which fits 390 px @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await logIn(page, ACCOUNT)
    await page.getByRole('button', { name: 'Menüyü aç' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Hesap Ayarları' }).click()
    await expect(page).toHaveURL(/\/hesap\/ayarlar$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Hesap Ayarları' })).toBeVisible()
    const form = fields(page)
    await expectFitsPhoneWidth(page, form.current, form.password, form.verify, saveButton(page))
    await expectAccessible(page, 'phone account settings')
  })
})
