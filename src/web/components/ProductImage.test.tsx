import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'
import { ProductImage } from './ProductImage'

describe('ProductImage', () => {
  it.each([
    { priority: false, loading: 'lazy', fetchpriority: 'auto' },
    { priority: true, loading: 'eager', fetchpriority: 'high' },
  ])('priority $priority: loading $loading, fetchpriority $fetchpriority', ({ priority, ...expected }) => {
    renderWithProviders(
      <ProductImage file="fb-100.jpg" alt="Fren Balatası" height={120} priority={priority} />,
    )
    const image = screen.getByRole('img', { name: 'Fren Balatası' })
    expect(image.getAttribute('loading')).toBe(expected.loading)
    expect(image.getAttribute('fetchpriority')).toBe(expected.fetchpriority)
  })

  it('gives the browser its size before it loads: height always, width when it is a number', () => {
    renderWithProviders(
      <>
        <ProductImage file="a.jpg" alt="fixed" height={60} width={60} />
        <ProductImage file="b.jpg" alt="fluid" height={229} />
      </>,
    )
    const fixed = screen.getByRole('img', { name: 'fixed' })
    expect([fixed.getAttribute('width'), fixed.getAttribute('height')]).toEqual(['60', '60'])
    const fluid = screen.getByRole('img', { name: 'fluid' })
    expect([fluid.getAttribute('width'), fluid.getAttribute('height')]).toEqual([null, '229'])
  })
})
