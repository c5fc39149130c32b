import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mailOrder } from '../../test/payment-fixtures'
import { buildMailOrderSlip, printSlip, type SlipTexts } from './mail-order-print'

const texts: SlipTexts = {
  title: 'Mail Order Formu',
  logo: 'Logo',
  phone: 'Telefon',
  customerName: 'Müşteri Adı',
  currency: 'Para Birimi',
  installmentAmount: 'Taksit Tutarı',
  installment: 'Taksit Sayısı',
  cardHolder: 'Kart Sahibi',
  cardNumber: 'Kart Numarası',
  expiryDate: 'Son Kullanma Tarihi',
  description: 'Açıklama',
  date: 'Tarih',
}

/** A print window: an event target with a document, whose print() and close() are recorded. */
function fakePopup(readyState: DocumentReadyState) {
  const target = new EventTarget()
  return Object.assign(target, {
    closed: false,
    document: { open: vi.fn(), write: vi.fn(), close: vi.fn(), readyState },
    focus: vi.fn(),
    print: vi.fn(),
    close: vi.fn(),
  })
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('printSlip', () => {
  it('prints at once when the document is complete and closes the window 1 s after printing', () => {
    const popup = fakePopup('complete')
    const open = vi.fn(() => popup as unknown as Window)
    expect(printSlip('<p>slip</p>', 'mail-order-1', { open })).toBe(true)
    expect(open).toHaveBeenCalledWith('', 'mail-order-1', 'width=800,height=600')
    expect(popup.document.write).toHaveBeenCalledWith('<p>slip</p>')
    expect(popup.print).toHaveBeenCalledTimes(1)
    // print() returned (the dialog is closed); afterprint, where a browser fires it, changes nothing.
    popup.dispatchEvent(new Event('afterprint'))
    vi.advanceTimersByTime(999)
    expect(popup.close).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(popup.close).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(5000)
    expect(popup.close).toHaveBeenCalledTimes(1)
  })

  it('waits for the logo (load) before printing, or 3 s at most, and prints once', () => {
    const popup = fakePopup('loading')
    printSlip('<p>slip</p>', 'mail-order-2', { open: () => popup as unknown as Window })
    expect(popup.print).not.toHaveBeenCalled()
    popup.dispatchEvent(new Event('load'))
    expect(popup.print).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(3000)
    expect(popup.print).toHaveBeenCalledTimes(1)

    const slow = fakePopup('loading')
    printSlip('<p>slip</p>', 'mail-order-3', { open: () => slow as unknown as Window })
    vi.advanceTimersByTime(3000)
    expect(slow.print).toHaveBeenCalledTimes(1)
  })

  it('says so when the browser blocks the window', () => {
    expect(printSlip('<p>slip</p>', 'mail-order-4', { open: () => null })).toBe(false)
  })
})

describe('buildMailOrderSlip', () => {
  it('escapes every text from data and makes the logo address absolute', () => {
    const html = buildMailOrderSlip(
      mailOrder({
        customerName: 'A & B <Ltd>',
        description: '"><script>alert(1)</script>',
        store: { name: "O'Brien Toptan", logo: 'logo.svg', address: 'Cad. <1>', phone: '+90 216' },
      }),
      texts,
      'tr',
      'https://bayi.example',
      'Europe/Istanbul',
    )
    expect(html).toContain('<td>A &amp; B &lt;Ltd&gt;</td>')
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toContain('<strong>O&#39;Brien Toptan</strong>')
    expect(html).toContain('Cad. &lt;1&gt;')
    expect(html).toContain('src="https://bayi.example/images/logo.svg"')
    expect(html).toContain('<tr><th scope="row">Taksit Tutarı</th><td>1.024,69 ₺</td></tr>')
    expect(html).toContain('<tr><th scope="row">Kart Numarası</th><td>411111******1111</td></tr>')
  })

  it("dates the payment in the store's time zone, or shows a date already written out as it came", () => {
    // 12:42 UTC: 15:42 in Istanbul, 12:42 in London in winter.
    const slip = mailOrder({ date: '2026-03-14T12:42:00.000Z' })
    const dateRow = (timeZone: string, date = slip.date) =>
      /<th scope="row">Tarih<\/th><td>([^<]*)<\/td>/.exec(
        buildMailOrderSlip({ ...slip, date }, texts, 'tr', 'https://bayi.example', timeZone),
      )?.[1]
    expect(dateRow('Europe/Istanbul')).toBe('14.03.2026 15:42')
    expect(dateRow('Europe/London')).toBe('14.03.2026 12:42')
    expect(dateRow('Europe/Istanbul', '14.03.2026 15:42')).toBe('14.03.2026 15:42')
  })
})
