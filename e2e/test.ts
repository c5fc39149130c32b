import { type Browser, type BrowserContextOptions, test as base, type Page } from '@playwright/test'
import { serverURL } from './servers'

/**
 * The app says it has taken a server-drawn page over (AppLayout's LiveSignal): also after a full load
 * a click started (switching the language), which `goto` does not see.
 */
export async function untilLive(page: Page) {
  await page.waitForFunction(
    () =>
      (window as { e2eLive?: boolean }).e2eLive === true ||
      // A page the app does not run on (a print or the bank's page) has no entry script.
      !document.querySelector('script[data-entry]'),
    undefined,
    { timeout: 30_000 },
  )
}

/**
 * Makes the page's `goto` return once the app has taken the page over (see `test` below): for the
 * pages of a second browser context a test opens itself, as the fixture's page does.
 */
export async function waitForLiveOnGoto(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener('toptan:live', () => {
      ;(window as { e2eLive?: boolean }).e2eLive = true
    })
  })
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await untilLive(page)
    return response
  }
}

/**
 * A page in a new browser context (a second person, another device) whose `goto` waits for the app
 * as the fixture's page does; its context is `page.context()`.
 */
export async function newLivePage(browser: Browser, options?: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options)
  const page = await context.newPage()
  await waitForLiveOnGoto(page)
  return page
}

/**
 * Playwright's test, with each worker pointed at its own server (servers.ts), and `page.goto`
 * returning once the app has taken the page over, as a person's first click meets it on a quick
 * device: on two busy cores a click 0.4 s after the load event once went nowhere (the offer was never
 * asked for). What a visitor does before that moment is the subject of server-render.spec.ts and
 * first-paint.spec.ts, which turn this off with `test.use({ waitUntilLive: false })`.
 */
export const test = base.extend<{ waitUntilLive: boolean }>({
  waitUntilLive: [true, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's destructuring; this one has none
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
  page: async ({ page, waitUntilLive }, use) => {
    if (waitUntilLive) await waitForLiveOnGoto(page)
    await use(page)
  },
})
export type {
  APIRequestContext,
  Browser,
  BrowserContext,
  FrameLocator,
  Locator,
  Page,
} from '@playwright/test'
export { expect } from '@playwright/test'
