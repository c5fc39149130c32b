import { expectAccessible } from './axe'
import { ADMIN, signIn } from './fixtures'
import { expect, test } from './test'

test.describe('API keys', () => {
  test('the owner makes a key, copies it, the integration API answers it, and after a revoke refuses it', async ({
    page,
  }) => {
    const name = `ERP deneme ${Date.now()}-${test.info().parallelIndex}`
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, ADMIN, '/yonetim/api-anahtarlari')
    await expect(page.getByRole('heading', { level: 1, name: 'API anahtarları' })).toBeVisible()

    await page.getByRole('button', { name: 'Yeni anahtar' }).click()
    const dialog = page.getByRole('dialog', { name: 'Yeni API anahtarı' })
    // Nothing ticked: the form says so before anything is sent.
    await dialog.getByLabel(/^Ad/).fill(name)
    await dialog.getByRole('button', { name: 'Anahtarı oluştur' }).click()
    await expect(dialog.getByText('En az bir yetki seçin.')).toBeVisible()
    await dialog.getByRole('checkbox', { name: /\(orders:read\)/ }).check()
    await dialog.getByRole('checkbox', { name: /\(stock:write\)/ }).check()
    await expectAccessible(page, 'api keys, create dialog')
    await dialog.getByRole('button', { name: 'Anahtarı oluştur' }).click()

    const shown = page.getByRole('dialog', { name: 'Anahtarınız hazır' })
    await expect(shown).toContainText('bir daha gösterilmeyecek')
    await shown.getByRole('button', { name: 'Kopyala' }).click()
    await expect(shown.getByRole('button', { name: 'Kopyalandı' })).toBeVisible()
    const key = await page.evaluate(() => navigator.clipboard.readText())
    expect(key).toMatch(/^tpk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/)
    await expect(shown.getByLabel('API anahtarı')).toHaveValue(key)
    await shown.getByRole('button', { name: 'Kaydettim, kapat' }).click()
    await expect(shown).toHaveCount(0)

    const row = page.getByTestId('api-keys-table').getByRole('row').filter({ hasText: name })
    await expect(row).toContainText('Etkin')
    await expect(row).toContainText('Hiç kullanılmadı')
    await expect(row).toContainText(key.slice(0, 16))
    await expect(page.getByText(key)).toHaveCount(0)
    await expectAccessible(page, 'api keys')

    // The integration API, called with the key's header (the owner's session cookie goes along and counts
    // for nothing there: the key alone decides).
    const whoAmI = () =>
      page.request.get('/api/integration/v1/key', { headers: { authorization: `Bearer ${key}` } })
    const answer = await whoAmI()
    expect(answer.status()).toBe(200)
    expect(await answer.json()).toMatchObject({ name, scopes: ['orders:read', 'stock:write'] })
    await page.reload()
    await expect(row).not.toContainText('Hiç kullanılmadı')

    // A webhook address for the key: the secret is shown once, the log is empty.
    await row.getByRole('button', { name: `Webhook'lar: ${name}` }).click()
    const drawer = page.getByRole('dialog', { name: `Webhook'lar: ${name}` })
    await expect(drawer.getByText('Bu anahtarın webhook adresi yok.')).toBeVisible()
    await drawer.getByLabel(/Adres \(URL\)/).fill('https://erp.example.com/toptan-webhooks')
    await drawer.getByRole('button', { name: 'Adresi ekle' }).click()
    await expect(drawer.getByTestId('webhook-secret')).toHaveValue(/^whsec_/)
    await expect(drawer.getByTestId('webhook-endpoints')).toContainText(
      'https://erp.example.com/toptan-webhooks',
    )
    await expect(drawer.getByText('Henüz gönderim yok.')).toBeVisible()
    await expectAccessible(page, 'api keys, webhooks drawer')
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)

    await row.getByRole('button', { name: `İşlemler: ${name}` }).click()
    await page.getByRole('menuitem', { name: 'İptal et' }).click()
    const confirm = page.getByRole('dialog', { name: 'Anahtar iptal edilsin mi?' })
    await confirm.getByRole('button', { name: 'İptal et' }).click()
    await expect(row).toContainText('İptal edildi')

    const refused = await whoAmI()
    expect(refused.status()).toBe(401)
    expect((await refused.json()).error.code).toBe('api_key_invalid')
  })
})
