import { expectAccessible } from './axe'
import { ADMIN, signIn } from './fixtures'
import { expect, test } from './test'

test.describe('staff mail queue', () => {
  test('an administrator opens the staff area from the user menu, then the mail queue, and sees its mails or the empty text', async ({
    page,
  }) => {
    await signIn(page, ADMIN)
    await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
    await page.getByRole('menuitem', { name: 'Yönetim' }).click()
    // The staff area opens the owner's first screen; the mail queue is in its menu.
    await expect(page).toHaveURL(/\/yonetim\/ozet$/)
    await page
      .getByRole('navigation', { name: 'Yönetim sayfaları' })
      .getByRole('link', { name: 'E-posta kuyruğu' })
      .click()

    await expect(page).toHaveURL(/\/yonetim\/e-postalar$/)
    await expect(page.getByRole('heading', { name: 'E-posta kuyruğu' })).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await expect(menu.getByRole('link', { name: 'E-posta kuyruğu' })).toHaveAttribute('aria-current', 'page')
    const filter = page.getByRole('radiogroup', { name: 'Durum' })
    await expect(filter.getByRole('radio', { name: 'Başarısız' })).toBeChecked()

    // The end-to-end run has no SMTP server, so its mails are written out and none fail: the failed
    // list is normally empty, but other specs' mails may be anywhere, so either answer is the page working.
    const rows = page.getByTestId('mail-row')
    await expect(rows.first().or(page.getByText('Gönderilemeyen e-posta yok.'))).toBeVisible()
    await expectAccessible(page, 'mail queue, failed')

    await filter.getByText('Gönderilen', { exact: true }).click()
    await expect(page).toHaveURL(/\/yonetim\/e-postalar\?status=sent$/)
    await expect(
      page
        .getByRole('columnheader', { name: 'Gönderilme' })
        .or(page.getByText('Henüz gönderilmiş e-posta yok.')),
    ).toBeVisible()
    await expectAccessible(page, 'mail queue, sent')
  })
})
