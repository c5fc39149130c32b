import { expectAccessible } from './axe'
import { DEALER, signIn } from './fixtures'
import { expect, type Locator, type Page, test } from './test'

/** '1.234,50 ₺' (with a visually hidden label before it) → 1234.5 */
function money(text: string): number {
  const match = /(\d{1,3}(?:\.\d{3})*,\d{2})/.exec(text)
  if (!match?.[1]) throw new Error(`no price in "${text}"`)
  return Number(match[1].replaceAll('.', '').replace(',', '.'))
}

async function firstCardName(page: Page): Promise<string> {
  return (await page.getByTestId('product-card').first().getByRole('link').first().textContent()) ?? ''
}

async function choose(page: Page, field: Locator, option: string | RegExp) {
  await field.click()
  await page.getByRole('option', { name: option }).first().click()
}

test.describe('catalogue', () => {
  test('a dealer browses a category, switches the view, sorts, filters stock and pages back and forth', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await page.getByRole('link', { name: 'Ürünler', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Tüm Ürünler' })).toBeVisible()

    // Category navigation: the sidebar's tree.
    const nav = page.getByRole('navigation', { name: 'Kategoriler' })
    await nav.getByRole('link', { name: 'El Aletleri', exact: true }).click()
    await expect(page).toHaveURL(/\/el-aletleri$/)
    await expect(page.getByRole('heading', { level: 1, name: 'El Aletleri' })).toBeVisible()
    await expect(page.getByTestId('product-card')).toHaveCount(24)
    const breadcrumbs = page.getByRole('navigation', { name: 'Bulunduğunuz yer' })
    await expect(breadcrumbs.getByText('El Aletleri')).toHaveAttribute('aria-current', 'page')
    await expectAccessible(page, 'category grid')

    // List view: the spec's columns in order; the choice is stored and survives a fresh visit.
    await page.getByText('Liste', { exact: true }).click()
    await expect(page).toHaveURL(/view=list/)
    const table = page.getByTestId('product-table')
    await expect(table).toBeVisible()
    const headers = await table.locator('thead th').allTextContents()
    expect(headers.slice(0, 8)).toEqual([
      'Görsel',
      'Kod',
      'Ürün Adı',
      'Marka',
      'Model',
      'Özel Kod',
      'Miktar',
      'Liste Fiyatı',
    ])
    expect(headers.slice(-4)).toEqual(['KDV', 'Stok', 'Depo', 'Sepet'])
    await expect(table.locator('tbody tr')).toHaveCount(24)
    // The warehouse button opens the stock inventory modal.
    await table
      .getByRole('button', { name: /^Depolar: .+ için depo stokları$/ })
      .first()
      .click()
    const inventory = page.getByRole('dialog', { name: 'Depo Stok Durumu' })
    await expect(inventory.getByRole('columnheader', { name: 'Depo' })).toBeVisible()
    await expectAccessible(page, 'category list with the stock modal')
    await page.keyboard.press('Escape')
    await expect(inventory).toBeHidden()
    await page.goto('/el-aletleri')
    await expect(page.getByTestId('product-table')).toBeVisible()
    await page.reload()
    await expect(page.getByTestId('product-table')).toBeVisible()
    await page.getByText('Izgara', { exact: true }).click()
    await expect(page.getByTestId('product-grid')).toBeVisible()

    // Sort by price: the first prices ascend.
    await choose(page, page.getByRole('combobox', { name: 'Sıralama' }), 'Fiyata göre artan')
    await expect(page).toHaveURL(/sort=price/)
    const firstPrices = async () =>
      // A product without a price reads 'Fiyat Sorunuz' and sorts as 0.
      (await page.getByTestId('sale-price').allTextContents())
        .slice(0, 8)
        .map((text) => (text === 'Fiyat Sorunuz' ? 0 : money(text)))
    await expect
      .poll(async () => {
        const prices = await firstPrices()
        return prices.length === 8 && prices.every((price, i) => i === 0 || (prices[i - 1] ?? 0) <= price)
      })
      .toBe(true)

    // Stock only: a spinner while the preference is saved, then fewer products.
    const countText = async () => (await page.getByTestId('result-count').textContent()) ?? ''
    const before = await countText()
    const stockOnly = page.getByRole('switch', { name: 'Sadece stoktakiler' })
    await stockOnly.click({ force: true })
    await expect(page.getByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeVisible()
    await expect(page.getByRole('status', { name: 'Tercihiniz kaydediliyor' })).toBeHidden()
    await expect(stockOnly).toBeChecked()
    await expect.poll(countText).not.toBe(before)
    const stockCounts = await page.getByTestId('stock-info').allTextContents()
    expect(stockCounts).not.toContain('Stok Sorunuz')
    await stockOnly.click({ force: true })
    await expect(stockOnly).not.toBeChecked()
    await expect.poll(countText).toBe(before)

    // Page 2 and back with the browser's back button.
    const firstOnPageOne = await firstCardName(page)
    await page.getByRole('button', { name: 'Sayfa 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('button', { name: 'Sayfa 2' })).toHaveAttribute('aria-current', 'page')
    await expect.poll(() => firstCardName(page)).not.toBe(firstOnPageOne)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page).toHaveURL(/sort=price/)
    await expect.poll(() => firstCardName(page)).toBe(firstOnPageOne)
  })

  test('a dealer opens a product, chooses a unit and a variant', async ({ page }) => {
    await signIn(page, DEALER, '/arama?q=Çelik Raf Ünitesi Ağır Yük')
    await page.getByRole('link', { name: 'Çelik Raf Ünitesi Ağır Yük' }).first().click()
    await expect(page).toHaveURL(/-p-\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Çelik Raf Ünitesi Ağır Yük' })).toBeVisible()
    await expect(page).toHaveTitle(/^Çelik Raf Ünitesi Ağır Yük \|/)
    const code = page.getByTestId('product-code').first()
    const parentCode = (await code.textContent()) ?? ''
    expect(parentCode).toMatch(/^Ürün kodu: /)
    await expect(page.getByText(/Bu ürün stoklarda .* birim mevcuttur\./)).toBeVisible()
    await expectAccessible(page, 'product page')

    // A bigger unit shows its own (higher) price.
    const price = page.getByTestId('detail-price').getByTestId('sale-price')
    const unitPrice = money((await price.textContent()) ?? '')
    const unitField = page.getByRole('combobox', { name: 'Birim' })
    await expect(unitField).toHaveValue(/\(1\)$/)
    await unitField.click()
    await page.getByRole('option').last().click()
    await expect(unitField).not.toHaveValue(/\(1\)$/)
    await expect.poll(async () => money((await price.textContent()) ?? '')).toBeGreaterThan(unitPrice)

    // Quantity: +1, −1, a typed value out of range marked with the rule while it is typed.
    const quantity = page.getByRole('textbox', { name: 'Miktar' })
    await page.getByRole('button', { name: 'Miktarı artır' }).click()
    await expect(quantity).toHaveValue('2')
    const rule = page.getByTestId('quantity-problem')
    for (const typed of ['150', '0']) {
      await quantity.fill(typed)
      await expect(quantity).toHaveValue(typed)
      await expect(rule).toHaveText('Miktar 1 ile 100 arasında bir tam sayı olmalıdır.')
    }
    await quantity.fill('2')
    await expect(rule).toBeHidden()

    // A variant: every dimension chosen, a busy indicator, then the child's code and address.
    const variants = page.getByRole('group', { name: 'Varyant seçimi' })
    const fields = variants.getByRole('combobox')
    const dimensions = await fields.count()
    expect(dimensions).toBeGreaterThanOrEqual(1)
    const before = page.url()
    for (let i = 0; i < dimensions; i++) {
      await fields.nth(i).click()
      await page.getByRole('option').first().click()
    }
    await expect(page.getByTestId('variant-busy')).toBeVisible()
    await expect(code).toHaveText(parentCode)
    await expect(page.getByTestId('variant-busy')).toBeHidden({ timeout: 10_000 })
    await expect(code).not.toHaveText(parentCode)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Çelik Raf Ünitesi Ağır Yük .+/)
    expect(page.url()).not.toBe(before)
    await expect(page).toHaveURL(/-p-\d+$/)

    // The stock info link opens the warehouse modal.
    await page.getByRole('button', { name: 'Stok bilgisi' }).click()
    await expect(page.getByRole('dialog', { name: 'Depo Stok Durumu' })).toBeVisible()
    await expectAccessible(page, 'variant page with the stock modal')
  })

  test('the search bar works with the keyboard alone', async ({ page }) => {
    await page.goto('/')
    const box = page.getByRole('combobox', { name: 'Ürün ara' })
    await box.focus()
    await page.keyboard.type('anahtar')
    const suggestions = page.getByRole('listbox', { name: 'Arama önerileri' })
    await expect(suggestions).toBeVisible()
    const first = suggestions.getByRole('option').first()
    const label = (await first.textContent()) ?? ''
    expect(label).toMatch(/ - /)
    await expect(first.locator('img')).toHaveAttribute('width', '48')
    await expectAccessible(page, 'search suggestions')
    await page.keyboard.press('ArrowDown')
    await expect(first).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/-p-\d+$/)
    await expect(
      page.getByRole('heading', { level: 1, name: label.split(' - ').slice(1).join(' - ') }),
    ).toBeVisible()

    // Escape closes the list; Enter without a choice goes to the search page.
    await box.fill('')
    await box.focus()
    await page.keyboard.type('vida')
    await expect(suggestions).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(suggestions).toBeHidden()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/arama\?q=vida$/)
    await expect(page.getByRole('heading', { level: 1, name: '“vida” için arama sonuçları' })).toBeVisible()
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(box).toHaveValue('vida')
    await expectAccessible(page, 'search results')
  })

  test('a guest browses without prices; an unknown product is a 404 page', async ({ page }) => {
    await page.goto('/el-aletleri')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    await expect(page.getByText('Fiyat için giriş yapınız').first()).toBeVisible()
    await expect(page.getByRole('switch', { name: 'Sadece stoktakiler' })).toHaveCount(0)
    await expectAccessible(page, 'guest category')
    const response = await page.goto('/olmayan-urun-p-99999999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Ürün bulunamadı' })).toBeVisible()
    await expectAccessible(page, 'product not found')
    await page.goto('/boyle-bir-kategori-yok')
    await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı' })).toBeVisible()
    await expectAccessible(page, 'unknown list page')
  })

  test('the product list works on a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, DEALER, '/el-aletleri?view=list')
    await expect(page.getByTestId('product-table')).toBeVisible()
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.goto('/el-aletleri?view=grid')
    await expect(page.getByTestId('product-card').first()).toBeVisible()
    overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Kategoriler' }).click()
    const drawer = page.getByRole('dialog', { name: 'Kategoriler' })
    await expect(drawer).toBeVisible()
    await expectAccessible(page, 'phone category drawer')
    await drawer.getByRole('link', { name: 'Hırdavat', exact: true }).click()
    await expect(page).toHaveURL(/\/hirdavat/)
    await expect(drawer).toBeHidden()
  })
})
