import { describe, expect, it } from 'vitest'
import { tokenOfLink, whatsappShareUrl } from './payment-link-share'

describe('tokenOfLink', () => {
  it.each([
    ['https://portal.example/odeme-linki/AbC_d-9', 'AbC_d-9'],
    ['http://localhost:3000/odeme-linki/xyz/', 'xyz'],
    ['https://portal.example/odeme-linki/', undefined],
    ['https://portal.example/sepet', undefined],
    ['', undefined],
  ])('%s → %s', (link, token) => {
    expect(tokenOfLink(link)).toBe(token)
  })
})

describe('whatsappShareUrl', () => {
  it('puts the whole text, escaped, into wa.me', () => {
    expect(whatsappShareUrl('Ödeme bağlantısı: https://p.example/odeme-linki/a?b&c')).toBe(
      'https://wa.me/?text=%C3%96deme%20ba%C4%9Flant%C4%B1s%C4%B1%3A%20https%3A%2F%2Fp.example%2Fodeme-linki%2Fa%3Fb%26c',
    )
  })
})
