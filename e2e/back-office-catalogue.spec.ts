import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { ADMIN, cardOf, DEALER, logIn, money } from './fixtures'
import { type OwnServer, startOwnServer } from './own-server'
import { expect, newLivePage, type Page, test } from './test'

// The catalogue team runs the catalogue from the back office and a dealer sees it on the next page.
// New products and a changed campaign would change what the other specs' dealers see in their lists
// and on the home page of the suite's shared servers, so this spec runs its own server.

let own: OwnServer | null = null

test.beforeAll(async () => {
  test.setTimeout(240_000)
  own = await startOwnServer('catalogue', {})
})

test.afterAll(async () => {
  await own?.stop()
})

const tag = () => randomBytes(3).toString('hex').toUpperCase()

/** Picks the option of a searchable select that starts with `text`. */
async function choose(page: Page, label: RegExp, text: string) {
  const select = page.getByRole('combobox', { name: label })
  await select.click()
  await select.fill(text)
  await page
    .getByRole('option', { name: new RegExp(`^${text}`) })
    .first()
    .click()
}

async function fillBasics(page: Page, code: string, name: string) {
  await page.getByRole('textbox', { name: /^Ürün kodu/ }).fill(code)
  await page.getByRole('textbox', { name: /^Ürün adı/ }).fill(name)
  await choose(page, /^Kategori/, 'El Aletleri')
}

/** Creates the product on the page and waits for its own address. */
async function create(page: Page) {
  await page.getByRole('textbox', { name: 'Merkez Depo İstanbul' }).fill('25')
  await page.getByRole('button', { name: 'Ürünü oluştur' }).click()
  await expect(page).toHaveURL(/\/yonetim\/urunler\/\d+$/)
}

test('a product with two units, a variant and an image is in the dealer’s catalogue and search at its price', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const baseURL = own!.baseURL
  const staff = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(staff, ADMIN)
  const t = tag()
  const name = `Pirinç Küresel Vana ${t}`
  const code = `PKV-${t}`

  // The parent: two units (Adet and a box of 12), a colour dimension.
  await staff.goto('/yonetim/urunler/yeni')
  await expect(staff.getByRole('heading', { level: 1, name: 'Yeni ürün' })).toBeVisible()
  await fillBasics(staff, code, name)
  await staff.getByRole('textbox', { name: /^Satış fiyatı/ }).fill('9.876,50')
  await staff.getByRole('button', { name: 'Birim ekle' }).click()
  await staff.getByRole('textbox', { name: '2. birimin adı' }).fill('Koli')
  const multiplier = staff.getByRole('textbox', { name: 'Çarpan: Koli' })
  await multiplier.fill('12')
  await staff.getByRole('radio', { name: 'Varyantlı ana ürün' }).check()
  const dimensions = staff.getByRole('combobox', { name: /^Varyant boyutları/ })
  await dimensions.fill('Renk')
  await dimensions.press('Enter')
  await create(staff)
  const parentUrl = staff.url()

  // Its image, uploaded on the stored product's page.
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer()
  await staff
    .getByTestId('product-editor')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'vana.png', mimeType: 'image/png', buffer: png })
  await expect(staff.getByText('1 görsel yüklendi.')).toBeVisible()
  await expect(staff.getByRole('img', { name: '1. görsel' })).toBeVisible()

  // A variant of it.
  await staff.goto('/yonetim/urunler/yeni')
  await fillBasics(staff, `${code}-K`, `${name} Kırmızı`)
  await staff.getByRole('textbox', { name: /^Satış fiyatı/ }).fill('130')
  await staff.getByRole('radio', { name: 'Bir ana ürünün varyantı' }).check()
  await staff.getByRole('textbox', { name: /^Ana ürün kodu/ }).fill(code)
  await staff
    .getByRole('textbox', { name: /^1\. değer|^Renk/ })
    .first()
    .fill('Kırmızı')
  await create(staff)
  await staff.goto(parentUrl)
  await expect(staff.getByRole('link', { name: new RegExp(`${code}-K`) })).toBeVisible()

  // The dealer finds it by search, at its price, and opens it.
  const dealer = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(dealer, DEALER)
  const bootstrap = await (await dealer.request.get(`${baseURL}/api/bootstrap`)).json()
  const withTax = String(bootstrap.settings.productsWithKdv) === '1'
  const expected = withTax ? 11851.8 : 9876.5
  await dealer.goto(`/arama?q=${encodeURIComponent(name)}`)
  const card = cardOf(dealer, name)
  await expect(card).toBeVisible()
  expect(money(await card.getByTestId('sale-price').first().textContent())).toBe(expected)
  await expect(card.locator('img').first()).toHaveAttribute('src', /\/images\/up\//)
  await card.getByRole('link', { name, exact: true }).first().click()
  await expect(dealer.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(money(await dealer.getByTestId('detail-price').getByTestId('sale-price').textContent())).toBe(
    expected,
  )
  const unit = dealer.getByRole('combobox', { name: 'Birim' })
  await unit.click()
  await expect(dealer.getByRole('option')).toHaveText([/^Adet \(1\)/, /^Koli \(12\)/])
  await dealer.getByRole('option', { name: /^Koli/ }).click()
  await expect
    .poll(async () => money(await dealer.getByTestId('detail-price').getByTestId('sale-price').textContent()))
    .toBeCloseTo(expected * 12, 1)
  // The variant is chosen by its colour, at its own price.
  await dealer.getByRole('combobox', { name: 'Renk' }).click()
  await dealer.getByRole('option', { name: 'Kırmızı' }).click()
  await expect
    .poll(async () => money(await dealer.getByTestId('detail-price').getByTestId('sale-price').textContent()))
    .toBe(withTax ? 156 : 130)

  // And first in its category's list by price, the dearest there.
  await dealer.goto('/el-aletleri?view=list&sort=-price')
  await expect(dealer.getByTestId('product-row').first()).toContainText(name)
})

