import { describe, expect, it } from 'vitest'
import type { Offer } from '../../../contracts/offers'
import { escapeHtml, htmlTable, htmlTotals, textTable, textTotals } from './mail-html'
import { offerMail } from './offer-mail'

const money = (value: number) => ({ value, currency: 'TRY' })

const offer: Offer = {
  id: 7,
  orderNo: 'T2026-000003',
  date: '2026-03-04T21:30:00.000Z', // 5 March in Istanbul
  isCancel: false,
  description: 'Fiyatlar <7 gün> geçerlidir',
  creator: 'Ahmet Yılmaz',
  customerName: 'Veli Kaya',
  customerCompanyName: 'Kaya & Oğulları <Ltd>',
  customerEmail: 'veli@kaya.test',
  customerPhone: null,
  subtotal: money(1234.5),
  tax: money(246.9),
  total: money(1481.4),
  offerItems: [
    {
      id: 1,
      productId: 10,
      code: 'M-1',
      name: 'Matkap <b>18V</b> "Pro"',
      image: null,
      unit: 'Koli',
      quantity: 2,
      price: money(500),
      taxRate: 20,
      profit: 10,
      order: 0,
      unitPrice: money(550),
      amount: money(1100),
      tax: money(220),
    },
    {
      id: 2,
      productId: null,
      code: 'V-2',
      name: 'Vida',
      image: null,
      unit: 'Adet',
      quantity: 1,
      price: money(134.5),
      taxRate: 20,
      profit: 0,
      order: 1,
      unitPrice: money(134.5),
      amount: money(134.5),
      tax: money(26.9),
    },
  ],
}

const seller = {
  name: 'Yıldız Yapı & Market',
  address: 'Atatürk Cd. 5',
  town: 'Kadıköy',
  city: 'İstanbul',
  phone: '0216 000 00 00',
  email: null,
}

describe('offerMail', () => {
  it('addresses the customer, with the profit-applied lines, totals, note and seller (tr)', () => {
    const mail = offerMail(offer, seller, 'tr', 'Europe/Istanbul')
    expect(mail.to).toBe('veli@kaya.test')
    expect(mail.subject).toBe('Teklif T2026-000003 — Yıldız Yapı & Market')
    expect(mail.html).toContain('Sayın Kaya &amp; Oğulları &lt;Ltd&gt;,')
    expect(mail.html).toContain('05.03.2026 tarihli T2026-000003 numaralı teklifimiz')
    expect(mail.html).toContain('Matkap &lt;b&gt;18V&lt;/b&gt; &quot;Pro&quot;')
    expect(mail.html).not.toContain('<b>18V</b>')
    expect(mail.html).toContain('>550,00 ₺</td>')
    expect(mail.html).toContain('>1.100,00 ₺</td>')
    expect(mail.html).toContain('>1.481,40 ₺</td>')
    expect(mail.html).toContain('Açıklama: Fiyatlar &lt;7 gün&gt; geçerlidir')
    expect(mail.html).toContain(
      'Yıldız Yapı &amp; Market<br>Atatürk Cd. 5<br>Kadıköy / İstanbul<br>Tel: 0216 000 00 00',
    )
    expect(mail.text).toContain('Sayın Kaya & Oğulları <Ltd>,')
    expect(mail.text).toMatch(/Matkap <b>18V<\/b> "Pro"\s+2\s+Koli\s+550,00 ₺\s+20\s+1\.100,00 ₺/)
    expect(mail.text).toMatch(/Genel Toplam: 1\.481,40 ₺/)
  })

  it("dates the offer in the store's time zone, not the machine's", () => {
    // 21:30 UTC on 4 March: already the 5th in Istanbul, still the 4th in London.
    expect(offerMail(offer, seller, 'tr', 'Europe/London').html).toContain('04.03.2026 tarihli')
    expect(offerMail(offer, seller, 'tr', 'Europe/Istanbul').html).toContain('05.03.2026 tarihli')
  })

  it('speaks English, greets without a customer and leaves out the default note', () => {
    const mail = offerMail(
      { ...offer, customerName: null, customerCompanyName: null, description: 'Sipariş notu yok' },
      seller,
      'en',
      'Europe/Istanbul',
    )
    expect(mail.subject).toBe('Offer T2026-000003 — Yıldız Yapı & Market')
    expect(mail.html).toContain('Dear Sir or Madam,')
    expect(mail.html).toContain('>₺1,481.40</td>')
    expect(mail.text).not.toContain('Sipariş notu yok')
    expect(mail.text).toContain('Please find below our offer T2026-000003 of 5 Mar 2026.')
  })
})

describe('mail-html', () => {
  const columns = [
    { title: 'Ad', cell: (r: { a: string; n: string }) => r.a },
    { title: 'Tutar', align: 'right' as const, cell: (r: { a: string; n: string }) => r.n },
  ]

  it('escapes every cell and title', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;')
    const html = htmlTable([{ ...columns[0]!, title: '<i>' }, columns[1]!], [{ a: '<script>', n: '1' }])
    expect(html).toContain('&lt;i&gt;')
    expect(html).toContain('&lt;script&gt;')
    expect(html).not.toContain('<script>')
    expect(html).toMatch(/text-align:right;">1<\/td>/)
    expect(htmlTotals([{ label: 'A&B', value: '5', strong: true }])).toContain(
      'font-weight:bold;">A&amp;B</td>',
    )
  })

  it('pads the text table to its columns', () => {
    expect(
      textTable(columns, [
        { a: 'Uzun ürün adı', n: '1,00' },
        { a: 'X', n: '100,00' },
      ]),
    ).toBe(
      [
        'Ad              Tutar',
        '-------------  ------',
        'Uzun ürün adı    1,00',
        'X              100,00',
      ].join('\n'),
    )
    expect(
      textTotals([
        { label: 'KDV', value: '2' },
        { label: 'Toplam', value: '12' },
      ]),
    ).toBe('   KDV: 2\nToplam: 12')
  })
})
