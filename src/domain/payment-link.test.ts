import { describe, expect, it } from 'vitest'
import { paymentLinkStatusAt } from './payment-link'

describe('paymentLinkStatusAt', () => {
  const NOW = new Date('2026-03-18T12:00:00Z')
  const at = (iso: string) => new Date(iso)
  it.each([
    ['not paid, expires in a second', null, '2026-03-18T12:00:01Z', 'open'],
    ['not paid, 7 days left', null, '2026-03-25T12:00:00Z', 'open'],
    ['not paid, expires this very instant', null, '2026-03-18T12:00:00Z', 'expired'],
    ['not paid, expired a second ago', null, '2026-03-18T11:59:59Z', 'expired'],
    ['paid, still running', '2026-03-17T09:00:00Z', '2026-03-25T12:00:00Z', 'paid'],
    ['paid, then its time ran out', '2026-03-10T09:00:00Z', '2026-03-11T12:00:00Z', 'paid'],
  ])('%s → %s', (_name, paidAt, expiresAt, expected) => {
    expect(paymentLinkStatusAt({ paidAt: paidAt ? at(paidAt) : null, expiresAt: at(expiresAt) }, NOW)).toBe(
      expected,
    )
  })
})
