import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ratesFromBulletin } from '../../../domain/exchange-rates'
import { BulletinFormatError, parseBulletin } from './tcmb-bulletin'

const sample = readFileSync(new URL('./tcmb-sample.xml', import.meta.url), 'utf8')

describe('parseBulletin on a real-format today.xml', () => {
  const bulletin = parseBulletin(sample)

  it('reads the bulletin day and number', () => {
    expect(bulletin.bulletinDate).toBe('2026-11-27')
    expect(bulletin.bulletinNo).toBe('2026/226')
  })

  it.each([
    // code, unit, ForexBuying, ForexSelling, BanknoteBuying, BanknoteSelling (null: empty element)
    ['USD', '1', '42.4102', '42.4866', '42.3805', '42.5503'],
    ['EUR', '1', '49.1530', '49.2416', '49.1186', '49.3155'],
    ['JPY', '100', '27.1642', '27.3440', '27.0687', '27.4465'],
    ['IRR', '100', '0.10062', '0.10197', null, null],
    ['XDR', '1', '57.6512', null, null, null],
  ])('%s: unit %s, rates as written', (code, unit, fb, fs, bb, bs) => {
    expect(bulletin.currencies.find((c) => c.code === code)).toEqual({
      code,
      unit,
      rates: { ForexBuying: fb, ForexSelling: fs, BanknoteBuying: bb, BanknoteSelling: bs },
    })
  })

  it.each([
    [
      'ForexSelling',
      '0',
      [
        ['USD', '42.486600'],
        ['AUD', '27.691300'],
        ['EUR', '49.241600'],
        ['GBP', '56.413000'],
        ['JPY', '0.273440'],
        ['IRR', '0.001020'],
      ],
    ],
    [
      'BanknoteBuying',
      '2',
      [
        ['USD', '43.228110'],
        ['AUD', '27.952692'],
        ['EUR', '50.100972'],
        ['GBP', '57.202722'],
        ['JPY', '0.276101'],
      ],
    ],
    [
      'ForexBuying',
      '0',
      [
        ['USD', '42.410200'],
        ['AUD', '27.512000'],
        ['EUR', '49.153000'],
        ['GBP', '56.120400'],
        ['JPY', '0.271642'],
        ['IRR', '0.001006'],
        ['XDR', '57.651200'],
      ],
    ],
  ] as const)('%s +%s%%: one unit in TRY, empty fields left out', (field, markup, expected) => {
    expect(ratesFromBulletin(bulletin.currencies, field, markup)).toEqual(
      expected.map(([currency, rate]) => ({ currency, rate })),
    )
  })
})

describe('parseBulletin refuses what is not a bulletin', () => {
  it.each([
    ['garbage', 'this is not xml <<<'],
    ['an HTML error page', '<html><body><h1>Bakım</h1></body></html>'],
    ['a cut-off file', sample.slice(0, 600)],
    ['no date', '<Tarih_Date><Currency CurrencyCode="USD"><Unit>1</Unit></Currency></Tarih_Date>'],
    [
      'a wrong date',
      '<Tarih_Date Tarih="31.02.2026"><Currency CurrencyCode="USD"><Unit>1</Unit></Currency></Tarih_Date>',
    ],
    ['no currency', '<Tarih_Date Tarih="27.11.2026" Date="11/27/2026" Bulten_No="2026/226"></Tarih_Date>'],
    [
      'only nameless currencies',
      '<Tarih_Date Tarih="27.11.2026"><Currency><Unit>1</Unit></Currency></Tarih_Date>',
    ],
    ['an empty answer', ''],
  ])('%s', (_what, xml) => {
    expect(() => parseBulletin(xml)).toThrow(BulletinFormatError)
  })

  it('does not expand entities', () => {
    const xml =
      '<!DOCTYPE x [<!ENTITY a "49.1">]><Tarih_Date Tarih="27.11.2026"><Currency CurrencyCode="EUR"><Unit>1</Unit><ForexSelling>&a;</ForexSelling></Currency></Tarih_Date>'
    const parsed = parseBulletin(xml)
    expect(parsed.currencies[0]?.rates.ForexSelling).not.toBe('49.1')
  })
})
