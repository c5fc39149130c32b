import { expectAccessible } from './axe'
import { ADMIN, DEALER, expectFitsPhoneWidth, signIn } from './fixtures'
import { type Browser, expect, type Locator, newLivePage, type Page, test } from './test'

/** A word nobody else searches: Turkish letters in it, so that the dashboard's folding is exercised. */
const uniqueWord = () => `Şanzımanöz${Date.now().toString(36)}`
/** The same word as an administrator might type it: no Turkish letters, upper case. */
const folded = (word: string) => word.replace('Ş', 'S').replace('ı', 'i').replace('ö', 'o').toUpperCase()

/** The demo dealer, in a browser of their own, searches `word` through the header's search bar. */
async function dealerSearches(browser: Browser, word: string) {
  const page = await newLivePage(browser, { locale: 'tr-TR' })
  const context = page.context()
  try {
    await signIn(page, DEALER)
    const box = page.getByRole('combobox', { name: 'Ürün ara' })
    await box.fill(word)
    await box.press('Enter')
    await expect(page).toHaveURL(/\/arama\?q=/)
    await expect(
      page.getByRole('heading', { level: 1, name: `“${word}” için arama sonuçları` }),
    ).toBeVisible()
  } finally {
    await context.close()
  }
}

/** Moves the keyboard focus with Tab until it reaches `target`, as a keyboard user gets there. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Aranacak kelime veya kullanıcı' })
const results = (page: Page) => page.getByRole('dialog', { name: 'Arama Sonuçları' })

/**
 * Searches the dashboard for a word until the dealer's row is there: the search log is written behind
 * (within a second), so the first look may come too early and find nothing.
 */
async function searchUntilFound(page: Page, word: string) {
  await expect(async () => {
    await searchBox(page).fill(word)
    await page.getByRole('button', { name: 'Ara', exact: true }).click()
    await expect(results(page)).toBeVisible()
    const row = results(page).getByTestId('dashboard-result-row').filter({ hasText: DEALER.name })
    if ((await row.count()) === 0) {
      await results(page).getByRole('button', { name: 'Kapat' }).click()
      await expect(results(page)).toBeHidden()
      throw new Error(`no row of ${DEALER.name} yet`)
    }
  }).toPass({ timeout: 15_000 })
}

test.describe('staff search dashboard', () => {
  test('an administrator finds the word a dealer just searched for, and who searched it', async ({
    page,
    browser,
  }) => {
    const word = uniqueWord()
    await dealerSearches(browser, word)

    await signIn(page, ADMIN, '/yonetim/aramalar')
    await expect(page.getByRole('heading', { level: 1, name: 'Arama Paneli' })).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await expect(menu.getByRole('link', { name: 'Arama Paneli' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('radio', { name: 'Son 7 gün' })).toBeChecked()

    // The word, typed without its Turkish letters, finds the dealer's searches.
    await searchUntilFound(page, folded(word))
    const dialog = results(page)
    await expect(dialog.getByText(`“${folded(word)}” kelimesini arayanlar · Son 7 gün`)).toBeVisible()
    const row = dialog.getByTestId('dashboard-result-row').filter({ hasText: DEALER.name })
    await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)
    await expectAccessible(page, 'search dashboard, results popup')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Today's tables have it too: its row's detail opens on keyboard focus and names the dealer.
    await page.getByRole('radiogroup', { name: 'Dönem' }).getByText('Bugün', { exact: true }).click()
    await expect(page).toHaveURL(/\/yonetim\/aramalar\?period=today$/)
    const wordButton = page.getByTestId('top-queries').getByRole('button', { name: word })
    await expect(wordButton).toBeVisible()
    await tabTo(page, wordButton)
    // Tabbing there passes other rows, whose details stay in the page: take this word's.
    const detail = page.getByTestId('top-query-detail').filter({ hasText: `“${word}”` })
    await expect(detail).toBeVisible()
    await expect(detail).toContainText(DEALER.name)
    await expect(page.getByTestId('last-queries')).toContainText(word)
    await expectAccessible(page, 'search dashboard, today, a detail open')
    await page.keyboard.press('Escape')
    await expect(detail).toBeHidden()

    // A user search by part of the dealer's name, Turkish letters folded.
    await page
      .getByRole('radiogroup', { name: 'Arama türü' })
      .getByText('Kullanıcı Ara', { exact: true })
      .click()
    await searchBox(page).fill('ahmet yilmaz')
    await page.getByRole('button', { name: 'Ara', exact: true }).click()
    await expect(
      results(page).getByTestId('dashboard-result-row').filter({ hasText: word }).first(),
    ).toBeVisible()
    await results(page).getByRole('button', { name: 'Kapat' }).click()
    await expect(results(page)).toBeHidden()
  })

  test('a blank term gets the alert and no search', async ({ page }) => {
    await signIn(page, ADMIN, '/yonetim/aramalar')
    await expect(page.getByTestId('top-queries').or(page.getByTestId('top-queries-empty'))).toBeVisible()
    await expectAccessible(page, 'search dashboard')
    let searched = false
    page.on('request', (request) => {
      if (request.url().includes('/yonetim/search_queries')) searched = true
    })
    await searchBox(page).fill('   ')
    await searchBox(page).press('Enter')
    await expect(page.getByTestId('dashboard-alert')).toHaveText('Lütfen bir arama terimi girin.')
    await page.getByRole('dialog').getByRole('button', { name: 'Tamam' }).click()
    await expect(page.getByTestId('dashboard-alert')).toBeHidden()
    expect(searched).toBe(false)
    await expect(results(page)).toBeHidden()
  })

  test('the English page', async ({ page }) => {
    await signIn(page, ADMIN, '/en/yonetim/aramalar')
    await expect(page.getByRole('heading', { level: 1, name: 'Search dashboard' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Most searched words' })).toBeVisible()
    await expectAccessible(page, 'search dashboard (English)')
  })

  test('on a phone the dashboard fits 390 px and a detail opens with a tap @phone', async ({
    page,
    browser,
  }) => {
    const word = uniqueWord()
    await dealerSearches(browser, word)
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, ADMIN, '/yonetim/aramalar?period=today')
    const wordButton = page.getByTestId('top-queries').getByRole('button', { name: word })
    await expect(async () => {
      await page.reload()
      await expect(wordButton).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 15_000 })
    await expectFitsPhoneWidth(
      page,
      searchBox(page),
      page.getByRole('button', { name: 'Ara', exact: true }),
      page.getByTestId('dashboard-period'),
    )
    // The tables hold up to 20 rows of whatever the whole run searched, so one may be taller than the
    // screen: they must fit its width.
    for (const id of ['top-queries', 'top-users', 'last-queries']) {
      const box = await page.getByTestId(id).boundingBox()
      expect(box, id).not.toBeNull()
      expect(box!.x, `${id} starts left of the screen`).toBeGreaterThanOrEqual(0)
      expect(box!.x + box!.width, `${id} ends right of the screen`).toBeLessThanOrEqual(390)
    }
    await wordButton.tap()
    // Other rows' details may be in the page too: take this word's.
    const detail = page.getByTestId('top-query-detail').filter({ hasText: `“${word}”` })
    await expect(detail).toBeVisible()
    await expect(detail).toContainText(DEALER.name)
    await expectAccessible(page, 'phone search dashboard, a detail open')
  })
})
