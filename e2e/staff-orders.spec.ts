import ExcelJS from 'exceljs'
import { expectAccessible } from './axe'
import { addFromCard, DEALER, emptyCartIfNeeded, mailsMentioning, SALES, signIn } from './fixtures'
import { expect, newLivePage, test } from './test'

test.describe("staff move a dealer's order", () => {
  test('a sales user ships an order; the dealer sees the status, its history and the note, and is mailed each step', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The dealer orders one line.
    await signIn(page, DEALER)
    await emptyCartIfNeeded(page)
    await addFromCard(page, 'Açık Ağız Anahtar 24 mm', 1, 1)
    await page.goto('/sepet')
    await page.getByRole('button', { name: 'Sipariş Ver' }).click()
    await expect(page).toHaveURL(/\/siparis\/\d+$/)
    const orderNo = ((await page.getByTestId('order-no').textContent()) ?? '').trim()
    expect(orderNo).toMatch(/^S\d{4}-\d{6}$/)

    // The sales user finds it by its number in the list of every dealer's orders.
    const staff = await newLivePage(browser, { baseURL, locale: 'tr-TR' })
    const context = staff.context()
    await signIn(staff, SALES, `/yonetim/siparisler?q=${orderNo}`)
    await expect(staff.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible()
    const table = staff.getByTestId('staff-orders-table')
    await expect(table.getByRole('row').filter({ hasText: orderNo })).toContainText('Yeni')
    await expectAccessible(staff, 'staff orders')

    // The list as a spreadsheet: the file the browser saves holds the order's line.
    await staff.getByRole('button', { name: 'Dışa aktar' }).click()
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^siparisler-\d{8}-\d{4}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await download.path())
    const rows = workbook.getWorksheet('Siparişler')!.getSheetValues().slice(2) as unknown[][]
    expect(rows.map((cells) => [cells[1], cells[12]])).toEqual([[orderNo, 'Açık Ağız Anahtar 24 mm']])

    await staff.getByRole('button', { name: `${orderNo} numaralı siparişi aç` }).click()
    const drawer = staff.getByRole('dialog', { name: orderNo })
    await expect(drawer.getByRole('heading', { name: `Sipariş ${orderNo}` })).toBeVisible()
    await expect(drawer).toContainText('Açık Ağız Anahtar 24 mm')
    // The first next step is offered; saving it moves the order.
    await expect(drawer.getByRole('combobox', { name: 'Yeni durum' })).toHaveValue('Hazırlanıyor')
    await drawer.getByRole('button', { name: 'Kaydet' }).click()
    await expect(staff.getByText(`${orderNo}: Hazırlanıyor`)).toBeVisible()
    await expect(drawer.getByRole('combobox', { name: 'Yeni durum' })).toHaveValue('Sevk edildi')

    // A typed note is not lost by a stray Escape: the drawer asks first.
    await drawer.getByRole('textbox', { name: 'Bayiye not' }).fill('Kargo: YK-123456')
    await staff.keyboard.press('Escape')
    const unsaved = drawer.getByTestId('order-unsaved')
    await expect(unsaved).toContainText('Kaydedilmemiş not')
    await expect(unsaved.getByRole('button', { name: 'Geri dön' })).toBeFocused()
    await unsaved.getByRole('button', { name: 'Geri dön' }).click()
    await expect(drawer.getByRole('textbox', { name: 'Bayiye not' })).toHaveValue('Kargo: YK-123456')
    await drawer.getByRole('button', { name: 'Kaydet' }).click()
    await expect(staff.getByText(`${orderNo}: Sevk edildi`)).toBeVisible()
    const history = drawer.getByTestId('order-history-step')
    await expect(history).toHaveCount(2)
    await expect(history.nth(1)).toContainText('Sevk edildi')
    await expect(history.nth(1)).toContainText('Elif Şahin')
    await expect(history.nth(1)).toContainText('Kargo: YK-123456')
    await expectAccessible(staff, 'staff order drawer')
    await context.close()

    // The dealer sees where the order stands, how it got there and the note.
    await page.goto('/siparis/liste')
    const row = page.getByTestId('order-row').filter({ hasText: orderNo })
    await expect(row).toContainText('Sevk edildi')
    await row.getByRole('button', { name: `${orderNo} numaralı siparişin ürünlerini göster` }).click()
    const steps = page.getByTestId('order-details').getByTestId('order-history-step')
    await expect(steps).toHaveCount(2)
    await expect(steps.nth(1)).toContainText('Satıcının notu: Kargo: YK-123456')

    // The dealer's confirmation and a mail for each step went out (written to the outbox in this run),
    // and the store's mail of the new order to its address, with a link to the staff list.
    await expect.poll(() => mailsMentioning(orderNo, DEALER.email).length).toBe(3)
    const toStore = mailsMentioning(orderNo, 'info@toptan.test')
    expect(toStore).toHaveLength(1)
    expect(toStore[0]).toContain('/yonetim/siparisler')
  })
})
