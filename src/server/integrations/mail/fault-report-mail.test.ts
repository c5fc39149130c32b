import { describe, expect, it } from 'vitest'
import { type FaultReportMailInput, faultReportMail } from './fault-report-mail'

const input: FaultReportMailInput = {
  to: 'servis@toptan.test',
  reportNo: 'AR-2026-000007',
  createdAt: new Date('2026-03-04T21:30:00.000Z'), // 5 March, 00:30 in Istanbul
  timeZone: 'Europe/Istanbul',
  dealer: { code: 'C1', name: 'Kaya & Oğulları <Ltd>' },
  user: { name: 'Ahmet Yılmaz', email: 'ahmet@kaya.test' },
  product: { code: 'MKT-18', name: 'Matkap <b>18V</b>' },
  serialNumber: 'SN-42',
  contactPhone: '0532 123 45 67',
  description: 'Çalışırken duruyor.\n<script>alert(1)</script>',
  staffPage: 'https://portal.test/yonetim/ariza-bildirimleri',
  photoLink: 'https://portal.test/yonetim/fault-reports/7/photo',
}

describe('faultReportMail', () => {
  it('names the report, dealer, product and phone in the subject and the text', () => {
    const mail = faultReportMail(input)
    expect(mail.to).toBe('servis@toptan.test')
    expect(mail.subject).toBe('Arıza bildirimi AR-2026-000007: Kaya & Oğulları <Ltd> — MKT-18')
    expect(mail.text).toContain('Tarih: 05.03.2026 00:30')
    expect(mail.text).toContain('Bayi: Kaya & Oğulları <Ltd> (C1)')
    expect(mail.text).toContain('Seri numarası: SN-42')
    expect(mail.text).toContain('İletişim telefonu: 0532 123 45 67')
    expect(mail.text).toContain('Fotoğraf: https://portal.test/yonetim/fault-reports/7/photo')
  })

  it("writes the date in the store's time zone, not the machine's", () => {
    expect(faultReportMail({ ...input, timeZone: 'Europe/London' }).text).toContain('Tarih: 04.03.2026 21:30')
  })

  it('escapes everything the dealer typed in the HTML, keeping its line breaks', () => {
    const { html } = faultReportMail(input)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>18V</b>')
    expect(html).toContain('Çalışırken duruyor.<br>&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('Kaya &amp; Oğulları &lt;Ltd&gt;')
  })

  it('says there is no photo and links none when the report has none', () => {
    const mail = faultReportMail({ ...input, photoLink: null, serialNumber: null })
    expect(mail.text).toContain('Fotoğraf: yok')
    expect(mail.text).toContain('Seri numarası: —')
    expect(mail.html).not.toContain('/photo')
  })
})
