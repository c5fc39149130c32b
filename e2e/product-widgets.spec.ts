import { DEALER, emptyCartIfNeeded, expectAdded, expectCount, money, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/**
 * The product page's widgets, on the product page of the demo catalogue: typed quantities kept and
 * checked, plan prices of the chosen unit, a product without a price, and adds that fail.
 */

type Money = { value: number; currency: string }
type Item = {
  id: number
  name: string
  url: string
  quantity: number | null
  salePrice: Money | null
  varyantx: unknown
  advencePrice1: Money | null
  units: { value: string; multiplier: number; isDefault: boolean }[]
}

/** The first product of the whole catalogue, cheapest first, that `wanted` accepts (the dealer's API). */
async function findProduct(page: Page, wanted: (item: Item) => boolean, sort = 'price'): Promise<Item> {
  for (let p = 1; p <= 10; p++) {
    const answer = await page.request.get(`/api/catalog/products?sort=${sort}&page=${p}`)
    expect(answer.ok()).toBe(true)
    const item = ((await answer.json()) as { items: Item[] }).items.find(wanted)
    if (item) return item
  }
  throw new Error('no such product in the demo catalogue')
}

/** A single product (no variant family) with a price, a 30-day price and stock for a few adds. */
const priced = (item: Item) =>
  item.varyantx === null &&
  (item.salePrice?.value ?? 0) > 0 &&
  (item.advencePrice1?.value ?? 0) > 0 &&
  (item.quantity ?? 0) >= 20

test.beforeEach(async ({ page }) => {
  await signIn(page, DEALER)
  await emptyCartIfNeeded(page)
})

test('a typed quantity is taken by the spec once left, and Sepete Ekle adds what the field then shows', async ({
  page,
}) => {
  const product = await findProduct(page, priced, '-quantity')
  const adds: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/catalog\/cart\/\d+$/.test(new URL(request.url()).pathname))
      adds.push(new URLSearchParams(request.postData() ?? '').get('quantity') ?? '')
  })
  await page.goto(product.url)
  const field = page.getByRole('textbox', { name: 'Miktar', exact: true })
  const add = page.getByTestId('add-to-cart')
  const rule = page.getByTestId('quantity-problem')

  await field.fill('5')
  await field.press('Tab')
  await expect(field).toHaveValue('5')
  // spec/1 §5: over 100 or negative keeps the previous amount; not a number or 0 becomes 1.
  for (const [typed, taken] of [
    ['150', '5'],
    ['-3', '5'],
    ['abc', '1'],
    ['7', '7'],
    ['0', '1'],
  ] as const) {
    await field.fill(typed)
    if (typed === '150') await expect(rule).toHaveText('Miktar 1 ile 100 arasında bir tam sayı olmalıdır.')
    await field.press('Tab')
    await expect(field, typed).toHaveValue(taken)
    await expect(rule).toBeHidden()
    await expect(field).not.toHaveAttribute('aria-invalid', 'true')
  }
  expect(adds).toEqual([])

  // Typed and clicked at once: the rule takes it first, and the add sends what the field then shows.
  await field.fill('7')
  await field.press('Tab')
  await field.fill('150')
  await add.click()
  await expectAdded(page)
  await expect(field).toHaveValue('7')
  expect(adds).toEqual(['7'])
  await expectCount(page, 1)
  await emptyCartIfNeeded(page)
})

