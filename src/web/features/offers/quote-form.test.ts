import { describe, expect, it } from 'vitest'
import en from '../../i18n/en.json'
import { createI18n } from '../../i18n/setup'
import tr from '../../i18n/tr.json'
import { escapeHtml } from '../../lib/print-window'
import { offer, offerList } from '../../test/offer-fixtures'
import { draftTotals } from './offer-draft'
import { buildQuoteForm, greetingName, quoteTexts } from './quote-form'

const trTexts = quoteTexts(createI18n('tr', tr).t)
const enTexts = quoteTexts(createI18n('en', en).t)

function build(
  o = offer(),
  {
    locale = 'tr' as 'tr' | 'en',
    draft = {},
    logo = 'logo.svg' as string | null,
    timeZone = 'Europe/Istanbul',
  } = {},
) {
  const list = offerList([o], { logo })
  return buildQuoteForm({
    offer: o,
    totals: draftTotals(o, draft),
    seller: list.seller,
    logo: list.logo,
    origin: 'https://bayi.example.com',
    locale,
    timeZone,
    texts: locale === 'tr' ? trTexts : enTexts,
  })
}

/** The document as a browser reads it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

const cells = (doc: Document, selector: string) =>
  [...doc.querySelectorAll(selector)].map((el) => el.textContent?.trim())

describe('escapeHtml', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<b class="x">Tom & Jerry's</b>`)).toBe(
      '&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;',
    )
  })
})

describe('the printed quote', () => {
  it('is a complete document titled TEKLİF FORMU with date and number', () => {
    const html = build()
    expect(html.startsWith('<!doctype html>')).toBe(true)
    const doc = parse(html)
    expect(doc.documentElement.lang).toBe('tr')
    expect(doc.title).toBe('TEKLİF FORMU T2026-000042')
    expect(doc.querySelector('h1')?.textContent).toBe('TEKLİF FORMU')
    expect(cells(doc, '.meta dt, .meta dd')).toEqual([
      'Teklif Tarihi',
      '14.03.2026',
      'Teklif No',
      'T2026-000042',
    ])
    expect(doc.querySelector('style')?.textContent).toContain('@page')
    // Nothing to load but the logo: no scripts, no stylesheets.
    expect(doc.querySelectorAll('script, link')).toHaveLength(0)
  })

  it('shows the logo by its absolute address, and none without a logo', () => {
    const img = parse(build()).querySelector('.logos img')
    expect(img?.getAttribute('src')).toBe('https://bayi.example.com/images/logo.svg')
    expect(parse(build(offer(), { logo: null })).querySelector('.logos img')).toBeNull()
  })

  it('names the seller with address, town / city, phone and e-mail', () => {
    const seller = parse(build()).querySelector('.parties section')
    expect(seller?.querySelector('h2')?.textContent).toBe('Satıcı')
    expect(seller?.querySelector('p')?.innerHTML).toBe(
      '<strong>Yılmaz Otomotiv Ltd.</strong><br>Sanayi Sitesi 4. Blok No: 12<br>Ümraniye / İstanbul<br>' +
        'Tel: +90 216 111 22 33<br>E-posta: satis@yilmaz.example',
    )
  })

  it('greets the customer company, else the customer, else the fallback', () => {
    const withCompany = offer({ customerName: 'Veli Kaya', customerCompanyName: 'Kaya İnşaat' })
    const greeting = (o = offer(), locale: 'tr' | 'en' = 'tr') =>
      parse(build(o, { locale })).querySelector('.greeting')?.textContent
    expect(greeting(withCompany)).toBe('Sayın Kaya İnşaat,')
    expect(parse(build(withCompany)).querySelector('.intro')?.textContent).toBe(tr.offers.quote.intro)
    expect(greeting(offer({ customerName: 'Veli Kaya' }))).toBe('Sayın Veli Kaya,')
    expect(greeting()).toBe('Sayın Yetkili,')
    expect(greeting(withCompany, 'en')).toBe('Dear Kaya İnşaat,')
    expect(greetingName(offer({ customerCompanyName: '  ', customerName: 'Ali' }), 'x')).toBe('Ali')
  })

  it('lists name, quantity, tax rate, price and amount with the profit applied, then the totals', () => {
    const doc = parse(build())
    expect(cells(doc, '.lines thead th')).toEqual(['Ürün Adı', 'Miktar', 'KDV Oranı', 'Birim Fiyat', 'Tutar'])
    const rows = [...doc.querySelectorAll('.lines tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((td) => td.textContent),
    )
    expect(rows).toEqual([
      ['Fren Balatası', '2 Adet', '%20', '100,00 ₺', '200,00 ₺'],
      ['Vida', '3 Adet', '%10', '55,55 ₺', '166,65 ₺'],
    ])
    expect(cells(doc, '.totals th, .totals td')).toEqual([
      'Ara Toplam',
      '366,65 ₺',
      'KDV',
      '56,67 ₺',
      'Genel Toplam',
      '423,32 ₺',
    ])
  })

  it('prints the percents being edited', () => {
    const doc = parse(build(offer(), { draft: { 11: 12.5, 12: -5 } }))
    expect(cells(doc, '.lines tbody td:nth-child(4)')).toEqual(['112,50 ₺', '47,98 ₺'])
    expect(cells(doc, '.totals td')).toEqual(['368,94 ₺', '59,39 ₺', '428,33 ₺'])
  })

  it("dates the offer on its day in the store's time zone", () => {
    // 22:30 UTC on 14 March: the 15th in Istanbul, still the 14th in London.
    const late = offer({ date: '2026-03-14T22:30:00.000Z' })
    expect(cells(parse(build(late)), '.meta dd')[0]).toBe('15.03.2026')
    expect(cells(parse(build(late, { timeZone: 'Europe/London' })), '.meta dd')[0]).toBe('14.03.2026')
  })

  it('writes English numbers and words in English', () => {
    const doc = parse(build(offer(), { locale: 'en' }))
    expect(doc.querySelector('h1')?.textContent).toBe('QUOTATION FORM')
    expect(cells(doc, '.meta dd')).toEqual(['14 Mar 2026', 'T2026-000042'])
    expect(cells(doc, '.lines tbody tr:first-child td')).toEqual([
      'Fren Balatası',
      '2 Adet',
      '20%',
      '₺100.00',
      '₺200.00',
    ])
    expect(cells(doc, '.totals th')).toEqual(['Subtotal', 'Tax', 'Grand total'])
  })

  it('escapes every text that comes from data', () => {
    const evil = '<img src=x onerror="alert(1)">'
    const o = offer({
      customerCompanyName: evil,
      customerName: 'A & B',
      description: '<script>alert(2)</script>',
      offerItems: offer().offerItems.map((item) => ({ ...item, name: `${item.name} ${evil}` })),
    })
    const html = build(o)
    expect(html).not.toContain('<img src=x')
    expect(html).not.toContain('<script>')
    const doc = parse(html)
    expect(doc.querySelectorAll('img')).toHaveLength(1)
    expect(doc.querySelector('.greeting')?.textContent).toBe(`Sayın ${evil},`)
    expect(doc.querySelector('.lines tbody td')?.textContent).toBe(`Fren Balatası ${evil}`)
    expect(doc.querySelector('.note')?.textContent).toBe('Not: <script>alert(2)</script>')
  })

  it('leaves out the note when the offer has the default one', () => {
    expect(parse(build()).querySelector('.note')).toBeNull()
  })
})
