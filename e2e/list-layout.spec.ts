import { expectAccessible, scans, scanTable, settle } from './axe'
import { DEALER, signIn } from './fixtures'
import { expect, type Locator, type Page, test } from './test'

/**
 * The list view fits: at 1280 and 1366 px every column of the spec is in the list's
 * box without a sideways scroll, and on a 390 px phone the rows are compact blocks of code, name,
 * price, stock and the cart control. In Turkish and English, as the demo dealer, on a category of the
 * demo store (four payment plans, list prices and the special code shown: its widest table).
 */

type Locale = 'tr' | 'en'
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const
const LIST = '/el-aletleri?view=list'
/** The first rows, whose name and cart control must be on the screen without scrolling sideways. */
const FIRST_ROWS = 3
const pathIn = (locale: Locale, path: string) => (locale === 'en' ? `/en${path}` : path)

/** Widths the page and the list's own box scroll to, against what they show. */
async function widths(page: Page) {
  return page.evaluate(() => {
    const table = document.querySelector<HTMLElement>('[data-testid="product-table"]')
    const box = document.querySelector<HTMLElement>('[data-testid="product-table-box"]')
    const root = document.documentElement
    return {
      document: { scroll: root.scrollWidth, client: root.clientWidth },
      box: box && { scroll: box.scrollWidth, client: box.clientWidth },
      table: table && { width: Math.ceil(table.getBoundingClientRect().width) },
    }
  })
}

/** The row's cart control: the add button, or what the spec puts in its place (ask price, no stock…). */
const cartControl = (row: Locator) =>
  row.getByTestId('add-to-cart').or(row.getByTestId('buy-control')).first()

async function acceptCookies(page: Page) {
  const notice = page.getByRole('region', { name: /Çerez Kullanımı|Cookie Usage/ })
  if (await notice.isVisible()) await notice.getByRole('button', { name: /^(Tamam|OK)$/ }).click()
  await expect(notice).toBeHidden()
}

test.describe('list view layout', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEALER)
  })

  for (const locale of ['tr', 'en'] as const) {
    test(`fits 1280 and 1366 px and becomes compact rows at 390 px (${locale})`, async ({ page }) => {
      for (const size of SIZES) {
        await test.step(`${size.width} px`, async () => {
          await page.setViewportSize(size)
          await page.goto(pathIn(locale, LIST))
          const table = page.getByTestId('product-table')
          await expect(table.getByTestId('product-row')).toHaveCount(24)
          await acceptCookies(page)
          await settle(page)

          const measured = await widths(page)
          console.log(`list view ${locale} ${size.width} px: ${JSON.stringify(measured)}`)
          expect(measured.document.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(
            measured.document.client,
          )
          expect(measured.box, 'the list box').not.toBeNull()
          expect(measured.box?.scroll, 'the list box scrolls sideways').toBeLessThanOrEqual(
            measured.box?.client ?? 0,
          )

          const phone = size.width < 768
          // Every column of the spec on a desktop; on a phone no table header is shown at all.
          const headers = table.locator('thead th')
          if (phone) {
            const headHeight = await table
              .locator('thead')
              .evaluate((el) => el.getBoundingClientRect().height)
            expect(headHeight, 'no table header on a phone').toBeLessThanOrEqual(1)
          } else {
            await expect(headers).toHaveText(
              locale === 'tr'
                ? [
                    'Görsel',
                    'Kod',
                    'Ürün Adı',
                    'Marka',
                    'Model',
                    /./,
                    'Miktar',
                    'Liste Fiyatı',
                    'Fiyat',
                    'KDV',
                    'Stok',
                    'Depo',
                    'Sepet',
                  ]
                : [
                    'Image',
                    'Code',
                    'Product name',
                    'Brand',
                    'Model',
                    /./,
                    'Quantity',
                    'List price',
                    'Price',
                    'VAT',
                    'Stock',
                    'Warehouse',
                    'Cart',
                  ],
            )
          }

          for (let i = 0; i < FIRST_ROWS; i++) {
            const row = table.getByTestId('product-row').nth(i)
            const name = row.locator('[data-col="name"] a')
            await expect(name, `row ${i + 1}: its name`).toBeInViewport()
            await expect(cartControl(row), `row ${i + 1}: its cart control`).toBeInViewport()
            await expect(row.getByRole('textbox'), `row ${i + 1}: its quantity`).toBeInViewport()
            await expect(row.locator('[data-col="code"]'), `row ${i + 1}: its code`).toBeInViewport()
            await expect(row.getByTestId('sale-price'), `row ${i + 1}: its price`).toBeInViewport()
            // Nothing of a row reaches past the right edge of the screen.
            const right = await row.evaluate((tr) =>
              Math.max(
                ...[...tr.querySelectorAll('td')]
                  .filter((td) => td.getClientRects().length > 0)
                  .map((td) => td.getBoundingClientRect().right),
              ),
            )
            expect(right, `row ${i + 1} ends inside the screen`).toBeLessThanOrEqual(size.width)
          }
          if (phone) {
            // Compact rows: the stock line and its warehouse button are there, the desktop-only cells are not.
            const first = table.getByTestId('product-row').first()
            await expect(first.getByTestId('stock-info')).toBeInViewport()
            await expect(first.locator('[data-col="warehouse"] button')).toBeInViewport()
            for (const col of ['image', 'brand', 'model', 'listPrice', 'taxRate']) {
              await expect(first.locator(`[data-col="${col}"]`)).toBeHidden()
            }
          }
          await expectAccessible(page, `list ${locale} ${size.width}`)
        })
      }
    })
  }

  test('the folded payment plans open from the price column; every control of a row is reached with Tab, its focus shown', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(LIST)
    await acceptCookies(page)
    const row = page.getByTestId('product-row').first()
    const name = row.locator('[data-col="name"] a')
    await name.focus()
    const reached: string[] = []
    // From the name: −, the amount, +, the price info, the warehouses and the cart, in this order.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      const focused = page.locator(':focus')
      await expect(focused).toBeInViewport()
      // A ring (outline or shadow), or for the amount field a border unlike the same field unfocused
      // in the second row.
      const { label, ring } = await focused.evaluate((el) => {
        const style = getComputedStyle(el)
        const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
        const twin = document.querySelectorAll<HTMLElement>('[data-testid="product-row"]')[1]
        const unfocused = el instanceof HTMLInputElement ? twin?.querySelector('input') : null
        const border = unfocused ? getComputedStyle(unfocused).borderColor !== style.borderColor : false
        return {
          label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
          ring: outline || style.boxShadow !== 'none' || border,
        }
      })
      expect(ring, `the focus on "${label}" is visible`).toBe(true)
      reached.push(label)
    }
    expect(reached[0]).toBe('Miktarı azalt')
    expect(reached[1]).toMatch(/miktarı$/)
    expect(reached[2]).toBe('Miktarı artır')
    expect(reached[3]).toMatch(/için ödeme planı fiyatlarını göster$/)
    expect(reached[4]).toMatch(/^Depolar: .+ için depo stokları$/)
    expect(reached[5]).toMatch(/^(Sepete Ekle|Fiyat Sorunuz|Stokta Yok)/)

    // The price info lists the four plans folded into the price column.
    await row.getByRole('button', { name: /için ödeme planı fiyatlarını göster$/ }).press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Fiyat Bilgisi' })
    await expect(dialog.getByRole('row')).toHaveCount(5)
    await expect(dialog.getByRole('cell', { name: '30 Gün Vadeli' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test.afterAll(() => {
    if (scans.length > 0) console.log(`\n${scanTable(scans)}`)
  })
})
