import { describe, expect, it } from 'vitest'
import { continuesTyping } from './search-typing'

describe('continuesTyping', () => {
  it.each([
    ['v', 'vi', true],
    ['vid', 'vida', true],
    ['vida', 'vid', true],
    ['vida', 'vida', true],
    ['vida', 'vida 4x40', true],
    ['VİDA', 'vidalar', true],
    ['çim', 'Çim tırmığı', true],
    ['sıgorta', 'sigorta ve', true],
    ['  vida ', 'vida', true],
    ['vida', 'somun', false],
    ['vida', 'v1da', false],
    ['somun', 'vida', false],
    ['', 'vida', false],
    ['vida', '', false],
    ['vida', '   ', false],
  ])('%j then %j: %s', (previous, next, expected) => {
    expect(continuesTyping(previous, next)).toBe(expected)
  })
})
