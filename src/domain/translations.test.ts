import { describe, expect, it } from 'vitest'
import { cleanTranslation, type TranslationEntry, translationsFor } from './translations'

const stored: TranslationEntry[] = [
  { kind: 'category', key: '7', text: 'Cables' },
  { kind: 'unit', key: 'Koli', text: 'Case' },
  { kind: 'paymentPlan', key: '2', text: '30 Days Credit' },
  { kind: 'campaign', key: '3', text: '  Best   Sellers ' },
  { kind: 'setting', key: 'b2b_urun_detay_ozel_kod_baslik', text: 'Special Code' },
  { kind: 'unit', key: 'Palet', text: '   ' },
]

describe('translationsFor', () => {
  it.each([
    ['en', 'category', 7, 'Kablolar', 'Cables'],
    ['en', 'category', '7', 'Kablolar', 'Cables'],
    ['en', 'category', 8, 'Aydınlatma', 'Aydınlatma'],
    ['en', 'unit', 'Koli', 'Koli', 'Case'],
    ['en', 'unit', 'Adet', 'Adet', 'Adet'],
    ['en', 'unit', 'Palet', 'Palet', 'Palet'],
    ['en', 'paymentPlan', 2, '30 Gün Vadeli', '30 Days Credit'],
    ['en', 'campaign', 3, 'Çok Satanlar', 'Best Sellers'],
    ['en', 'setting', 'b2b_urun_detay_ozel_kod_baslik', 'Özel Kod', 'Special Code'],
    ['en', 'campaign', 7, 'Yeni Gelenler', 'Yeni Gelenler'],
    ['tr', 'category', 7, 'Kablolar', 'Kablolar'],
    ['tr', 'unit', 'Koli', 'Koli', 'Koli'],
    ['tr', 'setting', 'b2b_urun_detay_ozel_kod_baslik', 'Özel Kod', 'Özel Kod'],
  ] as const)('%s %s %s (%s) → %s', (locale, kind, key, turkish, shown) => {
    expect(translationsFor(locale, stored).text(kind, key, turkish)).toBe(shown)
  })

  it('keeps kinds apart: a category id is not a campaign id', () => {
    const t = translationsFor('en', [{ kind: 'category', key: '1', text: 'Hardware' }])
    expect(t.text('campaign', 1, 'Haftanın Fırsatları')).toBe('Haftanın Fırsatları')
    expect(t.text('category', 1, 'Hırdavat')).toBe('Hardware')
  })
})

describe('cleanTranslation', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['  \t ', null],
    [' Case ', 'Case'],
    ['Best \n Sellers', 'Best Sellers'],
  ])('%j → %j', (input, output) => {
    expect(cleanTranslation(input)).toBe(output)
  })
})
