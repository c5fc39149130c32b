// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { LocationProbe } from '../../../test/LocationProbe'
import { renderWithProviders } from '../../../test/render'
import { SearchFacets } from './SearchFacets'

const facets = {
  brands: [
    { id: 1, name: 'Özkan Kablo', slug: 'ozkan-kablo', count: 1203 },
    { id: 2, name: 'Boğaziçi Elektrik', slug: 'bogazici-elektrik', count: 12 },
  ],
  categories: [{ id: 18, name: 'Kablolar', slug: 'kablolar', count: 40 }],
}

describe('SearchFacets', () => {
  it('links each brand and category with its count, keeping the query; the active brand removes itself', async () => {
    renderWithProviders(
      <>
        <SearchFacets
          facets={facets}
          q="kablo"
          activeBrand="ozkan-kablo"
          brandHref={(slug) => (slug ? `/arama?q=kablo&brand=${slug}` : '/arama?q=kablo')}
        />
        <LocationProbe />
      </>,
      { route: '/arama?q=kablo&brand=ozkan-kablo' },
    )
    const brands = screen.getByRole('region', { name: 'Markalar' })
    const active = within(brands).getByRole('link', { name: 'Özkan Kablo 1.203 ürün' })
    expect(active.getAttribute('aria-current')).toBe('true')
    expect(active.getAttribute('href')).toBe('/arama?q=kablo')
    expect(within(brands).getByText('1.203')).toBeTruthy()
    const other = within(brands).getByRole('link', { name: 'Boğaziçi Elektrik 12 ürün' })
    expect(other.getAttribute('href')).toBe('/arama?q=kablo&brand=bogazici-elektrik')
    const category = screen.getByRole('link', { name: 'Kablolar 40 ürün' })
    expect(category.getAttribute('href')).toBe('/kablolar?q=kablo')
    // Keyboard: the links are reached with Tab and followed with Enter.
    await userEvent.tab()
    expect(document.activeElement).toBe(active)
    await userEvent.tab()
    expect(document.activeElement).toBe(other)
    await userEvent.keyboard('{Enter}')
    expect(screen.getByTestId('location').textContent).toContain('brand=bogazici-elektrik')
  })

  it('leaves out a group without values', () => {
    renderWithProviders(
      <SearchFacets
        facets={{ brands: [], categories: facets.categories }}
        q="x"
        activeBrand={null}
        brandHref={() => '/'}
      />,
    )
    expect(screen.queryByRole('region', { name: 'Markalar' })).toBeNull()
    expect(screen.getByRole('region', { name: 'Sonuçlardaki kategoriler' })).toBeTruthy()
  })
})
