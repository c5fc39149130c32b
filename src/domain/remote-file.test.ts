import { describe, expect, it } from 'vitest'
import { FETCH_MAX_ATTEMPTS, isFetchableUrl, looksLikePdf, nextFetchAttempt } from './remote-file'

const at = new Date('2026-03-02T10:00:00Z')

describe('nextFetchAttempt', () => {
  it.each([
    [1, '2026-03-02T10:01:00.000Z'],
    [2, '2026-03-02T10:05:00.000Z'],
    [3, '2026-03-02T10:30:00.000Z'],
    [4, '2026-03-02T12:00:00.000Z'],
    [5, '2026-03-02T22:00:00.000Z'],
    [6, null],
  ])('after %i failed attempts: %s', (attempts, next) => {
    expect(nextFetchAttempt(attempts, at)?.toISOString() ?? null).toBe(next)
  })

  it('gives up at once on a failure that a retry cannot mend', () => {
    expect(nextFetchAttempt(1, at, false)).toBeNull()
  })

  it('counts six attempts in all and refuses a count below one', () => {
    expect(FETCH_MAX_ATTEMPTS).toBe(6)
    expect(() => nextFetchAttempt(0, at)).toThrow(RangeError)
    expect(() => nextFetchAttempt(1.5, at)).toThrow(RangeError)
  })
})

describe('isFetchableUrl', () => {
  it.each([
    ['https://erp.example.com/faturalar/A1.pdf', true],
    ['http://10.0.0.5:8080/img/x.jpg', true],
    ['HTTPS://ERP.EXAMPLE.COM/a', true],
    ['file:///etc/passwd', false],
    ['ftp://erp.example.com/a.pdf', false],
    ['data:application/pdf;base64,JVBERi0=', false],
    ['javascript:alert(1)', false],
    ['not a url', false],
    ['', false],
  ])('%s → %s', (url, ok) => {
    expect(isFetchableUrl(url)).toBe(ok)
  })
})

describe('looksLikePdf', () => {
  const bytes = (text: string) => new TextEncoder().encode(text)
  it.each([
    ['%PDF-1.7\n…', true],
    ['%PDF-', true],
    ['%PDF', false],
    [' %PDF-1.4', false],
    ['<html>', false],
    ['', false],
  ])('%j → %s', (text, ok) => {
    expect(looksLikePdf(bytes(text))).toBe(ok)
  })
})