test('a campaign edited in the back office changes the dealer’s home page at once', async ({ browser }) => {
  test.setTimeout(120_000)
  const baseURL = own!.baseURL
  const dealer = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(dealer, DEALER)
  await dealer.goto('/')
  const section = (title: string) => dealer.getByRole('heading', { level: 2, name: title, exact: true })
  await expect(section('Haftanın Fırsatları')).toBeVisible()

  const staff = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
  await logIn(staff, ADMIN)
  await staff.goto('/yonetim/kampanyalar')
  await staff.getByRole('link', { name: 'Haftanın Fırsatları' }).first().click()
  await expect(staff).toHaveURL(/\/yonetim\/kampanyalar\/\d+$/)
  const title = `Kış Fırsatları ${tag()}`
  await staff.getByRole('textbox', { name: /^Türkçe başlık/ }).fill(title)

  // A product picked by search goes to the end of the campaign.
  const search = staff.getByLabel(/^Ürün ekle/)
  await search.fill('Açık Ağız Anahtar 32')
  await staff
    .getByRole('option', { name: /Açık Ağız Anahtar 32 mm/ })
    .first()
    .click()
  await staff.getByRole('button', { name: 'Kaydet' }).click()
  await expect(staff.getByText(`Kaydedildi: ${title}`)).toBeVisible()

  await dealer.goto('/')
  await expect(section(title)).toBeVisible()
  await expect(section('Haftanın Fırsatları')).toHaveCount(0)
  const carousel = dealer.getByRole('group', { name: title })
  await expect(carousel.getByRole('link', { name: /Açık Ağız Anahtar 32 mm/ }).first()).toBeAttached()

  // Switched off, it leaves the home page.
  await staff.getByRole('switch', { name: /^Açık/ }).click()
  await staff.getByRole('button', { name: 'Kaydet' }).click()
  await expect(staff.getByText(`Kaydedildi: ${title}`).last()).toBeVisible()
  await dealer.goto('/')
  await expect(dealer.getByRole('heading', { level: 2 }).first()).toBeVisible()
  await expect(section(title)).toHaveCount(0)
  // Their connections would otherwise stay open into the server's shutdown in afterAll.
  await Promise.all([dealer.context().close(), staff.context().close()])
})
