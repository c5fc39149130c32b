import { expectAccessible } from './axe'
import { DEALER, emptyCartIfNeeded, expectCount, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/**
 * The quick order (/hizli-siparis) on the demo catalogue: a dealer pastes 50 lines, three of them
 * wrong, fixes the three in the table, adds all 50 in one go and finds them in the cart.
 */

type Item = {
  id: number
  code: string
  name: string
  quantity: number | null
  salePrice: { value: number } | null
  varyantx: unknown
  units: { id: number; value: string; multiplier: number }[]
}
type PreviewLine = { status: string; suggestions?: { code: string }[] }

/** Single products (no variant family) with a price and stock for a few, most stock first. */
async function orderable(page: Page, count: number): Promise<Item[]> {
  const found: Item[] = []
  for (let p = 1; found.length < count && p <= 20; p++) {
    const answer = await page.request.get(`/api/catalog/products?sort=-quantity&page=${p}`)
    expect(answer.ok()).toBe(true)
    for (const item of ((await answer.json()) as { items: Item[] }).items) {
      if (item.varyantx === null && (item.salePrice?.value ?? 0) > 0 && (item.quantity ?? 0) >= 20)
        found.push(item)
    }
  }
  expect(found.length, 'orderable products in the demo catalogue').toBeGreaterThanOrEqual(count)
  return found.slice(0, count)
}

/** The code with its last character left off, as a slip of the finger: one the catalogue suggests back. */
async function typoOf(page: Page, candidates: Item[]): Promise<{ item: Item; typo: string }> {
  const headers = {
    'x-csrf-token': (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? '',
    'x-requested-with': 'XMLHttpRequest',
    origin: new URL(page.url()).origin,
  }
  for (const item of candidates) {
    const typo = item.code.slice(0, -1)
    const answer = await page.request.post('/api/catalog/quick-order/preview', {
      headers,
      data: { text: `${typo} 2` },
    })
    const [line] = ((await answer.json()) as { lines: PreviewLine[] }).lines
    if (line?.status === 'problem' && line.suggestions?.some((s) => s.code === item.code))
      return { item, typo }
  }
  throw new Error('no code whose slip the catalogue suggests back')
}

const lineOf = (page: Page, n: number) => page.locator(`[data-testid="quick-order-line"][data-line="${n}"]`)
// A line's problems and fixes are in the table's row under the line.
const problemsOf = (page: Page, n: number) => lineOf(page, n).locator('xpath=following-sibling::tr[1]')

test.afterEach(async ({ page }) => {
  // The demo dealer's cart is shared with the other specs on this server.
  await emptyCartIfNeeded(page)
})

test('a dealer pastes 50 lines, fixes the 3 with mistakes in place and adds all 50 to the cart', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await signIn(page, DEALER)
  await emptyCartIfNeeded(page)
  const items = await orderable(page, 56)
  // The three mistakes: a code with a slip, more than the stock, a unit the product has not.
  const { item: slipped, typo } = await typoOf(page, items.slice(50))
  const products = [...items.slice(0, 49), slipped]
  const [overStock, badUnit] = [products[9]!, products[29]!]
  const lines = products.map((item, i) => {
    if (item === slipped) return `${typo} 2`
    if (item === overStock) return `${item.code};${(item.quantity ?? 0) + 1000}`
    if (item === badUnit) return `${item.code}\t3\tkasa`
    return `${item.code} ${1 + (i % 3)}`
  })

  // Through the header's link, as a dealer finds it.
  await page.getByRole('link', { name: 'Hızlı sipariş' }).click()
  await expect(page).toHaveURL(/\/hizli-siparis$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hızlı sipariş' })).toBeVisible()
  await expect(page.getByTestId('quick-order-howto')).toBeVisible()

  const text = page.getByRole('textbox', { name: /^Sipariş satırları/ })
  await text.fill(lines.join('\n'))
  await text.press('Control+Enter')
  await expect(page.getByTestId('quick-order-table')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('quick-order-line')).toHaveCount(50)
  await expect(page.getByTestId('count-ready')).toHaveText('47 satır hazır')
  await expect(page.getByTestId('count-problems')).toHaveText('3 satırda sorun var')
  await expect(page.getByRole('button', { name: 'Sepete ekle (47 satır)' })).toBeVisible()
  await expectAccessible(page, 'quick order with three problems')

  // The slip: the catalogue's suggestion for it is picked.
  const slipLine = 50
  await expect(lineOf(page, slipLine)).toHaveAttribute('data-state', 'problem')
  await expect(problemsOf(page, slipLine)).toContainText(`"${typo}" kodlu bir ürün bulunamadı.`)
  await problemsOf(page, slipLine)
    .getByRole('group', { name: `${slipLine}. satır için öneriler` })
    .getByRole('button', { name: new RegExp(`^${slipped.code} · `) })
    .click()
  await expect(lineOf(page, slipLine)).toHaveAttribute('data-state', 'ready')
  await expect(lineOf(page, slipLine).getByTestId('line-code')).toHaveText(slipped.code)
  // The keyboard stays on the line: its quantity field has the focus the picked button had.
  await expect(
    lineOf(page, slipLine).getByRole('textbox', { name: `${slipLine}. satırın miktarı` }),
  ).toBeFocused()
  await expect(
    lineOf(page, slipLine).getByRole('textbox', { name: `${slipLine}. satırın miktarı` }),
  ).toHaveValue('2')

  // More than the stock: the quantity is typed again, and the line checked again on Enter.
  await expect(problemsOf(page, 10)).toContainText('Stokta')
  const quantity = lineOf(page, 10).getByRole('textbox', { name: '10. satırın miktarı' })
  await quantity.fill('2')
  await quantity.press('Enter')
  await expect(lineOf(page, 10)).toHaveAttribute('data-state', 'ready')

  // A unit the product has not: its own unit is chosen.
  await expect(problemsOf(page, 30)).toContainText('kasa')
  const unit = lineOf(page, 30).getByRole('combobox', { name: '30. satırın birimi' })
  await unit.selectOption({ label: `${badUnit.units[0]!.value} (${badUnit.units[0]!.multiplier})` })
  await expect(lineOf(page, 30)).toHaveAttribute('data-state', 'ready')
  await expect(lineOf(page, 30).getByRole('textbox', { name: '30. satırın miktarı' })).toHaveValue('3')

  await expect(page.getByTestId('count-ready')).toHaveText('50 satır hazır')
  await expect(page.getByTestId('count-problems')).toHaveCount(0)

  // All 50 in one request.
  const adds: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/catalog/quick-order')
      adds.push(request.postData() ?? '')
  })
  await page.getByRole('button', { name: 'Sepete ekle (50 satır)' }).click()
  const result = page.getByTestId('quick-order-result')
  await expect(result).toContainText('50 satır sepete eklendi', { timeout: 20_000 })
  await expect(result).toBeFocused()
  expect(adds).toHaveLength(1)
  expect((JSON.parse(adds[0]!) as { lines: unknown[] }).lines).toHaveLength(50)
  await expect(page.getByTestId('quick-order-line')).toHaveCount(0)
  await expectCount(page, 50)
  await expectAccessible(page, 'quick order after the add')

  // The cart holds the 50, the fixed ones as fixed.
  await result.getByRole('link', { name: 'Sepete git' }).click()
  await expect(page).toHaveURL(/\/sepet$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sepetim(50 ürün)')
  await expect(page.getByTestId('cart-line')).toHaveCount(50)
  const cartLine = (item: Item) =>
    page.getByTestId('cart-line').filter({ has: page.getByRole('link', { name: item.name, exact: true }) })
  await expect(cartLine(overStock).getByRole('textbox', { name: `${overStock.name} miktarı` })).toHaveValue(
    '2',
  )
  await expect(cartLine(slipped).getByRole('textbox', { name: `${slipped.name} miktarı` })).toHaveValue('2')
  await expect(cartLine(badUnit).getByRole('textbox', { name: `${badUnit.name} miktarı` })).toHaveValue('3')
})

test('the cart page’s entry adds a code and a quantity, and says why it cannot add a wrong code', async ({
  page,
}) => {
  await signIn(page, DEALER, '/sepet')
  await emptyCartIfNeeded(page)
  const [item] = await orderable(page, 1)
  const entry = page.getByTestId('cart-quick-add')
  const code = entry.getByRole('textbox', { name: 'Ürün kodu' })
  await code.fill(`${item!.code}X`)
  await code.press('Enter')
  await expect(entry.getByRole('status')).toHaveText(`"${item!.code}X" kodlu bir ürün bulunamadı.`)
  await expect(code).toHaveValue(`${item!.code}X`)

  await code.fill(item!.code)
  await entry.getByRole('textbox', { name: 'Miktar' }).fill('4')
  await entry.getByRole('textbox', { name: 'Miktar' }).press('Enter')
  await expect(entry.getByRole('status')).toContainText(`${item!.code} ${item!.name}: 4 `)
  await expect(page.getByTestId('cart-line')).toHaveCount(1)
  await expect(page.getByRole('textbox', { name: `${item!.name} miktarı` })).toHaveValue('4')
  await expect(code).toBeFocused()
})
