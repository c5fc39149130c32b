import { describe, expect, it } from 'vitest'
import { fieldOfInstant, instantOfField } from './campaign-dates'

describe("a campaign's dates in the store's time zone", () => {
  it("shows a stored moment as the store's wall clock, whatever the browser's zone", () => {
    expect(fieldOfInstant('2026-03-12T06:00:00.000Z', 'Europe/Istanbul')).toBe('2026-03-12T09:00')
    expect(fieldOfInstant('2026-07-01T12:30:00Z', 'America/New_York')).toBe('2026-07-01T08:30')
    expect(fieldOfInstant(null, 'Europe/Istanbul')).toBe('')
  })

  it("sends the wall clock typed as that moment with the store's offset", () => {
    expect(instantOfField('2026-03-12T09:00', 'Europe/Istanbul')).toBe('2026-03-12T09:00:00+03:00')
    expect(instantOfField('2026-01-15T08:00', 'America/New_York')).toBe('2026-01-15T08:00:00-05:00')
    expect(instantOfField('2026-07-15T08:00', 'America/New_York')).toBe('2026-07-15T08:00:00-04:00')
    expect(instantOfField('2026-07-15T08:00', 'UTC')).toBe('2026-07-15T08:00:00+00:00')
    expect(Date.parse(instantOfField('2026-03-12T09:00', 'Europe/Istanbul')!)).toBe(
      Date.parse('2026-03-12T06:00:00Z'),
    )
  })

  it('reads an empty field as no date, and text that is not one as undefined', () => {
    expect(instantOfField('', 'Europe/Istanbul')).toBeNull()
    expect(instantOfField('  ', 'Europe/Istanbul')).toBeNull()
    expect(instantOfField('12.03.2026', 'Europe/Istanbul')).toBeUndefined()
  })

  it('reads a wall time a clock change skips as the moment just after the change', () => {
    // New York's clocks went from 02:00 to 03:00 on 8 March 2026.
    expect(instantOfField('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00')
  })

  it('gives back the field it was given', () => {
    for (const zone of ['Europe/Istanbul', 'America/New_York', 'Asia/Kolkata']) {
      const sent = instantOfField('2026-11-28T14:05', zone)!
      expect(fieldOfInstant(sent, zone)).toBe('2026-11-28T14:05')
    }
  })
})
