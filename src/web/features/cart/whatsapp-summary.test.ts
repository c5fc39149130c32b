import { describe, expect, it } from 'vitest'
import { cartLine, cartOf } from '../../test/cart-fixtures'
import { cartSummaryText, whatsappShareUrl } from './whatsapp-summary'

const labels = {
  title: 'Demo Toptan - Sepet Özeti',
  subtotal: 'Ara Toplam',
  tax: 'KDV',
  total: 'Genel Toplam',
  baseTotal: 'TL Karşılığı',
}

const screw = (quantity: number, value: number, currency = 'TRY') =>
  cartLine({
    id: 502,
    quantity,
    unitId: 12,
    unitPrice: { value, currency },
    product: { ...cartLine().product, id: 9, name: 'Vida', code: 'V-9', taxRate: 10 },
  })

describe('cartSummaryText', () => {
  it('writes one line per item, then subtotal, tax and total in Turkish money format', () => {
    const cart = cartOf([cartLine({ quantity: 2 }), screw(3, 10)])
    expect(cartSummaryText(cart, labels)).toBe(
      [
        'Demo Toptan - Sepet Özeti',
        '',
        'FB-100 - Fren Balatası × 2 Adet = 2.469,00 ₺',
        'V-9 - Vida × 3 Koli = 30,00 ₺',
        '',
        'Ara Toplam: 2.499,00 ₺',
        'KDV: 496,80 ₺',
        'Genel Toplam: 2.995,80 ₺',
      ].join('\n'),
    )
  })

  it('formats English money and adds the TRY total when another currency is shown', () => {
    const cart = cartOf([screw(2, 1500.5, 'USD')], 'USD', 40)
    const text = cartSummaryText(
      cart,
      { title: 'Cart', subtotal: 'Subtotal', tax: 'VAT', total: 'Total', baseTotal: 'In TL' },
      'en',
    )
    expect(text.split('\n')).toEqual([
      'Cart',
      '',
      'V-9 - Vida × 2 Koli = $3,001.00',
      '',
      'Subtotal: $3,001.00',
      'VAT: $300.10',
      'Total: $3,301.10',
      'In TL: ₺132,044.00',
    ])
  })
})

describe('whatsappShareUrl', () => {
  it('encodes the whole text, line breaks and Turkish letters included, into wa.me', () => {
    const url = whatsappShareUrl('Sepet Özeti\nV-9 - Vida × 2 = 20,00 ₺ & KDV')
    expect(url).toBe(
      'https://wa.me/?text=Sepet%20%C3%96zeti%0AV-9%20-%20Vida%20%C3%97%202%20%3D%2020%2C00%20%E2%82%BA%20%26%20KDV',
    )
    expect(new URL(url).searchParams.get('text')).toBe('Sepet Özeti\nV-9 - Vida × 2 = 20,00 ₺ & KDV')
  })
})
