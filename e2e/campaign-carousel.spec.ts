import { expectAccessible } from './axe'
import { ADMIN, DEALER, signIn } from './fixtures'
import { expect, type Locator, type Page, test } from './test'

/**
 * The home page's campaign carousels (spec/2 §2 "Campaign carousel", §9), the footer's social links
 * and the /yonetim entry, on the demo data: 'Haftanın Fırsatları' and 'Yeni Gelenler' have one row,
 * 'Çok Satanlar' two; each has 8 to 12 products.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name })
const carouselOf = (region: Locator, name: string) => region.getByRole('group', { name, exact: true })
const paginationOf = (region: Locator) => region.getByRole('group', { name: /: (slaytlar|slides)$/ })
/** The element around a carousel and its pagination: data-autoplay says playing, paused or off. */
const frameOf = (region: Locator) => region.locator('[data-autoplay]')
const liveRegion = (page: Page) => page.getByTestId('live-region')
const slidesOf = (carousel: Locator) => carousel.locator('[aria-roledescription="slayt"]')

/** Waits for the page's first carousel to be running (Embla has counted its positions). */
async function carouselReady(page: Page, name = 'Haftanın Fırsatları') {
  const region = section(page, name)
  await expect(frameOf(region)).toHaveAttribute('data-started', 'true')
  return region
}

/** How many of a carousel's slides lie wholly inside its viewport. */
async function slidesInView(carousel: Locator): Promise<number> {
  return carousel.evaluate((root) => {
    const viewport = root.querySelector('.mantine-Carousel-viewport')?.getBoundingClientRect()
    if (!viewport) return -1
    return [...root.querySelectorAll('.mantine-Carousel-slide')].filter((slide) => {
      const box = slide.getBoundingClientRect()
      return box.left >= viewport.left - 1 && box.right <= viewport.right + 12
    }).length
  })
}

/** Lets the page draw what the last timers did. */
const drawn = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))

test.describe('campaign carousel', () => {
  test('slides per view follow the width; rows, pagination without arrows, each card once', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/')
    const region = await carouselReady(page)
    const carousel = carouselOf(region, 'Haftanın Fırsatları')
    await expect(carousel).toHaveAttribute('aria-roledescription', 'slayt gösterisi')
    const slides = slidesOf(carousel)
    const count = await slides.count()
    expect(count).toBeGreaterThanOrEqual(8)
    expect(await slidesInView(carousel)).toBe(6)

    // The loop moves the slides and copies none: every product link is in the page once.
    const hrefs = await region
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs).toHaveLength(count)
    expect(new Set(hrefs).size).toBe(count)
    // The first cards are fetched at once, with high priority.
    await expect(slides.first().getByRole('img')).toHaveAttribute('fetchpriority', 'high')

    // Pagination, one button per position; no arrows; no English live region.
    const dots = paginationOf(region).getByRole('button')
    await expect(dots).toHaveCount(count)
    await expect(dots.first()).toHaveAccessibleName(`Slayt 1 / ${count}`)
    await expect(region.getByRole('button', { name: /Previous|Next|Önceki|Sonraki/ })).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: /^Slide \d+ of/ })).toHaveCount(0)

    // Two rows in 'Çok Satanlar': each slide a column of two cards.
    const twoRows = carouselOf(section(page, 'Çok Satanlar'), 'Çok Satanlar')
    await expect(slidesOf(twoRows).first().getByRole('link')).toHaveCount(2)

    await page.setViewportSize({ width: 800, height: 900 })
    await expect.poll(() => slidesInView(carousel)).toBe(4)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect.poll(() => slidesInView(carousel)).toBe(2)
    await expectAccessible(page, 'home with carousels, 390 px')
  })

  test('a pagination button moves there and says so; a drag moves it too', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/')
    const region = await carouselReady(page)
    const dots = paginationOf(region).getByRole('button')
    const count = await dots.count()
    await dots.nth(2).click()
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
    await expect(dots.first()).not.toHaveAttribute('aria-current', 'true')
    await expect(liveRegion(page)).toHaveText(`Slayt 3 / ${count}`)
    const carousel = carouselOf(region, 'Haftanın Fırsatları')
    const third = slidesOf(carousel).nth(2)
    // The third slide is now the first in view (the viewport keeps 4 px for focus outlines).
    await expect
      .poll(async () => {
        const [slide, viewport] = await Promise.all([
          third.boundingBox(),
          carousel.locator('.mantine-Carousel-viewport').boundingBox(),
        ])
        return Math.abs((slide?.x ?? 0) - (viewport?.x ?? 0) - 4) <= 1
      })
      .toBe(true)

    // Dragging to the left by more than a slide moves on. How far it snaps depends on the
    // drag's speed, which a loaded machine changes, so the test asks only that it moved on.
    const box = await carousel.boundingBox()
    const slideBox = await third.boundingBox()
    if (!box || !slideBox) throw new Error('no carousel box')
    const y = box.y + 100
    const startX = box.x + box.width / 2
    await page.mouse.move(startX, y)
    await page.mouse.down()
    await page.mouse.move(startX - slideBox.width * 1.5, y, { steps: 20 })
    await page.mouse.up()
    const current = () =>
      dots.evaluateAll((all) => all.findIndex((dot) => dot.getAttribute('aria-current') === 'true'))
    await expect.poll(current).toBeGreaterThan(2)
    await expect(liveRegion(page)).not.toHaveText(`Slayt 3 / ${count}`)
  })

  test('autoplay moves on every 5–7 s, pauses while hovered or focused, and resumes', async ({ page }) => {
    await page.clock.install()
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/')
    const region = await carouselReady(page)
    const frame = frameOf(region)
    const dots = paginationOf(region).getByRole('button')
    await expect(frame).toHaveAttribute('data-autoplay', 'playing')
    await page.clock.fastForward(7100)
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')
    // A move the autoplay made is not read out.
    await expect(liveRegion(page)).toHaveText('')

    // A mouse over it holds it still.
    await carouselOf(region, 'Haftanın Fırsatları').hover()
    await expect(frame).toHaveAttribute('data-autoplay', 'paused')
    await page.clock.fastForward(15_000)
    await drawn(page)
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true')

    // Gone again: it plays on.
    await page.mouse.move(5, 5)
    await expect(frame).toHaveAttribute('data-autoplay', 'playing')
    await page.clock.fastForward(7100)
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')

    // Keyboard focus inside holds it too, until the focus leaves.
    await dots.nth(2).focus()
    await expect(frame).toHaveAttribute('data-autoplay', 'paused')
    await page.clock.fastForward(15_000)
    await drawn(page)
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true')
    await page.getByRole('heading', { level: 1 }).click()
    await expect(frame).toHaveAttribute('data-autoplay', 'playing')
  })

  test('does not move by itself under prefers-reduced-motion', async ({ page }) => {
    await page.clock.install()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/')
    const region = await carouselReady(page)
    await page.clock.fastForward(15_000)
    await drawn(page)
    await expect(frameOf(region)).toHaveAttribute('data-autoplay', 'off')
    await expect(paginationOf(region).getByRole('button').first()).toHaveAttribute('aria-current', 'true')
  })

  test('nothing on the home page moves once drawn (no layout shift)', async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { __shifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          shifts.push(entry.value)
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await page.goto('/')
      await carouselReady(page)
      await drawn(page)
      const total = await page.evaluate(() =>
        (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, v) => sum + v, 0),
      )
      expect(total, `layout shift at ${width} px`).toBeLessThan(0.01)
    }
  })

  test('the carousels come drawn from the server and are taken over without a hydration error', async ({
    browser,
    page,
  }) => {
    // Without any script: the cards, their slide widths and the pagination are in the HTML itself.
    const plain = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1366, height: 900 },
    })
    const html = await plain.newPage()
    await html.goto('/')
    const region = section(html, 'Haftanın Fırsatları')
    await expect(carouselOf(region, 'Haftanın Fırsatları').getByRole('link').first()).toBeVisible()
    expect(await slidesInView(carouselOf(region, 'Haftanın Fırsatları'))).toBe(6)
    await expect(paginationOf(region)).toBeVisible()
    await plain.close()

    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    for (const url of ['/', '/en', '/']) {
      await page.goto(url)
      // The English page names the campaign by its stored English title.
      await carouselReady(page, url === '/en' ? 'Deals of the Week' : 'Haftanın Fırsatları')
      await expect(page.locator('#ssr-state')).toHaveCount(1)
    }
    expect(problems).toEqual([])
  })

  test('an English page names the parts in English; a dealer sees the prices', async ({ page }) => {
    await signIn(page, DEALER, '/en')
    const region = section(page, 'Deals of the Week')
    await expect(frameOf(region)).toHaveAttribute('data-started', 'true')
    await expect(carouselOf(region, 'Deals of the Week')).toHaveAttribute('aria-roledescription', 'carousel')
    await expect(paginationOf(region).getByRole('button').first()).toHaveAccessibleName(/^Slide 1 of \d+$/)
    await expect(region.getByTestId('sale-price').first()).toBeVisible()
    await expectAccessible(page, 'dealer home in English with carousels')
  })
})

