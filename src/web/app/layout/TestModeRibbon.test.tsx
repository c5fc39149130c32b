// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { categoryTree } from '../../test/catalog-fixtures'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiError } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { AppRoutes } from '../router'
import { TestModeRibbon } from './TestModeRibbon'

describe('TestModeRibbon', () => {
  it('says TEST MODU in words, as a labelled landmark, when the bootstrap says test mode', () => {
    renderWithProviders(<TestModeRibbon />, { bootstrap: guestBootstrap({ testMode: true }) })
    const ribbon = screen.getByRole('complementary', { name: 'TEST MODU' })
    expect(ribbon.textContent).toBe('TEST MODU Kartla ödemeler gerçek değildir, para çekilmez.')
  })

  it('speaks English on an English page', () => {
    renderWithProviders(<TestModeRibbon />, {
      bootstrap: dealerBootstrap({ locale: 'en', testMode: true }),
      route: '/en/',
    })
    const ribbon = screen.getByRole('complementary', { name: 'TEST MODE' })
    expect(ribbon.textContent).toBe('TEST MODE Card payments are not real; no money is taken.')
  })

  it('is not there with the real gateway (or in development)', () => {
    renderWithProviders(<TestModeRibbon />, { bootstrap: guestBootstrap({ testMode: false }) })
    expect(screen.queryByRole('complementary')).toBeNull()
    expect(screen.queryByText(/TEST MODU/)).toBeNull()
  })
})

describe('every page in test mode', () => {
  // The routes' pages load lazily; a test ends at the ribbon, before them, and a page module (with its
  // CSS) still loading when the file's environment is torn down fails the run. Loaded first instead.
  beforeAll(async () => {
    await Promise.all([
      import('../../features/home/HomePage'),
      import('../../features/account/LoginPage'),
      import('../../components/NotFoundState'),
    ])
  })

  it.each(['/', '/en/olmayan/adres/burada', '/account/login'])(
    '%s shows the ribbon above the header',
    async (route) => {
      server.use(
        http.get('/api/catalog/categories', () => HttpResponse.json(categoryTree)),
        http.get('/api/*', () => apiError(404, 'not_found')),
      )
      const locale = route.startsWith('/en') ? 'en' : 'tr'
      renderWithProviders(<AppRoutes />, { bootstrap: guestBootstrap({ locale, testMode: true }), route })
      const ribbon = await screen.findByRole('complementary', {
        name: locale === 'en' ? 'TEST MODE' : 'TEST MODU',
      })
      const header = screen.getByRole('banner')
      // In the page's flow before the header (not laid over it): the header's controls stay free.
      expect(ribbon.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(header.contains(ribbon)).toBe(false)
    },
  )
})
