import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test'
import { serverDataDir } from './servers'

export const DEALER = { email: 'bayi@toptan.test', password: 'Bayi1234!', name: 'Ahmet Yılmaz' }
export const ADMIN = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }
/**
 * The demo's dealer of Çağlar Oto (another company than DEALER's): no other spec signs in with it, so
 * a test that books on its account reads its statement without another spec's entries in the way.
 */
export const DEALER2 = {
  email: 'bayi2@toptan.test',
  password: 'Bayi1234!',
  name: 'Ayşe Demir',
  company: { code: '120.01.002', name: 'Çağlar Oto Yedek Parça San. ve Tic. A.Ş.' },
}
/** The demo's staff user of the read-only role. */
export const READONLY = { email: 'izleyici@toptan.test', password: 'Izleyici1234!' }
/** The demo's staff user of the sales role. */
export const SALES = { email: 'satis@toptan.test', password: 'Satis1234!' }

/**
 * Where the setup project (auth.setup.ts) keeps the signed-in browser state of each shared account
 * on the server of worker slot `slot` (servers.ts); by default the running test's own.
 */
export const authFile = (account: { email: string }, slot = test.info().parallelIndex) =>
  path.join(serverDataDir(slot), 'auth', `${account.email}.json`)

/**
 * Opens `at` (the home page unless told) as the demo dealer or a staff user with the session the setup
 * project logged in once (its storageState), instead of logging in through the page again: for every
 * test but those that test logging in or out, which use logIn. The page the server drew must name that
 * user in its bootstrap data; a test that starts on another page lands there at once rather than
 * loading the home page first.
 */
export async function signIn(
  page: Page,
  account: typeof DEALER | typeof ADMIN | typeof READONLY | typeof SALES,
  at = '/',
) {
  const state = JSON.parse(readFileSync(authFile(account), 'utf8')) as {
    cookies: Parameters<BrowserContext['addCookies']>[0]
  }
  await page.context().addCookies(state.cookies)
  await page.goto(at)
  const bootstrap = await page.locator('script#bootstrap').textContent()
  const user = (JSON.parse(bootstrap ?? 'null') as { user?: { email?: string } | null } | null)?.user
  expect(user?.email, `signed in as ${account.email} on ${at}`).toBe(account.email)
}

/** Logs in through the real login page, as a person would, and waits for the home page. */
export async function logIn(
  page: Page,
  account: { email: string; password: string },
  path = '/account/login',
) {
  await page.goto(path)
  await page.getByLabel(/E-posta|E-mail/).fill(account.email)
  await page.getByLabel(/^(Şifre|Password)/).fill(account.password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => !url.pathname.endsWith('/account/login'))
  // A dealer lands on the home page, staff in the staff area.
  await expect(
    page
      .getByRole('heading', { name: /Hoş geldiniz, |Welcome, / })
      .or(page.getByRole('navigation', { name: /^(Yönetim sayfaları|Staff pages)$/ })),
  ).toBeVisible()
}

/**
 * The headers the page's own script sends with a write: its CSRF token, X-Requested-With, and the
 * page's origin, which a browser names on every write (the API refuses a write without it: 403
 * bad_origin).
 */
export const writeHeaders = (csrf: string, origin: string) => ({
  'x-csrf-token': csrf,
  'x-requested-with': 'XMLHttpRequest',
  origin,
})

/** writeHeaders with the open page's token and origin, for a write through `page.request`. */
export async function pageWriteHeaders(page: Page) {
  const csrf = (await page.locator('meta[name="csrf-token"]').getAttribute('content')) ?? ''
  return writeHeaders(csrf, new URL(page.url()).origin)
}

/** '1.234,50 ₺' → 1234.5 */
export function money(text: string | null): number {
  const match = /(\d{1,3}(?:\.\d{3})*,\d{2})/.exec(text ?? '')
  if (!match?.[1]) throw new Error(`no amount in "${text}"`)
  return Number(match[1].replaceAll('.', '').replace(',', '.'))
}

export const cartButton = (page: Page) => page.getByTestId('cart-button')

export async function expectCount(page: Page, count: number) {
  await expect(cartButton(page)).toHaveAccessibleName(`Sepet, ${count} ürün`)
}