test('a phone shows two slides and the pagination fits @phone', async ({ page }) => {
  await page.goto('/')
  const region = await carouselReady(page)
  const carousel = carouselOf(region, 'Haftanın Fırsatları')
  expect(await slidesInView(carousel)).toBe(2)
  const pagination = await paginationOf(region).boundingBox()
  const viewport = page.viewportSize()
  expect(pagination && viewport && pagination.x + pagination.width <= viewport.width).toBe(true)
  await expectAccessible(page, 'phone home with carousels')
})

test.describe('footer social links', () => {
  test('the shown networks as named icon links opening in a new tab', async ({ page }) => {
    await page.goto('/')
    const social = page.getByRole('contentinfo').getByRole('navigation', { name: 'Sosyal medya' })
    // The demo data hides Instagram ('0 …').
    const links = social.getByRole('link')
    await expect(links).toHaveCount(4)
    const names = await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))
    expect(names).toEqual(['Facebook', 'Twitter', 'YouTube', 'Pinterest'])
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('href', /^https:\/\//)
      await expect(link).toHaveAttribute('target', '_blank')
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })
})

test.describe('/yonetim', () => {
  test("an administrator goes on to the staff menu's first screen", async ({ page }) => {
    await signIn(page, ADMIN, '/yonetim')
    const menu = page.getByRole('navigation', { name: 'Yönetim sayfaları' })
    const first = menu.getByRole('link').first()
    await expect(first).toHaveAttribute('aria-current', 'page')
    expect(new URL(page.url()).pathname).toBe(await first.getAttribute('href'))
  })

  test('a dealer is told it is for administrators; a guest goes to login', async ({ page }) => {
    await page.goto('/yonetim')
    await expect(page).toHaveURL(/\/account\/login\?next=%2Fyonetim$/)
    await signIn(page, DEALER, '/yonetim')
    await expect(page.getByText('Bu sayfa yöneticiler içindir')).toBeVisible()
    await expect(page).toHaveURL(/\/yonetim$/)
    await expectAccessible(page, 'dealer at /yonetim')
  })
})
