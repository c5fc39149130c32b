import { randomBytes } from 'node:crypto'
import { expectAccessible } from './axe'
import { ADMIN, DEALER2, logIn, signIn } from './fixtures'
import { expect, type Locator, newLivePage, test } from './test'

/*
 * A bank transfer entered twice: the second entry of the same receipt is refused naming the first,
 * the first is taken back with a reason, and the dealer's statement shows the payment and its
 * reversal. The receipt number is this run's own and the dealer (Çağlar Oto) is one no other spec
 * books on, so the test passes in any order and beside any other.
 */

const COMPANY = DEALER2.company
const AMOUNT = { typed: '21,57', kurus: 2157 }

/** Today in the store's calendar (Istanbul, the ledger's), as the pages write a day: 18.03.2026. */
function istanbulToday(): string {
  return new Intl.DateTimeFormat('tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date())
}

/** '1.234,50 ₺' → 123450 (kuruş); '' or '—' → 0. */
function kurus(text: string | null): number {
  const match = /(\d{1,3}(?:\.\d{3})*|\d+),(\d{2})/.exec(text ?? '')
  return match ? Number((match[1] ?? '').replaceAll('.', '')) * 100 + Number(match[2]) : 0
}

/** The statement table's columns (StatementTable): pick, date, document, kind, description, due, debit, credit. */
const COL = { documentNo: 2, kind: 3, description: 4, debit: 6, credit: 7 } as const

const cellsOf = (row: Locator) =>
  row
    .locator(':scope > td, :scope > th')
    .evaluateAll((cells) => cells.map((c) => c.textContent?.trim() ?? ''))

test('a bank transfer entered twice is refused, reversed, and the dealer’s statement shows both lines', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const documentNo = `E2E-TKR-${Date.now()}-${randomBytes(2).toString('hex')}`
  const reason = `e2e: iki kez girildi ${documentNo.slice(-4)}`

  // An administrator enters the transfer for the dealer.
  await signIn(page, ADMIN, '/yonetim/havale')
  await expect(page.getByRole('heading', { level: 1, name: 'Havale / EFT' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Havale / EFT kaydı' })
  const dealer = form.getByRole('combobox', { name: 'Bayi' })
  await dealer.fill(COMPANY.code)
  await page.getByRole('option', { name: `${COMPANY.code} – ${COMPANY.name}` }).click()
  await expect(dealer).toHaveValue(`${COMPANY.code} – ${COMPANY.name}`)
  const amount = form.getByRole('textbox', { name: 'Tutar (TL)' })
  const receipt = form.getByRole('textbox', { name: 'Belge / dekont no' })
  await amount.fill(AMOUNT.typed)
  await receipt.fill(documentNo)
  await form.getByRole('textbox', { name: 'Açıklama' }).fill('e2e çift giriş denemesi')
  await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click()
  await expect(page.getByTestId('transfer-done')).toContainText(`belge no ${documentNo}`)
  await expect(receipt).toHaveValue('')

  // The same receipt again (another amount, the dealer still chosen): refused, naming the first entry.
  await amount.fill('99,00')
  await receipt.fill(documentNo)
  await form.getByRole('button', { name: 'Ödemeyi kaydet' }).click()
  const refusal = form.getByRole('alert')
  await expect(refusal).toContainText('Bu dekont numarası bu bayi için zaten girildi')
  await expect(refusal).toContainText(`${istanbulToday()} tarihli ${AMOUNT.typed} TL tutarındaki havale`)
  await expectAccessible(page, 'bank transfer refused as entered twice')

  // Only the first is listed; it is taken back from its row with a reason.
  const listed = page.getByTestId('transfers-table').getByRole('row').filter({ hasText: documentNo })
  await expect(listed).toHaveCount(1)
  await expect(listed).toContainText(AMOUNT.typed)
  await expect(listed).toContainText('Kayıtlı')
  await listed.getByRole('button', { name: `${documentNo} numaralı havaleyi geri al` }).click()
  const dialog = page.getByRole('dialog', { name: 'Havaleyi geri al' })
  await dialog.getByRole('textbox', { name: /Geri alma nedeni/ }).fill(reason)
  await dialog.getByRole('button', { name: 'Havaleyi geri al' }).click()
  await expect(dialog).toBeHidden()
  await expect(listed).toContainText('Geri alındı')
  await expect(listed).toContainText(reason)

  // The dealer signs in and reads the statement: the payment, then its reversal of the same amount.
  const dealerPage = await newLivePage(browser, { locale: 'tr-TR' })
  const dealerContext = dealerPage.context()
  try {
    await logIn(dealerPage, DEALER2)
    await dealerPage.goto('/hesap/ekstre')
    await expect(dealerPage.getByRole('heading', { level: 1, name: 'Hesap Ekstresi' })).toBeVisible()
    const lines = dealerPage.getByTestId('statement-row').filter({ hasText: documentNo })
    await expect(lines.nth(1)).toBeVisible()
    const [payment, ...reversals] = await Promise.all((await lines.all()).map((line) => cellsOf(line)))
    expect(payment?.[COL.documentNo]).toBe(documentNo)
    expect(payment?.[COL.kind]).toBe('Havale / EFT')
    expect(payment?.[COL.description]).toBe('e2e çift giriş denemesi')
    expect(kurus(payment?.[COL.credit] ?? '')).toBe(AMOUNT.kurus)
    expect(kurus(payment?.[COL.debit] ?? '')).toBe(0)
    expect(reversals.length).toBeGreaterThan(0)
    for (const cells of reversals) {
      expect(cells[COL.kind]).toBe('Havale / EFT ters kaydı')
      expect(cells[COL.description]).toBe(`Havale / EFT ters kaydı (${documentNo}): ${reason}`)
      expect(kurus(cells[COL.credit] ?? '')).toBe(0)
    }
    expect(reversals.reduce((sum, cells) => sum + kurus(cells[COL.debit] ?? ''), 0)).toBe(AMOUNT.kurus)
    // Nothing of the refused second entry reached the account.
    await expect(lines.filter({ hasText: '99,00' })).toHaveCount(0)
  } finally {
    await dealerContext.close()
  }
})
