// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { catalogProduct } from '../../../test/catalog-fixtures'
import { renderWithProviders } from '../../../test/render'
import { ProductGallery } from './ProductGallery'

const name = (c: string) => `up/p/5/${c.repeat(32)}-480.webp`

describe('The product page picture', () => {
  it('shows the main image, and each uploaded image in its place from a row of small ones', async () => {
    const product = catalogProduct({
      name: 'Fren Balatası',
      image: name('a'),
      gallery: [name('a'), name('b'), name('c')],
    })
    renderWithProviders(<ProductGallery product={product} height={222} />)
    const main = () => screen.getByRole('img', { name: 'Fren Balatası' })
    expect(main().getAttribute('src')).toBe(`/images/${name('a')}`)
    const row = screen.getByRole('group', { name: 'Ürün görselleri' })
    const buttons = within(row).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      '1. görseli göster',
      '2. görseli göster',
      '3. görseli göster',
    ])
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true')
    expect(buttons[1]!.querySelector('img')!.getAttribute('src')).toBe(
      `/images/${name('b').replace('-480.', '-160.')}`,
    )
    await userEvent.click(buttons[2]!)
    expect(main().getAttribute('src')).toBe(`/images/${name('c')}`)
    expect(buttons[2]!.getAttribute('aria-pressed')).toBe('true')
  })

  it('is the one picture when there is at most one image', () => {
    renderWithProviders(
      <ProductGallery product={catalogProduct({ image: 'erp/x.webp', gallery: [] })} height={222} />,
    )
    expect(screen.queryByRole('group')).toBeNull()
    expect(screen.getAllByRole('img')).toHaveLength(1)
  })
})
