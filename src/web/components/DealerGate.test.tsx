// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../contracts/bootstrap'
import { dealer, dealerBootstrap, guestBootstrap } from '../test/fixtures'
import { LocationProbe } from '../test/LocationProbe'
import { renderWithProviders } from '../test/render'
import { DealerGate } from './DealerGate'

const admin = { ...dealer, role: 'admin' as const, staffRole: 'owner' as const, customer: null }

function renderGate(route: string, bootstrap: Bootstrap) {
  const gated = (
    <DealerGate adminTitle="Bayilere özel" adminText="Bu sayfa bayi hesapları içindir.">
      <p data-testid="dealer-page">Bayi sayfası</p>
    </DealerGate>
  )
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/hesap/ekstre" element={gated} />
        <Route path="/en/hesap/ekstre" element={gated} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const location = () => screen.getByTestId('location').textContent

describe('DealerGate', () => {
  it('sends a guest to login with the way back, path and query', async () => {
    renderGate('/hesap/ekstre?from=2026-01-01&to=2026-01-31', guestBootstrap())
    await waitFor(() =>
      expect(location()).toBe('/account/login?next=%2Fhesap%2Fekstre%3Ffrom%3D2026-01-01%26to%3D2026-01-31'),
    )
    expect(screen.queryByTestId('dealer-page')).toBeNull()
  })

  it('sends an English guest to the English login page', async () => {
    renderGate('/en/hesap/ekstre', guestBootstrap({ locale: 'en' }))
    await waitFor(() => expect(location()).toBe('/en/account/login?next=%2Fen%2Fhesap%2Fekstre'))
    expect(screen.queryByTestId('dealer-page')).toBeNull()
  })

  it('tells an administrator the page is for dealers, with the texts it is given, and stays', () => {
    renderGate('/hesap/ekstre', dealerBootstrap({ user: admin }))
    expect(screen.getByText('Bayilere özel')).toBeTruthy()
    expect(screen.getByText('Bu sayfa bayi hesapları içindir.')).toBeTruthy()
    expect(screen.queryByTestId('dealer-page')).toBeNull()
    expect(location()).toBe('/hesap/ekstre')
  })

  it('shows a dealer the page itself', () => {
    renderGate('/hesap/ekstre', dealerBootstrap())
    expect(screen.getByTestId('dealer-page').textContent).toBe('Bayi sayfası')
    expect(screen.queryByText('Bayilere özel')).toBeNull()
    expect(location()).toBe('/hesap/ekstre')
  })
})
