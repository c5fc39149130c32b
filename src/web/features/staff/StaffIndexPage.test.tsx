// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { renderWithProviders } from '../../test/render'
import { StaffIndexPage } from './StaffIndexPage'
import { staffLinks } from './staff-links'

const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}

function renderAt(route: string, bootstrap: Bootstrap) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim" element={<StaffIndexPage />} />
        <Route path="/en/yonetim" element={<StaffIndexPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const location = () => screen.getByTestId('location').textContent

describe('/yonetim', () => {
  it("sends an administrator on to the staff menu's first screen", async () => {
    renderAt('/yonetim', guestBootstrap({ user: admin }))
    await waitFor(() => expect(location()).toBe(staffLinks[0]?.path))
  })

  it('keeps the English prefix', async () => {
    renderAt('/en/yonetim', guestBootstrap({ user: admin, locale: 'en' }))
    await waitFor(() => expect(location()).toBe(`/en${staffLinks[0]?.path}`))
  })

  it('tells a dealer the page is for administrators, and stays', async () => {
    renderAt('/yonetim', dealerBootstrap())
    expect(screen.getByRole('heading', { level: 1, name: 'Yönetim sayfaları' })).toBeTruthy()
    expect(screen.getByText('Bu sayfayı yalnızca yönetici hesapları açabilir.')).toBeTruthy()
    expect(location()).toBe('/yonetim')
  })

  it('sends a guest to login and back here after', async () => {
    renderAt('/yonetim', guestBootstrap())
    await waitFor(() => expect(location()).toBe('/account/login?next=%2Fyonetim'))
  })
})
