import { readFileSync } from 'node:fs'
import { expectAccessible } from './axe'
import { ADMIN, addFromCard, DEALER, emptyCartIfNeeded, expectFitsPhoneWidth, signIn } from './fixtures'
import { expect, type Locator, newLivePage, type Page, test } from './test'

/*
 * The dealer's account statement (/hesap/ekstre) and the back office's payment screens. The demo
 * ledger (src/server/db/seed/demo-ledger.ts) is dated from the day the seed ran: for Yıldız Yapı the
 * opening balance 120 days ago, invoices booked 75, 47, 20 and 5 days ago and a bank transfer 30 days
 * ago. Other specs add card payments and orders dated today, so only a past range has fixed figures;
 * anything in the default range is checked by its arithmetic, not its amounts.
 */

// The sandbox virtual POS's test cards and SMS code (docs/payments.md).
const SUCCESS_CARD = '4090 2100 0000 0016'
const DECLINED_CARD = '4183 4200 0000 0019'
const SMS_CODE = '283126'

/** Types the card form as a person does (the inputs are masked, so keys, not a pasted value). */
async function fillCard(page: Page, number: string) {
  await page.getByLabel('Kart Numarası').pressSequentially(number.replaceAll(' ', ''))
  await page.getByLabel('Kart Üzerindeki İsim').fill('AHMET YILMAZ')
  await page.getByLabel(/^Son Kullanma Tarihi/).pressSequentially('1230')
  await page.getByLabel(/^CCV/).pressSequentially('123')
}

/** The sandbox bank's 3-D Secure challenge inside the payment frame: the SMS code, then confirm. */
async function passThreeDs(page: Page) {
  const frame = page.frameLocator('iframe[title="Bankanın güvenli ödeme sayfası"]')
  const code = frame.getByLabel('Cep telefonunuza gönderilen doğrulama kodu')
  await expect(code).toBeVisible({ timeout: 15_000 })
  await code.fill(SMS_CODE)
  await frame.getByRole('button', { name: 'Onayla' }).click()
}

const COMPANY = { code: '120.01.001', name: 'Yıldız Yapı Market Ltd. Şti.' }
const OVERDUE_BANNER = /^Vadesi \d+ gün geçmiş .* ödemeniz bulunmaktadır$/
const CSV_HEADER = 'Tarih;Belge No;Tür;Açıklama;Vade Tarihi;Borç;Alacak;Bakiye;Kalan;Vadesi Geçmiş'

/** The Istanbul day `offset` days from today as YYYY-MM-DD (the ledger's days are Istanbul's). */
function istanbulDay(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date())
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

/** '12.450,75 ₺' → 1245075 (kuruş, so sums are exact); '—' or '' → 0; a minus sign kept. */
function kurus(text: string | null): number {
  const clean = (text ?? '').trim()
  if (clean === '' || clean === '—') return 0
  const match = /([-−]?)\s*(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})/.exec(clean)
  if (!match) throw new Error(`no amount in "${text}"`)
  const value = Number((match[2] ?? '').replaceAll('.', '')) * 100 + Number(match[3])
  return match[1] ? -value : value
}

const tlText = (value: number) => (value / 100).toFixed(2)

/** The text of each cell of a table row (td and th), trimmed. */
const cellsOf = (row: Locator) =>
  row
    .locator(':scope > td, :scope > th')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''))

/** The desktop table's columns (StatementTable): pick, date, document, kind, description, due, debit, credit, balance, open. */
const COL = { documentNo: 2, kind: 3, debit: 6, credit: 7, balance: 8, open: 9 } as const

