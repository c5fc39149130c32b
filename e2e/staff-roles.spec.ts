import { expectAccessible } from './axe'
import { pageWriteHeaders, READONLY, signIn } from './fixtures'
import { expect, test } from './test'

test.describe('a read-only staff user', () => {
  test('opens the staff area from the user menu, sees the screens with no write button, and is refused a write with 403', async ({
    page,
  }) => {
    await signIn(page, READONLY)
    await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
    await page.getByRole('menuitem', { name: 'Yönetim' }).click()
    // Every screen is open to read: the staff area opens the menu's first one.
    await expect(page).toHaveURL(/\/yonetim\/ozet$/)
    const menu = page.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await expect(menu.getByRole('link')).toHaveCount(24)

    await menu.getByRole('link', { name: 'Havale / EFT' }).click()
    await expect(page).toHaveURL(/\/yonetim\/havale$/)
    await expect(page.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Ödemeyi kaydet' })).toHaveCount(0)
    await expect(page.getByTestId('transfer-dealer')).toHaveCount(0)
    await expectAccessible(page, 'bank transfer, read-only role')

    await menu.getByRole('link', { name: 'Arıza Bildirimleri' }).click()
    await expect(page).toHaveURL(/\/yonetim\/ariza-bildirimleri$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByTestId('fault-status-select')).toHaveCount(0)

    await menu.getByRole('link', { name: 'Ürünler', exact: true }).click()
    await expect(page).toHaveURL(/\/yonetim\/urunler$/)
    await expect(page.getByTestId('staff-products-table').getByRole('row').nth(1)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Yeni ürün' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Toplu işlemler' })).toHaveCount(0)

    await menu.getByRole('link', { name: 'Personel', exact: true }).click()
    await expect(page).toHaveURL(/\/yonetim\/personel$/)
    await expect(page.getByText(READONLY.email)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Personel davet et' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^İşlemler: / })).toHaveCount(0)
    await expect(page.getByTestId('staff-user-role')).toHaveCount(0)

    await menu.getByRole('link', { name: 'API anahtarları', exact: true }).click()
    await expect(page).toHaveURL(/\/yonetim\/api-anahtarlari$/)
    await expect(page.getByRole('heading', { level: 1, name: 'API anahtarları' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Yeni anahtar' })).toHaveCount(0)
    await expect(page.getByTestId('api-key-actions')).toHaveCount(0)

    // The server refuses the write all the same, with the page's own token and origin.
    const refused = await page.request.post('/yonetim/bank-transfers', {
      headers: await pageWriteHeaders(page),
      data: { customerId: 1, amount: '100', date: '2026-01-02', documentNo: 'D-1', description: '' },
    })
    expect(refused.status()).toBe(403)
    const body = await refused.json()
    expect(body.error.code).toBe('staff_role')
    expect(body.error.messages.type).toBe(
      'Rolünüz bu işleme izin vermiyor. Yetki için mağaza sahibine başvurun.',
    )
  })
})
