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

    // Its height is on the document while shown, so the statement's sticky pay bar stays above it.
    const height = () => document.documentElement.style.getPropertyValue('--cookie-notice-height')
    expect(height()).toMatch(/^\d+px$/)

    await user.click(screen.getByRole('button', { name: 'Tamam' }))
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
    expect(height()).toBe('')
    await waitFor(() => expect(requests[0]?.body).toEqual({ allowCookies: true }))
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/catalog/cookies'])

    first.unmount()
    renderWithProviders(<CookieNotice />)
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
  })
})
