import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

  describe('an image the browser had before the app took the page over (no load event comes)', () => {
    afterEach(() => vi.restoreAllMocks())
    const imageState = (complete: boolean, naturalWidth: number) => {
      vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(complete)
      vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(naturalWidth)
    }
    const skeletons = (container: HTMLElement) => container.querySelectorAll('.mantine-Skeleton-root').length

    it('drops the skeleton when the image is already there', () => {
      imageState(true, 120)
      const { container } = renderWithProviders(<ProductImage file="a.jpg" alt="hazır" height={60} />)
      expect(skeletons(container)).toBe(0)
    })

    it('shows the fallback when the image had already failed', () => {
      imageState(true, 0)
      renderWithProviders(<ProductImage file="a.jpg" alt="kırık" height={60} />)
      expect(screen.getByRole('img', { name: 'kırık' }).getAttribute('src')).toBe('/images/404.png')
    })

    it('keeps the skeleton while the image is still on its way', () => {
      imageState(false, 0)
      const { container } = renderWithProviders(<ProductImage file="a.jpg" alt="yolda" height={60} />)
      expect(skeletons(container)).toBe(1)
    })
  })

  it('asks for an uploaded image at the size of its box, as AVIF where the browser takes it', () => {
    const name = `up/p/7/${'c'.repeat(32)}-480.webp`
    const { container } = renderWithProviders(
      <>
        <ProductImage file={name} alt="kart" height={229} />
        <ProductImage file={name} alt="sepet" height={80} width={80} />
        <ProductImage file="erp/abc.webp" alt="erp" height={229} />
      </>,
    )
    expect(screen.getByRole('img', { name: 'kart' }).getAttribute('src')).toBe(`/images/${name}`)
    expect(screen.getByRole('img', { name: 'sepet' }).getAttribute('src')).toBe(
      `/images/${name.replace('-480.', '-160.')}`,
    )
    const sources = [...container.querySelectorAll('picture > source')]
    expect(sources.map((s) => [s.getAttribute('type'), s.getAttribute('srcset')])).toEqual([
      ['image/avif', `/images/${name.replace('.webp', '.avif')}`],
      ['image/avif', `/images/${name.replace('-480.webp', '-160.avif')}`],
    ])
    expect(screen.getByRole('img', { name: 'erp' }).closest('picture')).toBeNull()
  })
})
