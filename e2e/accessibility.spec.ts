import { expectAccessible, scans, scanTable } from './axe'
import { ADMIN, cardOf, DEALER, expectAdded, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/**
 * Every screen in Turkish and English as a guest, a dealer and an administrator on a desktop, and
 * in Turkish on a phone (the @phone tests), checked with axe: no serious or critical WCAG 2.1 A/AA violation.
 * The walk opens the overlays too (mini cart, phone menu, stock and price-info modals), and the
 * dealer makes an order and an offer so the success page and the lists have rows to show. Colour
 * contrast is measured on the Turkish walks; the catalogue is walked by the dealer everywhere and by
 * a guest and an administrator once (walk below says why).
 */

type Role = 'guest' | 'dealer' | 'admin'
type Locale = 'tr' | 'en'

const PRODUCT = 'Açık Ağız Anahtar 24 mm'
const either = (tr: string, en: string) => new RegExp(`^(${tr}|${en})$`)
const containing = (tr: string, en: string) => new RegExp(`${tr}|${en}`)

function walker(page: Page, role: Role, locale: Locale, size: string) {
  const to = (path: string) => (locale === 'en' ? `/en${path === '/' ? '' : path}` : path)
  // The colours do not change with the language: contrast is measured on the Turkish walks, and the
  // English ones check what a translation can break (names, labels, the page's language).
  const check = (screen: string) =>
    expectAccessible(page, `${role} ${locale} ${size} ${screen}`, { colourContrast: locale === 'tr' })
  const visit = async (path: string, screen = path) => {
    await page.goto(to(path))
    await check(screen)
  }
  /** Opens an overlay with `opener`, checks the page with it open, closes it with Escape. */
  const withOverlay = async (opener: () => Promise<void>, screen: string) => {
    await opener()
    await expect(page.getByRole('dialog').last()).toBeVisible()
    await check(screen)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  const addToCart = async () => {
    await page.goto(to('/el-aletleri?view=grid'))
    const card = cardOf(page, PRODUCT)
    await card.getByRole('button', { name: either('Sepete Ekle', 'Add to cart') }).click()
    await expectAdded(page)
  }
  return { to, check, visit, withOverlay, addToCart }
}

/** The catalogue, a product and the cart, with their overlays. */
async function walkCatalogue(page: Page, role: Role, locale: Locale, phone: boolean) {
  const { check, visit, withOverlay } = walker(page, role, locale, phone ? 'phone' : 'desktop')
  await visit('/urunler')
  await visit('/el-aletleri?view=grid', '/el-aletleri (grid)')
  if (role !== 'guest') {
    await withOverlay(
      () =>
        cardOf(page, PRODUCT)
          .getByRole('button', {
            name: containing('ödeme planı fiyatlarını göster', 'Show payment plan prices'),
          })
          .click(),
      'price-info modal',
    )
  }
  await visit('/el-aletleri?view=list', '/el-aletleri (list)')
  if (role !== 'guest') {
    await withOverlay(
      () =>
        page
          .getByRole('button', { name: /^(Depolar|Warehouses): / })
          .first()
          .click(),
      'stock modal (list)',
    )
  }
  await visit(`/arama?q=${encodeURIComponent(PRODUCT)}`, '/arama')
  await page.getByRole('link', { name: PRODUCT, exact: true }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT })).toBeVisible()
  await check('product page')
  if (role !== 'guest') {
    await withOverlay(
      () => page.getByRole('button', { name: either('Stok bilgisi', 'Stock information') }).click(),
      'stock modal (product)',
    )
  }
  await visit('/sepet')
}