/** Opens the header's mini cart and returns it. */
export async function openMiniCart(page: Page): Promise<Locator> {
  await cartButton(page).click()
  const dialog = page.getByRole('dialog', { name: /^Sepet, / })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Empties the cart through the mini cart when it holds anything (tests share the demo dealer). */
export async function emptyCartIfNeeded(page: Page) {
  await expect(cartButton(page)).toHaveAccessibleName(/^Sepet, \d+ ürün$/)
  const mini = await openMiniCart(page)
  const clear = mini.getByRole('button', { name: 'Sepeti Boşalt' })
  await expect(clear.or(mini.getByText('Sepetinizde ürün bulunmamaktadır.'))).toBeVisible()
  if (await clear.isVisible()) {
    await clear.click()
    await page.getByRole('button', { name: 'Evet, boşalt' }).click()
  } else {
    await page.keyboard.press('Escape')
  }
  await expectCount(page, 0)
}

export const cardOf = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('link', { name, exact: true }) })

/** Puts `quantity` of a product into the cart from its grid card. */
export async function addFromCard(page: Page, name: string, quantity: number, count: number) {
  await page.goto('/el-aletleri?view=grid')
  const card = cardOf(page, name)
  for (let i = 1; i < quantity; i++) await card.getByRole('button', { name: 'Miktarı artır' }).click()
  await expect(card.getByRole('textbox')).toHaveValue(String(quantity))
  await card.getByRole('button', { name: 'Sepete Ekle' }).click()
  await expectAdded(page)
  await expectCount(page, count)
}

/**
 * The page said a product went into the cart. Read from the live region, which keeps the words: the
 * button shows 'Sepete Eklendi' for 1.25 s only, which a busy machine's answer can leave too little of
 * to see. Call it after a fresh page load, where nothing was announced before.
 */
export async function expectAdded(page: Page) {
  await expect(page.getByTestId('live-region')).toHaveText(/Sepete Eklendi|Added to cart/, {
    timeout: 20_000,
  })
}

/** Whether a raw message's To header is this address. */
const addressedTo = (raw: string, address: string) =>
  raw.split(/\r?\n/).some((line) => line.toLowerCase() === `to: ${address.toLowerCase()}`)

/**
 * The .eml files this worker's server wrote (no SMTP_URL in the end-to-end run) that mention `text`,
 * only those to `to` when it is given (a new order also mails the store).
 */
export function mailsMentioning(text: string, to?: string): string[] {
  const outbox = path.join(serverDataDir(test.info().parallelIndex), 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return []
  }
  return files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((raw) => raw.includes(text) && (to === undefined || addressedTo(raw, to)))
}

/**
 * The link's token out of an .eml file: its text part may be quoted-printable (soft line breaks, '='
 * written as =3D) or base64, as the mailer chose for the text.
 */
export function linkTokenIn(raw: string): string | null {
  const pattern = /sifre-belirle\?token=([A-Za-z0-9_-]{43})/
  const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')
  const plain = pattern.exec(unwrapped)?.[1]
  if (plain) return plain
  for (const block of raw.split(/\r?\n\r?\n/)) {
    const decoded = Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8')
    const found = pattern.exec(decoded)?.[1]
    if (found) return found
  }
  return null
}

/**
 * The page needs no sideways scroll (document.documentElement.scrollWidth ≤ window.innerWidth), and
 * each of `locators` lies inside the viewport's width where it is — measured before anything scrolls,
 * so a button pushed out of a sideways-scrolling box counts as outside — and in the viewport once
 * scrolled to vertically.
 */
export async function expectFitsPhoneWidth(page: Page, ...locators: Locator[]) {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ])
  expect(scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(innerWidth)
  for (const locator of locators) {
    await expect(locator).toBeVisible()
    // Measured again until it holds: a staff page drawn on the server for a desktop is drawn again in
    // its phone layout once the browser knows its width, and the element may be replaced meanwhile.
    await expect(async () => {
      const box = await locator.boundingBox()
      if (!box) throw new Error(`no box for ${locator}`)
      expect(box.x, `${locator} starts left of the screen`).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${locator} ends right of the screen`).toBeLessThanOrEqual(innerWidth)
    }).toPass({ timeout: 10_000 })
    await locator.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }))
    await expect(locator).toBeInViewport({ ratio: 1 })
  }
}
