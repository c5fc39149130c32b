// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render'
import { CookieNotice } from './CookieNotice'

const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock)
})

afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('CookieNotice', () => {
  it('is accepted once and remembered, even when the server call fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'))
    const user = userEvent.setup()
    const first = renderWithProviders(<CookieNotice />)
    expect(screen.getByRole('region', { name: 'Çerez Kullanımı' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Tamam' }))
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/catalog/cookies')
    expect(JSON.parse(String(init?.body))).toEqual({ allowCookies: true })

    first.unmount()
    renderWithProviders(<CookieNotice />)
    expect(screen.queryByRole('region', { name: 'Çerez Kullanımı' })).toBeNull()
  })
})