async function walk(page: Page, role: Role, locale: Locale, phone: boolean) {
  const size = phone ? 'phone' : 'desktop'
  const { to, check, visit, withOverlay, addToCart } = walker(page, role, locale, size)

  if (role === 'guest') {
    await visit('/account/login')
    await visit('/')
  } else {
    await signIn(page, role === 'dealer' ? DEALER : ADMIN, to('/'))
    await expect(page.getByRole('heading', { name: /Hoş geldiniz, |Welcome, / })).toBeVisible()
    await check('/ (signed in)')
  }
  if (phone) {
    await withOverlay(
      () => page.getByRole('button', { name: either('Menüyü aç', 'Open menu') }).click(),
      'phone menu',
    )
  }

  // A guest and an administrator see the dealer's catalogue through the same components, the guest
  // with less in them (no prices, stock or cart buttons): each walked once, in Turkish on a desktop;
  // the dealer's walks take it in both languages and on a phone.
  if (role === 'dealer' || (locale === 'tr' && !phone)) await walkCatalogue(page, role, locale, phone)
  if (role === 'admin') {
    await visit('/siparis/liste')
    await visit('/teklif/liste')
    await visit('/yonetim/ozet')
    await visit('/yonetim/siparisler')
    await visit('/yonetim/musteriler')
    await visit('/yonetim/urunler')
    await page.locator('[data-product-opener]').first().click()
    await expect(page.getByTestId('product-editor')).toBeVisible()
    await check('/yonetim/urunler/{id}')
    await visit('/yonetim/kategoriler')
    await visit('/yonetim/kampanyalar')
    await visit('/yonetim/ayarlar?grup=prices', '/yonetim/ayarlar (prices)')
    await visit('/yonetim/bildirim-ayarlari')
    await visit('/yonetim/doviz-kurlari')
    await visit('/yonetim/havale')
    await visit('/yonetim/odeme-ayarlari')
    await visit('/yonetim/denetim')
    await visit('/yonetim/personel')
    await withOverlay(
      () => page.getByRole('button', { name: either('Personel davet et', 'Invite a staff user') }).click(),
      '/yonetim/personel invite dialog',
    )
    await visit('/yonetim/api-anahtarlari')
    await withOverlay(
      () => page.getByRole('button', { name: either('Yeni anahtar', 'New key') }).click(),
      '/yonetim/api-anahtarlari create dialog',
    )
    await visit('/yonetim/e-postalar')
    await visit('/yonetim/e-postalar?status=sent', '/yonetim/e-postalar (sent)')
    await visit('/yonetim/online-kullanicilar')
    await visit('/yonetim/musteri-sepetleri')
    await visit('/yonetim/aramalar')
    await visit('/yonetim/iceri-aktar')
  }
  if (role !== 'dealer') return

  // The quick order: its explanation before anything is pasted, then a preview with a line found, one
  // whose unit the product has not and one whose code found nothing (a code field and suggestions).
  const list = await page.request.get('/api/catalog/products?sort=-quantity')
  const [first] = ((await list.json()) as { items: { code: string }[] }).items
  await visit('/hizli-siparis')
  await page
    .getByRole('textbox', { name: containing('Sipariş satırları', 'Order lines') })
    .fill(`${first!.code} 2\n${first!.code} 3 kasa\n${first!.code.slice(0, -1)} 1`)
  await page.getByRole('button', { name: either('Önizle', 'Preview') }).click()
  await expect(page.getByTestId('quick-order-line')).toHaveCount(3)
  await check('/hizli-siparis (a preview with problems)')

  // A cart with a line, the mini cart, an order and its success page, the order list opened.
  await addToCart()
  await withOverlay(() => page.getByTestId('cart-button').click(), 'mini cart')
  await visit('/sepet', '/sepet (with a line)')
  await page.getByRole('button', { name: either('Sipariş Ver', 'Place order') }).click()
  await expect(page).toHaveURL(/\/siparis\/\d+$/)
  await check('order success')
  await visit('/siparis/liste')
  await page
    .getByRole('button', { name: containing('siparişin ürünlerini göster', 'Show the items of order') })
    .first()
    .click()
  await check('/siparis/liste (opened)')

  // An offer from the cart, the offer list opened.
  await addToCart()
  await page.goto(to('/sepet'))
  await page.getByRole('button', { name: either('Teklif Oluştur', 'Make an offer') }).click()
  await expect(page).toHaveURL(/\/teklif\/liste$/)
  await check('/teklif/liste')
  await page
    .getByRole('button', { name: containing('teklifin detayını göster', 'Show the details of offer') })
    .first()
    .click()
  await check('/teklif/liste (opened)')
}

test.describe('accessibility (axe)', () => {
  // Each walk is independent and the longest test of the suite: spread them over the workers.
  test.describe.configure({ mode: 'parallel' })
  test.afterAll(() => {
    if (scans.length > 0)
      console.log(`\nserious or critical axe violations per screen:\n${scanTable(scans)}\n`)
  })

  for (const role of ['guest', 'dealer', 'admin'] as const) {
    for (const locale of ['tr', 'en'] as const) {
      test(`every screen, ${role}, ${locale}`, async ({ page }) => {
        test.setTimeout(180_000)
        await walk(page, role, locale, false)
      })
    }
    // The phone's own components (menu, cards, compact rows) in Turkish: an English phone walk named
    // the same elements with the same translated texts the English desktop walk checks, and took a
    // sixth of the whole end-to-end suite's time.
    test(`every screen, ${role}, tr @phone`, async ({ page }) => {
      test.setTimeout(180_000)
      await walk(page, role, 'tr', true)
    })
  }
})
