import { expectAccessible } from './axe'
import { ADMIN, linkTokenIn, logIn, mailsMentioning, signIn } from './fixtures'
import { expect, newLivePage, type Page, test } from './test'

/** The owner's invitation, through the screen's dialog: name, address and role. */
async function invite(page: Page, person: { name: string; email: string }) {
  await page.goto('/yonetim/personel')
  await expect(page.getByRole('heading', { level: 1, name: 'Personel' })).toBeVisible()
  await page.getByRole('button', { name: 'Personel davet et' }).click()
  const dialog = page.getByRole('dialog', { name: 'Personel daveti' })
  await dialog.getByLabel(/^Ad soyad/).fill(person.name)
  await dialog.getByLabel(/^E-posta/).fill(person.email)
  await dialog.getByTestId('staff-invite-role').click()
  await page.getByRole('option', { name: 'Satış', exact: true }).click()
  await expect(dialog).toContainText('Siparişler, teklifler, müşteriler')
  await expectAccessible(page, 'staff users, invite dialog')
  await dialog.getByRole('button', { name: 'Daveti gönder' }).click()
  await expect(page.getByText(`${person.email} adresine davet gönderildi.`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
}

test.describe('staff users', () => {
  test('the owner invites a sales user, who sets a password through the mailed link and sees the sales menu; disabled, their session ends', async ({
    page,
    browser,
    baseURL,
  }) => {
    const stamp = `${Date.now()}-${test.info().parallelIndex}`
    const person = { name: `Satış Deneme ${stamp}`, email: `personel-${stamp}@toptan.test` }
    const password = 'Personel-2026!'

    await signIn(page, ADMIN)
    await invite(page, person)
    // Found by the search box, the address keeping it; invited, not signed in yet.
    await page.getByRole('textbox', { name: 'Ara' }).fill(person.email)
    await expect(page).toHaveURL(new RegExp(`/yonetim/personel\\?q=${encodeURIComponent(person.email)}$`))
    const row = page.getByTestId('staff-users-table').getByRole('row').filter({ hasText: person.email })
    await expect(row).toContainText('Davet edildi')
    await expect(row).toContainText('Hiç giriş yapmadı')
    await expectAccessible(page, 'staff users')

    // The outbox worker writes the invitation out as an .eml file; its link sets the password.
    await expect.poll(() => mailsMentioning('', person.email).length, { timeout: 15_000 }).toBe(1)
    const token = linkTokenIn(mailsMentioning('', person.email)[0]!)
    expect(token, 'the mail carries the link').toBeTruthy()
    const invitee = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
    const context = invitee.context()
    await invitee.goto(`/sifre-belirle?token=${token}`)
    await invitee.getByLabel(/^Yeni Şifre( \*)?$/).fill(password)
    await invitee.getByLabel(/^Yeni Şifre Tekrar/).fill(password)
    await invitee.getByRole('button', { name: 'Şifremi Kaydet' }).click()
    await expect(invitee).toHaveURL(/\/account\/login\?sifre=belirlendi$/)

    // Signed in, the sales role's menu: its screens, not the owner's system ones.
    await logIn(invitee, { email: person.email, password })
    await invitee.goto('/yonetim')
    await expect(invitee).toHaveURL(/\/yonetim\/ozet$/)
    const menu = invitee.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await expect(menu.getByRole('link', { name: 'Siparişler', exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Müşteriler', exact: true })).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Personel', exact: true })).toHaveCount(0)
    await expect(menu.getByRole('link', { name: 'E-posta kuyruğu' })).toHaveCount(0)

    // The owner sees the sign-in, and disables the user after a confirmation.
    await page.reload()
    await expect(row).not.toContainText('Davet edildi')
    await expect(row).not.toContainText('Hiç giriş yapmadı')
    await row.getByRole('button', { name: `İşlemler: ${person.name}` }).click()
    await page.getByRole('menuitem', { name: 'Devre dışı bırak' }).click()
    const confirm = page.getByRole('dialog', { name: 'Devre dışı bırakılsın mı?' })
    await expect(confirm).toContainText('açık oturumları hemen kapanır')
    await expectAccessible(page, 'staff users, disable confirmation')
    await confirm.getByRole('button', { name: 'Devre dışı bırak' }).click()
    await expect(page.getByText(`${person.name} devre dışı bırakıldı; oturumları kapandı.`)).toBeVisible()
    await expect(row).toContainText('Devre dışı')

    // The user's session has ended: their next page is the login, and their password no longer opens it.
    expect((await (await invitee.request.get('/api/bootstrap')).json()).user).toBeNull()
    await invitee.goto('/yonetim/siparisler')
    await expect(invitee).toHaveURL(/\/account\/login\?next=%2Fyonetim%2Fsiparisler$/)
    await invitee.getByLabel(/E-posta/).fill(person.email)
    await invitee.getByLabel(/^Şifre/).fill(password)
    await invitee.keyboard.press('Enter')
    await expect(invitee.getByText('E-posta adresi veya şifre hatalı.')).toBeVisible()
    await context.close()

    // Both steps are in the user's change history.
    await row.getByRole('button', { name: `İşlemler: ${person.name}` }).click()
    await page.getByRole('menuitem', { name: 'Değişiklik geçmişi' }).click()
    await expect(page).toHaveURL(/\/yonetim\/denetim\?entity=user&entityId=\d+$/)
    const trail = page.getByTestId('audit-table')
    await expect(trail).toContainText('Davet')
    await expect(trail).toContainText('Devre dışı bırakma')
    await expect(trail).toContainText('Rol: — → Satış')
  })
})
