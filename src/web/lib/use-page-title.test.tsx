import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'
import { usePageTitle } from './use-page-title'

function Page({ title, description }: { title?: string; description?: string | null }) {
  usePageTitle(title, description)
  return null
}

const description = () => document.querySelector('meta[name="description"]')?.getAttribute('content')

afterEach(() => {
  for (const meta of document.querySelectorAll('meta[name="description"]')) meta.remove()
})

describe('usePageTitle', () => {
  it("sets the title and the page's own description", () => {
    renderWithProviders(<Page title="Fren Balatası" description="Ön fren balatası, seramik" />)
    expect(document.title).toMatch(/^Fren Balatası \| /)
    expect(description()).toBe('Ön fren balatası, seramik')
  })

  it('falls back to the store-wide description, replacing the previous page’s in the same tag', () => {
    renderWithProviders(<Page title="A" description="Sayfa A" />).unmount()
    renderWithProviders(<Page title="B" />)
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1)
    expect(description()).toMatch(/bayi portalı: toptan ürün kataloğu/)
  })
})
