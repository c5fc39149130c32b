// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import { recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CookieNotice } from './CookieNotice'

describe('CookieNotice', () => {
  it('is accepted once and remembered, even when the server call fails', async () => {
    server.use(http.post('/api/catalog/cookies', () => HttpResponse.error()))
    const requests = recordRequests()
    const user = userEvent.setup()
    const first = renderWithProviders(<CookieNotice />)
    expect(screen.getByRole('region', { name: 'Çerez Kullanımı' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Tamam' }))
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
    await waitFor(() => expect(requests[0]?.body).toEqual({ allowCookies: true }))
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/catalog/cookies'])

    first.unmount()
    renderWithProviders(<CookieNotice />)
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
  })
})
