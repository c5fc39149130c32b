import { expectAccessible } from './axe'
import { DEALER, expectFitsPhoneWidth, signIn } from './fixtures'
import { expect, type Page, test } from './test'

/**
 * The end-to-end server runs as `npm start` runs it (`--demo`: the sandbox POS named on purpose,
 * NODE_ENV unset), so every page says TEST MODE above the header, readable and over none of its controls.
 */

/** The ribbon lies wholly above every control of the header: nothing it shows is covered. */
async function expectAboveHeaderControls(page: Page, name: 'TEST MODU' | 'TEST MODE') {
  const ribbon = page.getByRole('complementary', { name })
  await expect(ribbon).toBeVisible()
  const box = (await ribbon.boundingBox())!
  expect(box.y).toBe(0)
  expect(box.height).toBeGreaterThan(16)
  const controls = page.getByRole('banner').locator('a:visible, button:visible, input:visible')
  expect(await controls.count()).toBeGreaterThan(0)
  for (const control of await controls.all()) {
    const at = await control.boundingBox()
    if (at)
      expect(at.y, `${await control.evaluate((el) => el.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(
        box.y + box.height,
      )
  }
  // The control at the ribbon's centre is the ribbon itself, not a header control laid over it.
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('aside')?.getAttribute('data-testid') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  )
  expect(hit).toBe('test-mode-ribbon')
}

test('every page says TEST MODU above the header, in Turkish and English', async ({ page }) => {
  for (const path of ['/', '/urunler', '/account/login', '/olmayan/adres/burada']) {
    await page.goto(path)
    await expectAboveHeaderControls(page, 'TEST MODU')
    await expect(page.getByTestId('test-mode-ribbon')).toHaveText(
      'TEST MODU Kartla ödemeler gerçek değildir, para çekilmez.',
    )
  }
  await page.goto('/en/urunler')
  await expectAboveHeaderControls(page, 'TEST MODE')
  await signIn(page, DEALER, '/sepet')
  await expectAboveHeaderControls(page, 'TEST MODU')
  await expectAccessible(page, 'cart with the TEST MODE ribbon')
  // It scrolls away with the page; the sticky header stays, uncovered.
  // Read in one look at the page, scrolled and the header's place together: the list may still be
  // settling (a late layout put the page back at the top once), so the wheel is turned until it stays.
  await page.goto('/urunler')
  await expect(async () => {
    await page.mouse.wheel(0, 600)
    const seen = await page.getByRole('banner').evaluate((header) => ({
      scrolled: window.scrollY,
      headerTop: header.getBoundingClientRect().top,
    }))
    expect(seen.scrolled).toBeGreaterThan(100)
    expect(seen.headerTop).toBe(0)
  }).toPass({ timeout: 10_000 })
})

test('the ribbon fits a 390 px phone and reads in full @phone', async ({ page }) => {
  for (const [path, name] of [
    ['/', 'TEST MODU'],
    ['/en/', 'TEST MODE'],
  ] as const) {
    await page.goto(path)
    await expectAboveHeaderControls(page, name)
    const ribbon = page.getByRole('complementary', { name })
    await expectFitsPhoneWidth(page, ribbon)
    // No text clipped: the ribbon grows to as many lines as it needs.
    expect(
      await ribbon.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
    ).toBe(true)
  }
  await expectAccessible(page, 'home with the TEST MODE ribbon, phone')
})