test('the plan prices follow the chosen unit', async ({ page }) => {
  const product = await findProduct(
    page,
    (item) => priced(item) && item.units.some((unit) => !unit.isDefault && unit.multiplier > 1),
  )
  await page.goto(product.url)
  const table = page.getByTestId('plan-prices')
  const headline = page.getByTestId('detail-price').getByTestId('sale-price')
  const rowPrice = (plan: string) => table.getByRole('row').filter({ hasText: plan }).getByRole('cell').last()
  const cashOne = money(await rowPrice('Peşin').textContent())
  const creditOne = money(await rowPrice('30 Gün Vadeli').textContent())
  expect(money(await headline.textContent())).toBe(cashOne)

  const other = product.units.find((unit) => !unit.isDefault && unit.multiplier > 1)!
  await page.getByRole('combobox', { name: 'Birim' }).click()
  await page.getByRole('option', { name: `${other.value} (${other.multiplier})` }).click()
  await expect(page.getByTestId('plan-prices-unit')).toContainText(`${other.value} fiyatı`)
  const cashUnit = money(await rowPrice('Peşin').textContent())
  const creditUnit = money(await rowPrice('30 Gün Vadeli').textContent())
  // The headline and every plan price are the chosen unit's: the cash row is the headline, and each
  // plan keeps its ratio to the cash price.
  expect(money(await headline.textContent())).toBe(cashUnit)
  expect(cashUnit).toBeGreaterThan(cashOne)
  expect(creditUnit / cashUnit).toBeCloseTo(creditOne / cashOne, 3)
})

test("a product with sale price 0 shows 'Fiyat Sorunuz', no 0,00 ₺ and no plan table", async ({ page }) => {
  const product = await findProduct(page, (item) => item.salePrice?.value === 0)
  await page.goto(product.url)
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible()
  const price = page.getByTestId('detail-price')
  await expect(price).toHaveText('Fiyat Sorunuz')
  await expect(page.getByTestId('buy-control')).toHaveText('Fiyat Sorunuz')
  await expect(page.getByTestId('plan-prices')).toHaveCount(0)
  await expect(page.getByTestId('add-to-cart')).toHaveCount(0)
  await expect(page.locator('main')).not.toContainText('0,00 ₺')
  // The stock line tells the stock as it is; nothing beside it says 'Stok sorunuz.' about a product
  // in stock (the spec's red text for several units and no price).
  if ((product.quantity ?? 0) > 0) {
    await expect(page.getByTestId('stock-info')).toHaveText(/^Bu ürün stoklarda [\d.]+ birim mevcuttur\.$/)
    await expect(page.getByText('Stok sorunuz.')).toHaveCount(0)
  }
})

test('a refused or failed add says so and the mini cart counts nothing', async ({ page }) => {
  const product = await findProduct(page, priced, '-quantity')
  await page.goto(product.url)
  const add = page.getByTestId('add-to-cart')

  // The server refuses (as when the stock went meanwhile): its message, the error look, no line.
  await page.route(/\/api\/catalog\/cart\/\d+$/, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'insufficient_stock', messages: { type: 'Bu üründen 1 adet bulunmamaktadır!' } },
      }),
    }),
  )
  await add.click()
  await expect(page.getByTestId('cart-alert')).toHaveText('Bu üründen 1 adet bulunmamaktadır!')
  await expect(add).toHaveAttribute('data-state', 'error')
  await page.getByRole('dialog').getByRole('button', { name: 'Tamam' }).click()
  await expect(page.getByTestId('cart-alert')).toHaveCount(0)
  await expectCount(page, 0)
  await page.unroute(/\/api\/catalog\/cart\/\d+$/)

  // The network fails: no alert, but the error look and a toast, never 'Sepete Eklendi'.
  await page.route(/\/api\/catalog\/cart\/\d+$/, (route) => route.abort('internetdisconnected'))
  await add.click()
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Ürün sepete eklenemedi: sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    }),
  ).toBeVisible()
  await expect(add).toHaveText('Eklenemedi')
  await expect(page.getByTestId('cart-alert')).toHaveCount(0)
  await expectCount(page, 0)
})

test('at 390 px the quantity rule and the add button fit the screen @phone', async ({ page }) => {
  const product = await findProduct(page, priced, '-quantity')
  await page.goto(product.url)
  const field = page.getByRole('textbox', { name: 'Miktar', exact: true })
  await field.fill('150')
  const rule = page.getByTestId('quantity-problem')
  await expect(rule).toHaveText('Miktar 1 ile 100 arasında bir tam sayı olmalıdır.')
  const width = await page.evaluate(() => window.innerWidth)
  for (const element of [rule, field, page.getByTestId('add-to-cart')]) {
    const box = await element.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
})
