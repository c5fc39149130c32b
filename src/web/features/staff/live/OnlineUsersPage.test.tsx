// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../../contracts/bootstrap'
import type { OnlineUser } from '../../../../contracts/staff-live'
import { FakeWebSocket } from '../../../test/fake-websocket'
import { dealer, dealerBootstrap, guestBootstrap } from '../../../test/fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { renderWithProviders } from '../../../test/render'
import { OnlineUsersPage } from './OnlineUsersPage'

const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}
const adminBootstrap = (overrides: Partial<Bootstrap> = {}) => guestBootstrap({ user: admin, ...overrides })

const user = (overrides: Partial<OnlineUser> = {}): OnlineUser => ({
  id: 11,
  name: 'ismail Şen',
  date: '2026-03-14T12:00:00.000Z',
  status: 'online',
  ...overrides,
})

function renderPage(route = '/yonetim/online-kullanicilar', bootstrap: Bootstrap = adminBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/online-kullanicilar" element={<OnlineUsersPage />} />
        <Route path="/en/yonetim/online-kullanicilar" element={<OnlineUsersPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const connection = () => screen.getByTestId('live-connection')
const cards = () => screen.queryAllByTestId('online-user')
const cardOf = (id: number) => cards().find((c) => c.dataset.userId === String(id))!
const push = (onlineUsers: OnlineUser[]) =>
  act(() => FakeWebSocket.last.push({ type: 'updateOnlineUsers', onlineUsers }))

beforeEach(() => {
  FakeWebSocket.install()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('Online users, for an administrator', () => {
  it('opens the staff socket, asks with the page host, and shows each user as a card', async () => {
    renderPage()
    expect(screen.getByRole('heading', { name: 'Online Kullanıcılar' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Kullanıcılar yükleniyor' })).toBeTruthy()
    expect(connection().textContent).toBe('Canlı bağlantı: Bağlanıyor…')
    expect(FakeWebSocket.last.url).toBe(`ws://${window.location.host}/ws/online-users`)

    act(() => FakeWebSocket.last.open())
    expect(FakeWebSocket.last.sentMessages).toEqual([
      { type: 'checkOnlineUsers', host: window.location.host },
    ])
    expect(connection().textContent).toBe('Canlı bağlantı: Canlı')

    push([
      user(),
      user({ id: 12, name: 'Ahmet Yılmaz', status: 'offline', date: '2026-03-14T11:30:00.000Z' }),
      user({ id: 13, name: 'Deniz Ak', status: 'away' }),
    ])
    expect(cards().map((c) => c.dataset.userId)).toEqual(['11', '12', '13'])
    const first = cardOf(11)
    // The first letter the Turkish way, the name, when last seen, and the status in words.
    expect(first.querySelector('.mantine-Avatar-root')?.textContent).toBe('İ')
    expect(within(first).getByTestId('online-user-name').textContent).toBe('ismail Şen')
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-14T12:00:00.000Z')
    expect(first.textContent).toContain('Son görülme: 14.03.2026 15:00')
    expect(within(first).getByTestId('online-user-status').textContent).toBe('Çevrimiçi')
    expect(within(cardOf(12)).getByTestId('online-user-status').textContent).toBe('Çevrimdışı')
    // Any status other than 'online' is offline (spec/2 §3).
    expect(within(cardOf(13)).getByTestId('online-user-status').textContent).toBe('Çevrimdışı')
    expect(screen.getByTestId('online-count').textContent).toBe('1 çevrimiçi')
    expect(screen.getByRole('list', { name: 'Kullanıcılar' })).toBeTruthy()
    expect(screen.queryByTestId('online-empty')).toBeNull()

    const menu = screen.getByRole('navigation', { name: 'Yönetim sayfaları' })
    const link = within(menu).getByRole('link', { name: 'Online Kullanıcılar' })
    expect(link.getAttribute('aria-current')).toBe('page')
    expect(within(menu).getByRole('link', { name: 'Müşteri Sepetleri' }).getAttribute('href')).toBe(
      '/yonetim/musteri-sepetleri',
    )
  })

  it('replaces the list with every list the server sends', () => {
    renderPage()
    act(() => FakeWebSocket.last.open())
    push([user()])
    push([user({ id: 20, name: 'Yeni Bayi' }), user({ id: 11, status: 'offline' })])
    expect(cards().map((c) => c.dataset.userId)).toEqual(['20', '11'])
    expect(within(cardOf(11)).getByTestId('online-user-status').textContent).toBe('Çevrimdışı')
  })

  it('says nobody is online, above any offline users still listed', () => {
    renderPage()
    act(() => FakeWebSocket.last.open())
    push([])
    expect(screen.getByTestId('online-empty').textContent).toBe('Şu anda online kullanıcı bulunmamaktadır.')
    expect(cards()).toHaveLength(0)
    push([user({ status: 'offline' })])
    expect(screen.getByTestId('online-empty').textContent).toBe('Şu anda online kullanıcı bulunmamaktadır.')
    expect(cards()).toHaveLength(1)
  })

  it('asks again every 10 seconds while open', () => {
    vi.useFakeTimers()
    renderPage()
    act(() => FakeWebSocket.last.open())
    act(() => vi.advanceTimersByTime(9_999))
    expect(FakeWebSocket.last.sent).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    act(() => vi.advanceTimersByTime(10_000))
    expect(FakeWebSocket.last.sent).toHaveLength(3)
    expect(new Set(FakeWebSocket.last.sent).size).toBe(1)
  })

  it('reconnects after a loss, waiting longer each time, and asks again once back', () => {
    vi.useFakeTimers()
    vi.spyOn(Math, 'random').mockReturnValue(1)
    renderPage()
    act(() => FakeWebSocket.last.open())
    push([user()])
    act(() => FakeWebSocket.last.drop())
    expect(connection().textContent).toBe('Canlı bağlantı: Bağlantı koptu, yeniden bağlanıyor…')
    // The last list stays on screen meanwhile, and no message is sent on a closed socket.
    expect(cards()).toHaveLength(1)
    act(() => vi.advanceTimersByTime(999))
    expect(FakeWebSocket.made).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    expect(FakeWebSocket.made).toHaveLength(2)
    // Refused again: the next try waits 2 s.
    act(() => FakeWebSocket.last.drop())
    act(() => vi.advanceTimersByTime(1_999))
    expect(FakeWebSocket.made).toHaveLength(2)
    act(() => vi.advanceTimersByTime(1))
    expect(FakeWebSocket.made).toHaveLength(3)
    act(() => FakeWebSocket.last.open())
    expect(connection().textContent).toBe('Canlı bağlantı: Canlı')
    expect(FakeWebSocket.last.sentMessages).toEqual([
      { type: 'checkOnlineUsers', host: window.location.host },
    ])
  })

  it('stops and says so when the server ends the session', () => {
    vi.useFakeTimers()
    renderPage()
    act(() => FakeWebSocket.last.open())
    act(() => FakeWebSocket.last.drop(4401))
    expect(connection().textContent).toBe('Canlı bağlantı: Oturum sona erdi; lütfen sayfayı yenileyin.')
    act(() => vi.advanceTimersByTime(60_000))
    expect(FakeWebSocket.made).toHaveLength(1)
  })

  it('ignores what is not a message of ours', () => {
    renderPage()
    act(() => FakeWebSocket.last.open())
    push([user()])
    act(() => FakeWebSocket.last.pushText('not json'))
    act(() => FakeWebSocket.last.pushText('{"type":"updateOnlineUsers","onlineUsers":"x"}'))
    expect(cards()).toHaveLength(1)
  })

  it('closes the socket when the page is left', () => {
    const { unmount } = renderPage()
    act(() => FakeWebSocket.last.open())
    unmount()
    expect(FakeWebSocket.last.closedByPage).toBe(true)
  })

  it('speaks English at /en/yonetim/online-kullanicilar', () => {
    renderPage('/en/yonetim/online-kullanicilar', adminBootstrap({ locale: 'en' }))
    expect(screen.getByRole('heading', { name: 'Online users' })).toBeTruthy()
    act(() => FakeWebSocket.last.open())
    push([user(), user({ id: 12, status: 'offline' })])
    expect(cardOf(11).querySelector('.mantine-Avatar-root')?.textContent).toBe('I')
    expect(within(cardOf(11)).getByTestId('online-user-status').textContent).toBe('Online')
    expect(within(cardOf(12)).getByTestId('online-user-status').textContent).toBe('Offline')
    expect(cardOf(11).textContent).toContain('Last seen: 14 Mar 2026, 15:00')
    push([])
    expect(screen.getByTestId('online-empty').textContent).toBe('There are no users online at the moment.')
  })

  it("writes the last time seen in the store's time zone setting", () => {
    const london = adminBootstrap()
    renderPage('/yonetim/online-kullanicilar', {
      ...london,
      settings: { ...london.settings, timeZone: 'Europe/London' },
    })
    act(() => FakeWebSocket.last.open())
    push([user()])
    expect(cardOf(11).textContent).toContain('Son görülme: 14.03.2026 12:00')
  })
})

describe('Online users, for anyone else', () => {
  it('refuses a dealer without opening a socket', () => {
    renderPage('/yonetim/online-kullanicilar', dealerBootstrap())
    expect(screen.getByText('Bu sayfa yöneticiler içindir')).toBeTruthy()
    expect(FakeWebSocket.made).toHaveLength(0)
  })

  it('sends a guest to login and back here after', async () => {
    renderPage('/yonetim/online-kullanicilar', guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/account/login?next=%2Fyonetim%2Fonline-kullanicilar',
      ),
    )
    expect(FakeWebSocket.made).toHaveLength(0)
  })
})
