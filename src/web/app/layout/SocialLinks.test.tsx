// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { SocialLinks } from './SocialLinks'

const setting = [
  '1 https://www.facebook.com/acme',
  '0 https://www.instagram.com/acme',
  '1 https://twitter.com/acme',
  '1 javascript:alert(1)',
  '1 https://www.pinterest.com/acme',
].join('|')

describe('SocialLinks', () => {
  it('shows an icon link, named by its network, for each entry shown with a web address', () => {
    renderWithProviders(<SocialLinks setting={setting} />)
    const nav = screen.getByRole('navigation', { name: 'Sosyal medya' })
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')])).toEqual([
      ['Facebook', 'https://www.facebook.com/acme'],
      ['Twitter', 'https://twitter.com/acme'],
      ['Pinterest', 'https://www.pinterest.com/acme'],
    ])
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank')
      expect(link.getAttribute('rel')).toBe('noopener noreferrer')
      // The icon is decoration; the name is on the link.
      expect(link.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
    }
  })

  it('shows nothing when no entry is shown', () => {
    const { container } = renderWithProviders(<SocialLinks setting="0 https://www.facebook.com/acme||||" />)
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(container.querySelector('a')).toBeNull()
  })
})