async function openStatementFromMenu(page: Page) {
  await page.getByRole('button', { name: new RegExp(DEALER.name) }).click()
  await page.getByRole('menuitem', { name: 'Hesap Ekstresi' }).click()
  await expect(page).toHaveURL(/\/hesap\/ekstre$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hesap Ekstresi' })).toBeVisible()
}

/** Checks every row's balance is the one above it plus its debit minus its credit, and the totals. */
async function expectRunningBalance(page: Page) {
  const table = page.getByTestId('statement-table')
  const opening = await cellsOf(table.getByTestId('statement-opening'))
  let balance = kurus(opening[3] ?? '')
  let debits = 0
  let credits = 0
  const rows = table.getByTestId('statement-row')
  const count = await rows.count()
  for (let i = 0; i < count; i++) {
    const cells = await cellsOf(rows.nth(i))
    const debit = kurus(cells[COL.debit] ?? '')
    const credit = kurus(cells[COL.credit] ?? '')
    balance += debit - credit
    debits += debit
    credits += credit
    expect(kurus(cells[COL.balance] ?? ''), `running balance of ${cells[COL.documentNo]}`).toBe(balance)
  }
  const totals = await cellsOf(table.getByTestId('statement-totals'))
  expect(totals.slice(2, 5).map(kurus)).toEqual([debits, credits, balance])
  return { opening: kurus(opening[3] ?? ''), rows: count, closing: balance }
}

test.describe('account statement', () => {
  test('a dealer reads the statement with its running balance, filters a range, downloads the CSV and pays two open items', async ({
    page,
  }) => {
    await signIn(page, DEALER)
    await openStatementFromMenu(page)

    // The page draws its own overdue banner (the layout's stays away), with the statement's figures.
    const banner = page.getByTestId('overdue-banner')
    await expect(banner).toHaveCount(1)
    await expect(banner).toHaveText(OVERDUE_BANNER)

    // The default range (the last 365 days) holds the whole demo ledger, and the balance runs.
    const table = page.getByTestId('statement-table')
    await expect(table).toBeVisible()
    for (const documentNo of [
      'DVR-2025',
      'FTR-000184',
      'FTR-000231',
      'EFT-55120',
      'FTR-000268',
      'FTR-000297',
    ]) {
      await expect(table.getByRole('cell', { name: documentNo, exact: true })).toBeVisible()
    }
    const whole = await expectRunningBalance(page)
    expect(whole.closing).toBeGreaterThan(0)
    await expectAccessible(page, 'statement')

    // A range 60 to 25 days back: one invoice and one bank transfer, the balance before carried over.
    const from = istanbulDay(-60)
    const to = istanbulDay(-25)
    const filter = page.getByRole('form', { name: 'Tarih aralığı' })
    await filter.getByLabel('Başlangıç tarihi').fill(from)
    await filter.getByLabel('Bitiş tarihi').fill(to)
    await filter.getByRole('button', { name: 'Uygula' }).click()
    await expect(page).toHaveURL(new RegExp(`/hesap/ekstre\\?from=${from}&to=${to}$`))
    const rows = table.getByTestId('statement-row')
    await expect(rows).toHaveCount(2)
    await expect(table.getByTestId('statement-opening')).toContainText('17.850,40')
    expect((await cellsOf(rows.nth(0)))[COL.documentNo]).toBe('FTR-000231')
    expect((await cellsOf(rows.nth(0)))[COL.kind]).toBe('Fatura')
    expect((await cellsOf(rows.nth(1)))[COL.documentNo]).toBe('EFT-55120')
    expect((await cellsOf(rows.nth(1)))[COL.kind]).toBe('Havale / EFT')
    const ranged = await expectRunningBalance(page)
    expect(ranged).toEqual({ opening: 1_785_040, rows: 2, closing: 1_245_075 })
    await expectAccessible(page, 'statement, date range')

    // The CSV of the same range: named after it, a BOM for the spreadsheet, the Turkish header row.
    await page.getByRole('button', { name: 'Dışa aktar' }).click()
    const downloading = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'CSV (noktalı virgülle)' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(
      `ekstre-${from.replaceAll('-', '')}-${to.replaceAll('-', '')}.csv`,
    )
    const bytes = readFileSync(await download.path())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = bytes.subarray(3).toString('utf8').split('\r\n')
    expect(lines[0]).toBe(CSV_HEADER)
    expect(
      lines.some((line) => line.startsWith(`${from.split('-').reverse().join('.')};;;Devir bakiyesi;`)),
    ).toBe(true)
    expect(lines.some((line) => line.includes(';FTR-000231;Fatura;'))).toBe(true)
    expect(lines.some((line) => line.includes(';EFT-55120;Havale / EFT;'))).toBe(true)

    // Back to the default range: tick two open debits (whatever other tests have left open).
    await page.goto('/hesap/ekstre')
    const picks = table.getByRole('checkbox', { name: /belgesini ödemek için seç$/ })
    expect(await picks.count()).toBeGreaterThanOrEqual(2)
    const payable = table.getByTestId('statement-row').filter({ has: page.getByRole('checkbox') })
    const chosen: { id: string; open: number }[] = []
    for (const i of [0, 1]) {
      const row = payable.nth(i)
      const id = (await row.getAttribute('data-entry-id')) ?? ''
      const open = kurus(await row.getByTestId('statement-open').textContent())
      expect(open).toBeGreaterThan(0)
      chosen.push({ id, open })
    }
    // Each checkbox names its document.
    const firstNo = (await cellsOf(payable.nth(0)))[COL.documentNo]
    await expect(picks.nth(0)).toHaveAccessibleName(`${firstNo} belgesini ödemek için seç`)

    await picks.nth(0).check()
    const payBar = page.getByRole('region', { name: 'Seçilen kalemler' })
    await expect(payBar).toBeVisible()
    await expect(payBar.getByTestId('statement-selection')).toContainText('1 kalem seçildi')
    await picks.nth(1).check()
    const sum = chosen.reduce((total, item) => total + item.open, 0)
    await expect(payBar.getByTestId('statement-selection')).toContainText('2 kalem seçildi')
    expect(kurus(await payBar.getByTestId('statement-selection').textContent())).toBe(sum)
    await expectAccessible(page, 'statement, two items ticked')

    // "Seçimi temizle" unticks both and hides the bar; tick again and pay.
    await payBar.getByRole('button', { name: 'Seçimi temizle' }).click()
    await expect(payBar).toBeHidden()
    await expect(picks.nth(0)).not.toBeChecked()
    await picks.nth(0).check()
    await picks.nth(1).check()
    await payBar.getByRole('link', { name: 'Seçilenleri Öde' }).click()

    const ids = chosen.map((item) => item.id).join(',')
    await expect(page).toHaveURL(
      new RegExp(`/odeme\\?items=${ids}&amount=${tlText(sum).replace('.', '\\.')}$`),
    )
    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Yap' })).toBeVisible()
    await expect(page.getByTestId('settle-items')).toHaveText(
      'Hesap ekstrenizden seçilen 2 kalem bu ödemeyle kapatılır.',
    )
    await expect(page.getByLabel('Ödenecek Tutar (TL)')).toHaveValue(tlText(sum).replace('.', ','))
    await expectAccessible(page, 'pay on account, chosen items')
  })

  test('an administrator records a bank transfer for a dealer and lists the card payments and links', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const documentNo = `E2E-HVL-${Date.now()}`
    // A small amount throughout: other specs read the demo dealer's overdue banner.
    const AMOUNT = '12,34'

    // The dealer, in a browser of its own, leaves a declined card payment and an open payment link
    // behind (neither changes the account), so the back office's lists have a row of this test's.
    const dealerPage = await newLivePage(browser, { locale: 'tr-TR' })
    const dealerContext = dealerPage.context()
    try {
      await signIn(dealerPage, DEALER, '/odeme')
      await dealerPage.getByLabel('Ödenecek Tutar (TL)').fill(AMOUNT)
      await fillCard(dealerPage, DECLINED_CARD)
      await dealerPage.getByRole('button', { name: 'Ödeme Yap' }).click()
      await passThreeDs(dealerPage)
      await expect(dealerPage.getByRole('alert').filter({ hasText: 'Yetersiz bakiye.' })).toBeVisible({
        timeout: 20_000,
      })
      await dealerPage.getByRole('button', { name: 'Ödeme Bağlantısı' }).click()
      const modal = dealerPage.getByRole('dialog')
      await modal.getByLabel('Tutar (TL)').fill(AMOUNT)
      await modal.getByRole('button', { name: 'Bağlantı Oluştur' }).click()
      await expect(modal.getByText('Ödeme bağlantısı oluşturuldu.')).toBeVisible()

      await signIn(page, ADMIN)

      // The statement is a dealer's page: an administrator is told so.
      await page.goto('/hesap/ekstre')
      await expect(page.getByText('Hesap ekstresi bayi hesapları içindir')).toBeVisible()
      await expect(page.getByTestId('statement-table')).toHaveCount(0)

      // From the staff menu to the transfer form.
      await page.getByRole('button', { name: /^Hesap menüsü/ }).click()
      await page.getByRole('menuitem', { name: 'Yönetim' }).click()
      const staffMenu = page.getByRole('navigation', { name: 'Yönetim sayfaları' })
      await staffMenu.getByRole('link', { name: 'Havale / EFT' }).click()
      await expect(page).toHaveURL(/\/yonetim\/havale$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Havale / EFT' })).toBeVisible()
      await expect(staffMenu.getByRole('link', { name: 'Havale / EFT' })).toHaveAttribute(
        'aria-current',
        'page',
      )
      const form = page.getByRole('form', { name: 'Havale / EFT kaydı' })
      await expectAccessible(page, 'bank transfer form')

      // Sent empty, every required field says what it needs.
      await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click()
      await expect(form.getByText('Bayi seçiniz.')).toBeVisible()
      await expect(form.getByText("0'dan büyük bir tutar giriniz (en fazla 2 ondalık).")).toBeVisible()
      await expect(form.getByText('Belge numarası giriniz.')).toBeVisible()
      await expectAccessible(page, 'bank transfer form, errors')

      // The dealer picker searches the server by code or name.
      const dealer = form.getByRole('combobox', { name: 'Bayi' })
      await dealer.fill(COMPANY.code)
      await page.getByRole('option', { name: `${COMPANY.code} – ${COMPANY.name}` }).click()
      await expect(dealer).toHaveValue(`${COMPANY.code} – ${COMPANY.name}`)
      await form.getByRole('textbox', { name: 'Tutar (TL)' }).fill(AMOUNT)
      await form.getByRole('textbox', { name: 'Belge / dekont no' }).fill(documentNo)
      await form.getByRole('textbox', { name: 'Açıklama' }).fill('e2e havale kaydı')
      await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click()

      const done = page.getByTestId('transfer-done')
      await expect(done).toHaveText(
        new RegExp(
          `^${COMPANY.name.replaceAll('.', '\\.')}: .*12,34.* tutarındaki ödeme kaydedildi \\(belge no ${documentNo}\\)\\. Vadesi geçmiş bakiye şimdi .+ \\(\\d+ gün\\)\\.$`,
        ),
      )
      await expect(page.getByText(`${COMPANY.name} için ödeme kaydedildi.`)).toBeVisible()
      // The form is ready for the next transfer; the dealer stays chosen.
      await expect(form.getByRole('textbox', { name: 'Belge / dekont no' })).toHaveValue('')
      await expect(dealer).toHaveValue(`${COMPANY.code} – ${COMPANY.name}`)
      // The screen as it is right after saving, its toast included (the toast's × is a button too).
      const toast = page.locator('.mantine-Notification-root')
      await expect(toast).toBeVisible()
      await expectAccessible(page, 'bank transfer recorded, toast shown')
      await expect(toast).toBeHidden({ timeout: 10_000 })
      await expectAccessible(page, 'bank transfer recorded')

      // The transfer is listed on the dealer's statement as a credit.
      await dealerPage.goto('/hesap/ekstre')
      const row = dealerPage.getByTestId('statement-row').filter({ hasText: documentNo })
      await expect(row).toHaveCount(1)
      const cells = await cellsOf(row)
      expect(cells[COL.kind]).toBe('Havale / EFT')
      expect(cells[4]).toBe('e2e havale kaydı')
      expect(kurus(cells[COL.credit] ?? '')).toBe(1234)
      expect(kurus(cells[COL.debit] ?? '')).toBe(0)
      await expectRunningBalance(dealerPage)

      // The same receipt entered again is refused, naming the first entry; nothing is booked.
      await form.getByRole('textbox', { name: 'Tutar (TL)' }).fill(AMOUNT)
      await form.getByRole('textbox', { name: 'Belge / dekont no' }).fill(documentNo.toLowerCase())
      await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click()
      await expect(form.getByRole('alert')).toContainText('Bu dekont numarası bu bayi için zaten girildi')
      await expect(form.getByRole('alert')).toContainText('12,34 TL tutarındaki havale')

      // Listed below the form, and taken back from its row with a reason.
      const listed = page.getByTestId('transfers-table').getByRole('row').filter({ hasText: documentNo })
      await expect(listed).toHaveCount(1)
      await expect(listed).toContainText('Kayıtlı')
      await listed.getByRole('button', { name: `${documentNo} numaralı havaleyi geri al` }).click()
      const dialog = page.getByRole('dialog', { name: 'Havaleyi geri al' })
      await expect(dialog.getByRole('textbox', { name: /Geri alma nedeni/ })).toBeFocused()
      await expectAccessible(page, 'bank transfer reversal dialog')
      await dialog.getByRole('textbox', { name: /Geri alma nedeni/ }).fill('e2e: yanlış bayi')
      await dialog.getByRole('button', { name: 'Havaleyi geri al' }).click()
      await expect(dialog).toBeHidden()
      await expect(listed).toContainText('Geri alındı')
      await expect(listed).toContainText('e2e: yanlış bayi')
      await expect(listed.getByRole('button', { name: /geri al$/ })).toHaveCount(0)

      // The dealer's statement shows both lines: the credit and the reversing debit of the same amount.
      await dealerPage.reload()
      const lines = dealerPage.getByTestId('statement-row').filter({ hasText: documentNo })
      // The transfer, then its reversal: one debit per due day of what it had paid (12,34 in all).
      await expect(lines.nth(1)).toBeVisible()
      const [, ...reversals] = await Promise.all((await lines.all()).map((line) => cellsOf(line)))
      expect(reversals.length).toBeGreaterThan(0)
      for (const cells of reversals) {
        expect(cells[COL.kind]).toBe('Havale / EFT ters kaydı')
        expect(cells[4]).toBe(`Havale / EFT ters kaydı (${documentNo}): e2e: yanlış bayi`)
      }
      expect(reversals.reduce((sum, cells) => sum + kurus(cells[COL.debit] ?? ''), 0)).toBe(1234)
      await expectRunningBalance(dealerPage)

      // The audit trail has both writes: the entry, then its reversal with the reason.
      await staffMenu.getByRole('link', { name: 'Değişiklik kaydı' }).click()
      await expect(page).toHaveURL(/\/yonetim\/denetim$/)
      const audited = page.getByTestId('audit-table').getByRole('row')
      const reversalRow = audited.filter({ hasText: 'Neden: — → e2e: yanlış bayi' })
      await expect(reversalRow).toHaveCount(1)
      await expect(reversalRow).toContainText('Ters kayıt')
      await expect(reversalRow).toContainText('Ters kayıt yapıldı: Hayır → Evet')
      await expect(audited.filter({ hasText: `Dekont no: — → ${documentNo}` })).toHaveCount(1)
      await expectAccessible(page, 'audit trail')

      // The card payments: the dealer's declined attempt is among the failed ones, with the bank's reason.
      await staffMenu.getByRole('link', { name: 'Ödemeler' }).click()
      await expect(page).toHaveURL(/\/yonetim\/odemeler$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Kartlı ödemeler' })).toBeVisible()
      const paymentStatus = page.getByRole('combobox', { name: 'Durum' })
      await expect(paymentStatus).toHaveValue('all')
      await expect(page.getByTestId('payment-row').first()).toBeVisible()
      await expectAccessible(page, 'staff card payments')
      await paymentStatus.selectOption({ label: 'Başarısız' })
      await expect(page).toHaveURL(/\/yonetim\/odemeler\?status=failed$/)
      const failed = page
        .getByTestId('payment-row')
        .filter({ hasText: COMPANY.name })
        .filter({ hasText: AMOUNT })
        .first()
      await expect(failed).toContainText('Başarısız')
      await expect(failed).toContainText('Yetersiz bakiye.')
      // The status badge reads in full beside the staff menu at 1366 px and at this browser's 1280.
      for (const width of [1366, 1280]) {
        await page.setViewportSize({ width, height: 800 })
        const label = failed.locator('.mantine-Badge-label').filter({ hasText: 'Başarısız' })
        expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
      }
      await page.setViewportSize({ width: 1280, height: 720 })
      await expect(failed).toContainText('418342******0019')
      await expect(failed).toContainText('Cari ödeme')

      // The payment links: the dealer's link is open.
      await staffMenu.getByRole('link', { name: 'Ödeme linkleri' }).click()
      await expect(page).toHaveURL(/\/yonetim\/odeme-baglantilari$/)
      await expect(page.getByRole('heading', { level: 1, name: 'Ödeme linkleri' })).toBeVisible()
      const link = page.getByTestId('link-row').filter({ hasText: COMPANY.name }).filter({ hasText: AMOUNT })
      await expect(link.first()).toContainText('Açık')
      await expectAccessible(page, 'staff payment links')
    } finally {
      await dealerContext.close()
    }
  })

  test('a dealer is refused on the back-office payment screens', async ({ page }) => {
    await signIn(page, DEALER)
    for (const [path, title] of [
      ['/yonetim/havale', 'Havale / EFT'],
      ['/yonetim/odemeler', 'Kartlı ödemeler'],
      ['/yonetim/odeme-baglantilari', 'Ödeme linkleri'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
      await expect(page.getByText('Bu sayfa yöneticiler içindir')).toBeVisible()
      await expect(page.getByRole('navigation', { name: 'Yönetim sayfaları' })).toHaveCount(0)
      await expect(page.getByRole('form')).toHaveCount(0)
      await expect(page.getByRole('table')).toHaveCount(0)
    }
    await expectAccessible(page, 'staff page refused to a dealer')
  })

  test('the statement and the payment pages fit a phone @phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, DEALER)

    // The statement: a card per entry, the filter, the export menu and, once ticked, the pay bar.
    await page.goto('/hesap/ekstre')
    await expect(page.getByTestId('statement-cards')).toBeVisible()
    await expect(page.getByTestId('statement-table')).toHaveCount(0)
    const cards = page.getByTestId('statement-row')
    const pick = page.getByRole('checkbox', { name: /belgesini ödemek için seç$/ }).first()
    await expectFitsPhoneWidth(
      page,
      page.getByTestId('overdue-banner'),
      page.getByLabel('Başlangıç tarihi'),
      page.getByLabel('Bitiş tarihi'),
      page.getByRole('button', { name: 'Uygula' }),
      page.getByRole('button', { name: 'Dışa aktar' }),
      cards.first(),
      cards.last(),
      pick,
      page.getByTestId('statement-totals'),
    )
    await expectAccessible(page, 'phone statement')
    await pick.check()
    const payBar = page.getByRole('region', { name: 'Seçilen kalemler' })
    await expectFitsPhoneWidth(
      page,
      payBar.getByTestId('statement-selection'),
      payBar.getByRole('button', { name: 'Seçimi temizle' }),
      payBar.getByRole('link', { name: 'Seçilenleri Öde' }),
    )
    await expectAccessible(page, 'phone statement, pay bar')

    // Paying on account.
    await payBar.getByRole('link', { name: 'Seçilenleri Öde' }).click()
    await expect(page).toHaveURL(/\/odeme\?items=\d+&amount=[\d.]+$/)
    await page.getByLabel('Kart Numarası').pressSequentially(SUCCESS_CARD.replaceAll(' ', ''))
    await page.getByLabel('Kart Üzerindeki İsim').fill('AHMET YILMAZ')
    await expectFitsPhoneWidth(
      page,
      page.getByRole('heading', { level: 1, name: 'Ödeme Yap' }),
      page.getByTestId('settle-items'),
      page.getByLabel('Ödenecek Tutar (TL)'),
      page.getByLabel('Kart Numarası'),
      page.getByLabel(/^Son Kullanma Tarihi/),
      page.getByLabel(/^CCV/),
      page.getByRole('button', { name: 'Ödeme Yap' }),
    )
    await expectAccessible(page, 'phone pay on account')

    // The cart in a card plan, both steps of its checkout.
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)
    await page.goto('/sepet')
    await page
      .getByRole('radiogroup', { name: 'Ödeme Planı' })
      .getByRole('radio', { name: /Kredi Kartı/ })
      .check()
    await page.getByRole('button', { name: 'Ödeme Yap' }).click()
    await expect(page).toHaveURL(/\/odeme\/sepet\?plan=\d+/)
    await expect(page.getByText('Açık Ağız Anahtar 24 mm').first()).toBeVisible()
    await expectFitsPhoneWidth(
      page,
      page.getByRole('heading', { level: 1, name: 'Sepet Önizleme' }),
      page.getByText('Açık Ağız Anahtar 24 mm').first(),
      page.getByRole('button', { name: 'Sepete Dön' }),
      page.getByRole('button', { name: 'Ödeme Bilgilerine Geç' }),
    )
    await expectAccessible(page, 'phone checkout preview')
    await page.getByRole('button', { name: 'Ödeme Bilgilerine Geç' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Bilgileri' })).toBeVisible()
    await page.getByLabel('Kart Numarası').pressSequentially(SUCCESS_CARD.replaceAll(' ', ''))
    await expectFitsPhoneWidth(
      page,
      page.getByLabel('Kart Numarası'),
      page.getByLabel('Kart Üzerindeki İsim'),
      page.getByLabel(/^CCV/),
      page.getByRole('button', { name: 'Sepet Önizlemeye Dön' }),
      page.getByRole('button', { name: 'Ödeme Yap' }),
    )
    await expectAccessible(page, 'phone checkout payment form')

    // Leave the shared dealer's cart as other tests expect to find it.
    await emptyCartIfNeeded(page)
  })
})
