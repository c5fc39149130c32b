import { DEALER, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/**
 * On /en/… no Turkish data word shows where the demo data stores an English one
 * (category, unit, payment-plan and campaign names, the special-code heading). Product names, brands
 * and the store's address are data with no English form and stay as they are.
 */
const STORED_IN_ENGLISH: Record<string, string> = {
  'El Aletleri': 'Hand Tools',
  'Anahtar Takımları': 'Spanner Sets',
  'Pense ve Kerpeten': 'Pliers and Pincers',
  Tornavidalar: 'Screwdrivers',
  'Ölçü Aletleri': 'Measuring Tools',
  Hırdavat: 'Hardware',
  'Elektrik Malzemeleri': 'Electrical Supplies',
  'Bağlantı Elemanları': 'Fasteners',
  Adet: 'Piece',
  Koli: 'Case',
  Paket: 'Pack',
  Kutu: 'Box',
  Düzine: 'Dozen',
  Palet: 'Pallet',
  Peşin: 'Cash',
  '30 Gün Vadeli': '30 Days Credit',
  '60 Gün Vadeli': '60 Days Credit',
  'Kredi Kartı': 'Credit Card',
  'Haftanın Fırsatları': 'Deals of the Week',
  'Yeni Gelenler': 'New Arrivals',
  'Çok Satanlar': 'Best Sellers',
  'Özel Kod': 'Special Code',
}

/** Whole-word occurrences (Turkish letters count as letters) of the stored Turkish names. */
function turkishWordsIn(text: string): string[] {
  return Object.keys(STORED_IN_ENGLISH).filter((word) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'u').test(text),
  )
}

/**
 * What the page shows, without the product names and brands (data with no English form, which may
 * contain a word such as "Paket"): visible text, field values and the open list's options.
 */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement
    for (const el of body.querySelectorAll(
      '[data-product-name], a[href*="-p-"], [data-testid="product-name"]',
    ))
      el.remove()
    const values = [...document.querySelectorAll('input')].map((i) => i.value)
    return `${body.innerText}\n${values.join('\n')}`
  })
}

test.describe('English is English', () => {
  test('the /en list, detail and home pages show the stored English names', async ({ page }) => {
    // Home: the campaign titles.
    await signIn(page, DEALER, '/en')
    await expect(page.getByRole('heading', { name: 'Deals of the Week' })).toBeVisible()
    expect(turkishWordsIn(await shownText(page))).toEqual([])

    // A category in the list view: title, trail, sidebar, special-code column, plan columns, units.
    await page.goto('/en/el-aletleri?view=list')
    await expect(page.getByRole('heading', { level: 1, name: 'Hand Tools' })).toBeVisible()
    const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Hand Tools' }) })
    await expect(nav.first().getByRole('link', { name: 'Screwdrivers', exact: true })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Special Code' })).toBeVisible()
    expect(turkishWordsIn(await shownText(page))).toEqual([])
    // The plan prices, in a column each or behind the price-info control.
    const planHeader = page.getByRole('columnheader', { name: '30 Days Credit' })
    if (!(await planHeader.isVisible())) {
      await page
        .getByRole('button', { name: /^Show payment plan prices of / })
        .first()
        .click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByText('30 Days Credit')).toBeVisible()
      await expect(dialog.getByText('Cash', { exact: true })).toBeVisible()
      expect(turkishWordsIn(await shownText(page))).toEqual([])
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
    }

    // A product with several units and a special code: its unit choice and plan table.
    const list = await page.request.get('/api/catalog/products/el-aletleri?view=list', {
      headers: { 'accept-language': 'en' },
    })
    type Item = { url: string; units: { value: string }[]; ozelkod: string | null; name: string }
    const items = ((await list.json()) as { items: Item[] }).items
    const product = items.find((p) => p.units.length > 1 && p.ozelkod)
    expect(product, 'a product with units and a special code on the first page').toBeTruthy()
    await page.goto(`/en${product!.url}`)
    await expect(page.getByRole('heading', { level: 1, name: product!.name })).toBeVisible()
    await expect(page.getByText('Special Code', { exact: false }).first()).toBeVisible()
    await expect(page.getByText('30 Days Credit').first()).toBeVisible()
    const unit = page.getByRole('combobox', { name: 'Unit' })
    await expect(unit).toHaveValue(/^Piece \(1\)$/)
    await unit.click()
    const options = page.getByRole('option')
    await expect(options.first()).toBeVisible()
    const optionTexts = await options.allInnerTexts()
    expect(optionTexts.some((o) => /^(Case|Pack|Box|Dozen|Pallet) \(\d+\)$/.test(o.trim()))).toBe(true)
    expect(turkishWordsIn(await shownText(page))).toEqual([])
    await page.keyboard.press('Escape')

    // The Turkish page of the same product still speaks Turkish.
    await page.goto(product!.url)
    await expect(page.getByText('Özel Kod').first()).toBeVisible()
  })
})
