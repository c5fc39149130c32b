import { ADMIN, addFromCard, DEALER, logIn } from './fixtures'
import { type OwnServer, startOwnServer } from './own-server'
import { expect, newLivePage, test } from './test'

// The owner changes store settings on the settings screen and a dealer sees the change on the next
// page. A store-wide switch would change what the other specs' dealers see on the suite's shared
// servers, so this spec runs its own, as time-zone.spec.ts does.

let own: OwnServer | null = null

test.beforeAll(async () => {
  test.setTimeout(240_000)
  own = await startOwnServer('settings', {})
})

test.afterAll(async () => {
  await own?.stop()
})

test('the owner switches offers off and the dealer’s cart no longer offers to make one', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const baseURL = own!.baseURL
  const dealer = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(dealer, DEALER)
  await addFromCard(dealer, 'Açık Ağız Anahtar 24 mm', 1, 1)
  await dealer.goto('/sepet')
  await expect(dealer.getByRole('button', { name: 'Teklif Oluştur' })).toBeVisible()

  const owner = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(owner, ADMIN)
  await owner.goto('/yonetim/ayarlar')
  await expect(owner.getByRole('heading', { name: 'Mağaza ayarları', level: 1 })).toBeVisible()
  await owner.getByRole('tab', { name: 'Sipariş ve teklif' }).click()
  await expect(owner).toHaveURL(/grup=ordering/)
  const offers = owner.getByRole('switch', { name: /Teklif iste/ })
  await expect(offers).toBeChecked()
  await offers.click()
  await expect(owner.getByText('Kaydedildi: Teklif iste')).toBeVisible()
  await expect(offers).not.toBeChecked()
  await expect(offers).toBeFocused()

  await dealer.goto('/sepet')
  await expect(dealer.getByRole('button', { name: 'Sipariş Ver' })).toBeVisible()
  await expect(dealer.getByRole('button', { name: 'Teklif Oluştur' })).toHaveCount(0)

  // A typed setting: the store's name, refused when blank, then saved and seen in the dealer's footer.
  await owner.getByRole('tab', { name: 'Mağaza' }).click()
  const name = owner.getByRole('textbox', { name: /Mağaza adı/ })
  await name.fill('   ')
  await name.press('Enter')
  await expect(owner.getByText('Bu alan boş bırakılamaz.')).toBeVisible()
  await name.fill('Yıldız Hırdavat Toptan A.Ş.')
  await name.press('Enter')
  await expect(owner.getByText('Kaydedildi: Mağaza adı')).toBeVisible()
  await dealer.goto('/')
  await expect(
    dealer.getByRole('contentinfo').getByText('Yıldız Hırdavat Toptan A.Ş.', { exact: true }),
  ).toBeVisible()
})
