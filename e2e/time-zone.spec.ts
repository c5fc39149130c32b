import { ADMIN, addFromCard, DEALER, emptyCartIfNeeded, logIn } from './fixtures'
import { type OwnServer, startOwnServer } from './own-server'
import { type Browser, expect, newLivePage, type Page, test } from './test'

// Every date and time is drawn in the store's time zone (Istanbul, the demo's), on the server and in the
// browser alike. This spec runs its own server with TZ=America/New_York and browsers in UTC: a page
// drawn in one zone and taken over in another showed React's error #418 (hydration text mismatch) and
// the visitor's clock instead of the store's.

const SERVER_ZONE = 'America/New_York'
const BROWSER_ZONE = 'UTC'
const PRODUCT = 'Açık Ağız Anahtar 24 mm'
// The sandbox virtual POS's declined test card and SMS code (docs/payments.md).
const DECLINED_CARD = '4183420000000019'
const SMS_CODE = '283126'

/** A moment as Turkish pages write it in Istanbul: '28.11.2026 01:05' (worked out here, not by the app). */
function inIstanbul(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  )
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`
}

let own: OwnServer | null = null
let baseURL = ''

test.beforeAll(async () => {
  test.setTimeout(240_000)
  own = await startOwnServer('zone', { TZ: SERVER_ZONE })
  baseURL = own.baseURL
})

test.afterAll(async () => {
  await own?.stop()
})

/** A page in a browser context in UTC, against the New York server, noting hydration errors. */
async function zonePage(browser: Browser): Promise<{ page: Page; hydrationErrors: string[] }> {
  // goto returns once the app has taken the page over: a click on a server-drawn button before that
  // goes nowhere (the order button on a busy machine did).
  const page = await newLivePage(browser, { baseURL, timezoneId: BROWSER_ZONE, locale: 'tr-TR' })
  const hydrationErrors: string[] = []
  const note = (text: string) => {
    if (/#418|hydrat/i.test(text)) hydrationErrors.push(`${page.url()}: ${text.slice(0, 300)}`)
  }
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(message.text())
  })
  page.on('pageerror', (error) => note(`${error.message} ${error.stack ?? ''}`))
  // The app says when it has taken a page over (components/AppLayout's LiveSignal).
  await page.addInitScript(() => {
    window.addEventListener('toptan:live', () => {
      ;(window as { toptanLive?: boolean }).toptanLive = true
    })
  })
  return { page, hydrationErrors }
}

/**
 * Opens a page drawn by the server, waits until the browser has taken it over and finds no hydration
 * error while it did.
 */
async function openDrawn({ page, hydrationErrors }: { page: Page; hydrationErrors: string[] }, url: string) {
  await page.goto(url)
  await expect(page.locator('#ssr-state')).toHaveCount(1)
  await page.waitForFunction(() => (window as { toptanLive?: boolean }).toptanLive === true)
  // A moment for anything the page does once live (a mismatch is reported while taking over).
  await page.waitForTimeout(300)
  expect.soft(hydrationErrors.splice(0), `hydration errors on ${url}`).toEqual([])
}

test.describe("dates and times in the store's time zone", () => {
  test('a UTC browser and a New York server both show Istanbul time, with no hydration error', async ({
    browser,
  }) => {
    test.setTimeout(180_000)
    expect(Intl.DateTimeFormat('en', { timeZone: 'Europe/Istanbul' }).resolvedOptions().timeZone).toBe(
      'Europe/Istanbul',
    )
    const dealer = await zonePage(browser)
    const { page } = dealer
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE)

    // A dealer orders, makes an offer, searches and files a fault report: things with times.
    // Through the login page: the saved sessions are the suite's servers', not this one's.
    await logIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, PRODUCT, 1, 1)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Sipariş Ver' }).click()
    await expect(page).toHaveURL(/\/siparis\/\d+$/)
    const orderId = /\/siparis\/(\d+)$/.exec(page.url())![1]!
    const order = await (await page.request.get(`/api/catalog/order/${orderId}`)).json()
    const orderTime = inIstanbul(order.date)

    await addFromCard(page, PRODUCT, 1, 1)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Teklif Oluştur' }).click()
    await expect(page).toHaveURL(/\/teklif\/liste$/)
    const offers = await (await page.request.get('/api/catalog/offers')).json()
    const offerTime = inIstanbul(offers.items[0].date)

    // A card payment on account the bank declines: a payment row on the staff's list all the same.
    await page.goto('/odeme')
    await page.getByLabel('Ödenecek Tutar (TL)').fill('150,00')
    await page.getByLabel('Kart Numarası').pressSequentially(DECLINED_CARD)
    await page.getByLabel('Kart Üzerindeki İsim').fill('AHMET YILMAZ')
    await page.getByLabel(/^Son Kullanma Tarihi/).pressSequentially('1230')
    await page.getByLabel(/^CCV/).pressSequentially('123')
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()
    const bank = page.frameLocator('iframe[title="Bankanın güvenli ödeme sayfası"]')
    await bank.getByLabel('Cep telefonunuza gönderilen doğrulama kodu').fill(SMS_CODE, { timeout: 15_000 })
    await bank.getByRole('button', { name: 'Onayla' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Yetersiz bakiye.' })).toBeVisible({
      timeout: 20_000,
    })

    await page.goto('/arama?q=anahtar')
    await expect(page.getByTestId('product-card').first()).toBeVisible()

    await page.goto('/ariza-bildirimi')
    await page.getByRole('textbox', { name: /^Ürün Kodu/ }).fill(order.orderItems[0].code)
    await page.getByRole('textbox', { name: /^Arıza Açıklaması/ }).fill('Saat dilimi denemesi.')
    await page.getByRole('textbox', { name: /^İletişim Telefonu/ }).fill('0532 123 45 67')
    await page.getByRole('button', { name: 'Bildirimi Gönder' }).click()
    await expect(page.getByTestId('fault-report-sent')).toBeVisible()
    const reports = await (await page.request.get('/api/catalog/fault-reports')).json()
    const reportTime = inIstanbul(reports.items[0].createdAt)

    // The dealer's pages, drawn by the server and taken over by the browser.
    await openDrawn(dealer, '/siparis/liste')
    await expect(page.getByTestId('order-row').first()).toContainText(orderTime)
    await openDrawn(dealer, `/siparis/${orderId}`)
    await expect(page.getByTestId('order-date')).toContainText(orderTime)
    await openDrawn(dealer, '/teklif/liste')
    await expect(page.getByTestId('offer-row').first()).toContainText(offerTime)
    await openDrawn(dealer, '/ariza-bildirimi')
    await expect(page.getByTestId('fault-report-row').first()).toContainText(reportTime)

    // Staff screens with times; the dealer stays online meanwhile.
    const staff = await zonePage(browser)
    await logIn(staff.page, ADMIN)
    for (const url of [
      '/yonetim/odemeler',
      '/yonetim/e-postalar',
      '/yonetim/ariza-bildirimleri',
      '/yonetim/aramalar',
      '/yonetim/online-kullanicilar',
    ]) {
      await openDrawn(staff, url)
      if (url === '/yonetim/odemeler') {
        const payments = await (await staff.page.request.get('/yonetim/payments')).json()
        await expect(staff.page.getByTestId('payment-row').first()).toContainText(
          inIstanbul(payments.items[0].createdAt),
        )
      }
      if (url === '/yonetim/ariza-bildirimleri') {
        await expect(staff.page.getByTestId('fault-report-row').first()).toContainText(reportTime)
      }
    }
    await expect(staff.page.getByTestId('online-user').first()).toBeVisible()

    expect(dealer.hydrationErrors).toEqual([])
    expect(staff.hydrationErrors).toEqual([])
    await staff.page.context().close()
    await page.context().close()
  })
})
