import { addFromCard, DEALER, emptyCartIfNeeded, openMiniCart, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/*
 * Turkish capitals carry marks outside the letters' box: the dots of İ, Ö, Ü above, the cedillas of
 * Ş, Ç below, the breve of Ğ above. A label that clips its text (an ellipsis, a line clamp) in a box
 * of line-height 1 cut them off: "Ümraniye Şubesi" read "Umraniye" in the header.
 */

type Clipped = { text: string; fontSize: number; lineHeight: number; height: number; nowrap: boolean }

/** Every element on the page that clips its own text, with its type size and the room it has. */
function clippedLabels(page: Page): Promise<Clipped[]> {
  return page.evaluate(() => {
    const found: Clipped[] = []
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el)
      const clips =
        ['hidden', 'clip'].includes(style.overflowY) ||
        ['hidden', 'clip'].includes(style.overflowX) ||
        style.webkitLineClamp !== 'none'
      // Not drawn, or drawn for screen readers only (a 1 px box).
      if (!clips || el.getClientRects().length === 0 || el.clientWidth <= 1 || el.clientHeight <= 1) continue
      const ownText = [...el.childNodes]
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim()
      if (!ownText) continue
      const fontSize = Number.parseFloat(style.fontSize)
      // 'normal' is the font's own line height, about 1.2 to 1.3 of the size, marks included.
      const lineHeight = style.lineHeight === 'normal' ? fontSize * 1.3 : Number.parseFloat(style.lineHeight)
      found.push({
        text: ownText.slice(0, 40),
        fontSize,
        lineHeight,
        height: el.clientHeight,
        nowrap: style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre',
      })
    }
    return found
  })
}

/** A clipped label has room for the marks: a line of at least 1.3 × its size, or a taller one-line box. */
function tooTight(labels: Clipped[]): Clipped[] {
  return labels.filter(
    (l) => !(l.lineHeight >= 1.3 * l.fontSize - 0.01 || (l.nowrap && l.height >= 1.3 * l.fontSize)),
  )
}

test('clipped labels leave room for the marks of Turkish capitals (İ Ö Ü Ş Ç Ğ)', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signIn(page, DEALER)
  // The header shows the branch's name: "Ümraniye Şubesi".
  const branch = page.getByRole('button', { name: /^Şube: / })
  await branch.click()
  await page.getByRole('menuitemradio', { name: 'Ümraniye Şubesi' }).click()
  await expect(branch).toHaveAccessibleName('Şube: Ümraniye Şubesi')
  await emptyCartIfNeeded(page)
  await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)

  const checked: string[] = []
  const check = async (where: string) => {
    const labels = await clippedLabels(page)
    checked.push(...labels.map((l) => l.text))
    expect(tooTight(labels), `clipped labels too tight on ${where}`).toEqual([])
  }
  for (const path of ['/', '/el-aletleri?view=grid', '/el-aletleri?view=list', '/sepet', '/teklif/liste']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await check(path)
  }
  await openMiniCart(page)
  await check('the mini cart')
  await page.keyboard.press('Escape')
  await page.goto('/sepet')
  await page.getByTestId('cart-table').getByRole('link', { name: 'Açık Ağız Anahtar 24 mm' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Açık Ağız Anahtar 24 mm' })).toBeVisible()
  await check('a product page')
  // The search suggestions (two lines, clamped) and the card picture (holder and bank, in capitals).
  const box = page.getByRole('combobox', { name: 'Ürün ara' })
  await box.fill('anahtar')
  await expect(page.getByRole('listbox', { name: 'Arama önerileri' })).toBeVisible()
  await check('the search suggestions')
  await page.goto('/odeme')
  await page.getByLabel('Kart Üzerindeki İsim').fill('Şükrü Öztürkoğlu Çağlayan İnce')
  await page.getByLabel('Kart Numarası').pressSequentially('4025260000000000')
  await check('the card form')
  // The header's branch was among them, and its line has room for the dots of Ü.
  expect(checked).toContain('Ümraniye Şubesi')
  const name = branch.getByText('Ümraniye Şubesi')
  const [size, line] = await name.evaluate((el) => {
    const style = getComputedStyle(el)
    return [Number.parseFloat(style.fontSize), Number.parseFloat(style.lineHeight)]
  })
  expect(line).toBeGreaterThanOrEqual(1.3 * size)
})

test("on a phone the menu's labels leave room for the marks too @phone", async ({ page }) => {
  await signIn(page, DEALER)
  await page.getByRole('button', { name: 'Menüyü aç' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('button', { name: /^Şube: / })).toBeVisible()
  const labels = await clippedLabels(page)
  expect(labels.map((l) => l.text)).toEqual(expect.arrayContaining([expect.stringMatching(/Şube|Mağaza/)]))
  expect(tooTight(labels)).toEqual([])
})
