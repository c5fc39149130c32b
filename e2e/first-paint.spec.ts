import { type Browser, expect, type Page, test } from './test'

/*
 * What a visitor sees before the app has taken a server-drawn page over. The header was drawn
 * unstyled (no borders, no button colours) until the app's script set Mantine's colour scheme on
 * <html>, and product images that had long arrived stayed behind grey skeletons until the app's
 * first effects ran (3–6 s on a slow phone).
 */

const LIST = '/el-aletleri?view=grid'

/** The computed look of the header's parts, to compare a page before and after its scripts ran. */
function headerLook(page: Page) {
  return page.evaluate(() => {
    const style = (el: Element | null) => {
      if (!el) return null
      const s = getComputedStyle(el)
      return [s.borderBottomColor, s.borderBottomWidth, s.backgroundColor, s.color].join(' ')
    }
    return {
      scheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
      header: style(document.querySelector('header')),
      search: style(document.querySelector('header input')),
      login: style(document.querySelector('header a[href$="/account/login"]')),
    }
  })
}

async function pageWithoutScripts(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 1366, height: 900 },
  })
  return { context, page: await context.newPage() }
}

// These look at the page before (or without) the app taking it over.
test.use({ waitUntilLive: false })

test('the header is styled in the HTML itself, before any script has run', async ({ browser, page }) => {
  const bare = await pageWithoutScripts(browser)
  await bare.page.goto(LIST)
  const before = await headerLook(bare.page)
  await bare.context.close()

  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(LIST)
  await expect(page.getByRole('heading', { level: 1, name: 'El Aletleri' })).toBeVisible()
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-mantine-color-scheme'))
  const after = await headerLook(page)
  expect(after.scheme).toBe('light')
  expect(before).toEqual(after)
})

test('a product image that has arrived is shown at once, not behind a skeleton until the app runs', async ({
  page,
}) => {
  // The app never takes the page over: only the HTML, its styles and public/boot.js.
  await page.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort())
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(LIST)
  const image = page.getByRole('main').locator('img[src^="/images/cat-"]').first()
  await expect(image).toHaveJSProperty('complete', true)
  const skeletons = page.getByRole('main').locator('.mantine-Skeleton-root')
  // Every arrived image's skeleton is gone (hidden), though the app never ran.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('main img')]
            .filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)
            .map((img) => img.parentElement?.querySelector('.mantine-Skeleton-root'))
            .filter((skeleton) => skeleton && getComputedStyle(skeleton).display !== 'none').length,
      ),
    )
    .toBe(0)
  expect(await skeletons.count()).toBeGreaterThan(0)
})
