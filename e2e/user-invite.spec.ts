import type { APIRequestContext } from '@playwright/test'
import { expectAccessible } from './axe'
import { ADMIN, linkTokenIn, logIn, mailsMentioning, writeHeaders } from './fixtures'
import { expect, test } from './test'

/** Staff's API session: the page's CSRF token, then the login's, with our own Origin on every write. */
async function staffApi(request: APIRequestContext) {
  const home = await request.get('/')
  const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await home.text())?.[1] ?? ''
  const headers = writeHeaders(csrf, new URL(home.url()).origin)
  const login = await request.post('/api/account/login', { headers, data: ADMIN })
  expect(login.ok(), 'the administrator logs in').toBe(true)
  return { ...headers, 'x-csrf-token': (await login.json()).csrfToken as string }
}

test.describe('a dealer user invited by staff', () => {
  test('staff invite through the API, the mail carries the link, the page sets the password, the user logs in', async ({
    page,
    request,
  }) => {
    const headers = await staffApi(request)
    const companies = await request.get('/yonetim/customers?q=120.01.001', { headers })
    const companyId = (await companies.json()).items[0].id as number
    const email = `davet-${Date.now()}-${test.info().parallelIndex}@toptan.test`
    const invited = await request.post(`/yonetim/customers/${companyId}/users`, {
      headers,
      data: { email, name: 'Davetli Bayi' },
    })
    expect(invited.status(), await invited.text()).toBe(200)

    // The outbox worker writes the mail out as an .eml file.
    await expect.poll(() => mailsMentioning('', email).length, { timeout: 15_000 }).toBe(1)
    const token = linkTokenIn(mailsMentioning('', email)[0]!)
    expect(token, 'the mail carries the link').toBeTruthy()

    await page.goto(`/sifre-belirle?token=${token}`)
    await expect(page.getByRole('heading', { name: 'Şifre Belirle' })).toBeVisible()
    await expectAccessible(page, 'password set page')
    await page.getByLabel(/^Yeni Şifre( \*)?$/).fill('Davet-2026!')
    await page.getByLabel(/^Yeni Şifre Tekrar/).fill('Davet-2026!')
    await page.getByRole('button', { name: 'Şifremi Kaydet' }).click()
    await expect(page).toHaveURL(/\/account\/login\?sifre=belirlendi$/)
    await expect(page.getByText('Şifreniz kaydedildi. Yeni şifrenizle giriş yapabilirsiniz.')).toBeVisible()

    await logIn(page, { email, password: 'Davet-2026!' })

    // The link was used once: opened again, it sets nothing.
    await page.context().clearCookies()
    await page.goto(`/sifre-belirle?token=${token}`)
    await page.getByLabel(/^Yeni Şifre( \*)?$/).fill('Baska-2026!')
    await page.getByLabel(/^Yeni Şifre Tekrar/).fill('Baska-2026!')
    await page.getByRole('button', { name: 'Şifremi Kaydet' }).click()
    await expect(page.getByRole('alert')).toContainText('Bu bağlantı geçersiz ya da süresi dolmuş.')

    // The dead link's way out: the login page, opened on the forgotten-password form.
    await page.getByRole('link', { name: 'Yeni bağlantı iste' }).click()
    await page.getByLabel(/^E-posta/).fill(email)
    await page.getByRole('button', { name: 'Bağlantı gönder' }).click()
    await expect(page.getByText(/şifre yenileme bağlantısı gönderildi/)).toBeVisible()
    await expectAccessible(page, 'forgotten password, sent')
    await expect.poll(() => mailsMentioning('', email).length, { timeout: 15_000 }).toBe(2)
  })
})
