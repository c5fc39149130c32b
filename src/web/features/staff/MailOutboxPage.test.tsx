// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import {
  type MailOutboxItem,
  type MailOutboxList,
  type MailStatus,
  mailOutboxListSchema,
} from '../../../contracts/mail-outbox'
import { setCsrfToken } from '../../lib/api-client'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiJson, type RecordedRequest, recordRequests } from '../../test/network'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { MailOutboxPage } from './MailOutboxPage'

const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}
const adminBootstrap = (overrides: Partial<Bootstrap> = {}) => guestBootstrap({ user: admin, ...overrides })

/** A mail as the server lists it; created at midday UTC so its date is the same in any time zone. */
function mail(overrides: Partial<MailOutboxItem> = {}): MailOutboxItem {
  return {
    id: 41,
    kind: 'order_confirmation',
    recipient: 'ayse@bayi.example',
    subject: 'Siparişiniz alındı: S2026-000077',
    status: 'failed',
    attempts: 6,
    nextAttemptAt: '2026-03-14T12:40:00.000Z',
    lastError: '550 5.1.1 Mailbox unavailable',
    createdAt: '2026-03-14T12:00:00.000Z',
    sentAt: null,
    document: { type: 'order', id: 77, no: 'S2026-000077' },
    ...overrides,
  }
}

function page(items: MailOutboxItem[], overrides: Partial<MailOutboxList> = {}): MailOutboxList {
  return { items, page: 1, pages: items.length ? 1 : 0, limit: 50, total: items.length, ...overrides }
}

const failedMails = () => [
  mail(),
  mail({
    id: 40,
    kind: 'offer',
    recipient: 'musteri@ornek.example',
    subject: 'Teklifiniz: T2026-000012',
    attempts: 6,
    lastError: 'connect ECONNREFUSED 127.0.0.1:587',
    document: { type: 'offer', id: 12, no: 'T2026-000012' },
  }),
]
const pendingMails = () => [
  mail({ id: 42, status: 'pending', attempts: 1, lastError: '421 Try again later', document: null }),
]
const sentMails = () => [
  mail({ id: 39, status: 'sent', attempts: 1, lastError: null, sentAt: '2026-03-14T12:01:00.000Z' }),
]

/** What each status lists, changeable by a test (a retry moves a mail out of "failed"). */
let lists: Record<MailStatus, MailOutboxItem[]>

const listHandler = http.get('/yonetim/mail-outbox', ({ request }) => {
  const status = new URL(request.url).searchParams.get('status') as MailStatus
  return apiJson(mailOutboxListSchema, page(lists[status] ?? []))
})

let recorded: RecordedRequest[] = []
/** Every request the page made, as 'METHOD /path?query'. */
const requests = () => recorded.map((r) => `${r.method} ${r.path}`)

beforeEach(() => {
  recorded = recordRequests()
})

afterEach(() => {
  // Toasts live in a module-wide store: one test's must not show up in the next.
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

function serve(overrides: Partial<Record<MailStatus, MailOutboxItem[]>> = {}) {
  lists = { failed: failedMails(), pending: pendingMails(), sent: sentMails(), ...overrides }
  server.use(listHandler)
}

function renderPage(route = '/yonetim/e-postalar', bootstrap: Bootstrap = adminBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/yonetim/e-postalar" element={<MailOutboxPage />} />
        <Route path="/en/yonetim/e-postalar" element={<MailOutboxPage />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const rows = () => screen.getAllByTestId('mail-row')
const row = (id: number) => rows().find((r) => r.dataset.mailId === String(id))!
const headers = () =>
  within(screen.getByTestId('mail-table'))
    .getAllByRole('columnheader')
    .map((th) => th.textContent)
/** A row's cells as read: recipient and subject as 'recipient | subject', a date by its full title. */
const cells = (id: number) =>
  within(row(id))
    .getAllByRole('cell')
    .map((cell) => {
      const time = cell.querySelector('time')
      if (time) return time.getAttribute('title')
      const recipient = cell.querySelector('[data-testid="mail-recipient"]')
      const subject = cell.querySelector('[data-testid="mail-subject"]')
      if (recipient) return `${recipient.textContent} | ${subject?.textContent}`
      return cell.textContent
    })
const listRequests = () => requests().filter((r) => r.startsWith('GET /yonetim/mail-outbox'))

describe('The mail queue for an administrator', () => {
  it('shows a skeleton, then the failed mails first, each with its retry button', async () => {
    serve()
    renderPage()
    expect(screen.getByRole('heading', { name: 'E-posta kuyruğu' })).toBeTruthy()
    expect(screen.getByRole('status', { name: 'E-postalar yükleniyor' })).toBeTruthy()
    await screen.findByTestId('mail-table')
    expect(listRequests()).toEqual(['GET /yonetim/mail-outbox?status=failed&page=1'])
    expect(screen.getByRole('radio', { name: 'Başarısız' })).toHaveProperty('checked', true)
    expect(headers()).toEqual([
      'Tür',
      'Alıcı ve konu',
      'İlgili belge',
      'Deneme',
      'Son hata',
      'Oluşturulma',
      'Son deneme',
      'İşlem',
    ])
    expect(rows()).toHaveLength(2)
    const [kind, recipient, document, attempts, lastError, created, lastTry, action] = cells(41)
    expect([kind, recipient, document, attempts, lastError, action]).toEqual([
      'Sipariş onayı',
      'ayse@bayi.example | Siparişiniz alındı: S2026-000077',
      'Sipariş S2026-000077',
      '6',
      '550 5.1.1 Mailbox unavailable',
      'Tekrar dene',
    ])
    // In the store's time zone (Istanbul, UTC+3), whatever the machine's is.
    expect(created).toBe('14.03.2026 15:00')
    expect(lastTry).toBe('14.03.2026 15:40')
    expect(within(row(41)).getAllByRole('cell')[5]?.textContent).toBe('14.03.202615:00')
    expect(cells(40).slice(0, 3)).toEqual([
      'Teklif',
      'musteri@ornek.example | Teklifiniz: T2026-000012',
      'Teklif T2026-000012',
    ])
    expect(screen.getByRole('button', { name: 'musteri@ornek.example adresine giden e-postayı tekrar dene' }))
    expect(screen.getByTestId('mail-total').textContent).toBe('2 e-posta')
    // The staff menu has this screen, marked as the current one.
    const menu = screen.getByRole('navigation', { name: 'Yönetim sayfaları' })
    const link = within(menu).getByRole('link', { name: 'E-posta kuyruğu' })
    expect(link.getAttribute('href')).toBe('/yonetim/e-postalar')
    expect(link.getAttribute('aria-current')).toBe('page')
  })

  it('lists pending mails with their next attempt and sent ones with their send time and no retry', async () => {
    serve()
    renderPage()
    await screen.findByTestId('mail-table')

    fireEvent.click(screen.getByRole('radio', { name: 'Bekleyen' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/yonetim/e-postalar?status=pending'),
    )
    await waitFor(() => expect(rows().map((r) => r.dataset.mailId)).toEqual(['42']))
    expect(headers()).toContain('Sonraki deneme')
    expect(cells(42)[2]).toBe('—')
    expect(cells(42)[4]).toBe('421 Try again later')
    expect(within(row(42)).getByRole('button', { name: /tekrar dene$/ })).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Gönderilen' }))
    await waitFor(() => expect(rows().map((r) => r.dataset.mailId)).toEqual(['39']))
    expect(screen.getByTestId('location').textContent).toBe('/yonetim/e-postalar?status=sent')
    expect(headers()).toEqual([
      'Tür',
      'Alıcı ve konu',
      'İlgili belge',
      'Deneme',
      'Son hata',
      'Oluşturulma',
      'Gönderilme',
    ])
    expect(cells(39)[4]).toBe('—')
    expect(cells(39)[6]).toBe('14.03.2026 15:01')
    expect(screen.queryByRole('button', { name: /tekrar dene$/ })).toBeNull()
    expect(listRequests()).toEqual([
      'GET /yonetim/mail-outbox?status=failed&page=1',
      'GET /yonetim/mail-outbox?status=pending&page=1',
      'GET /yonetim/mail-outbox?status=sent&page=1',
    ])
  })

  it('says so when a status has no mails', async () => {
    serve({ failed: [], sent: [] })
    renderPage()
    expect((await screen.findByTestId('mail-empty')).textContent).toBe('Gönderilemeyen e-posta yok.')
    expect(screen.queryByTestId('mail-table')).toBeNull()
    expect(screen.queryByTestId('mail-total')).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: 'Gönderilen' }))
    await waitFor(() =>
      expect(screen.getByTestId('mail-empty').textContent).toBe('Henüz gönderilmiş e-posta yok.'),
    )
  })

  it('retries a failed mail: posts to its retry address, stays focused and busy, toasts and reads the list again', async () => {
    serve()
    setCsrfToken('csrf-of-this-page')
    let answer: (response: Response) => void = () => {}
    const posted: { path: string; csrf: string | null }[] = []
    server.use(
      http.post('/yonetim/mail-outbox/:id/retry', ({ request }) => {
        posted.push({ path: new URL(request.url).pathname, csrf: request.headers.get('x-csrf-token') })
        return new Promise<Response>((resolve) => {
          answer = resolve
        })
      }),
    )
    renderPage()
    await screen.findByTestId('mail-table')

    const retry = within(row(41)).getByRole('button', {
      name: 'ayse@bayi.example adresine giden e-postayı tekrar dene',
    })
    retry.focus()
    fireEvent.click(retry)
    await waitFor(() =>
      expect(posted).toEqual([{ path: '/yonetim/mail-outbox/41/retry', csrf: 'csrf-of-this-page' }]),
    )
    expect(retry.getAttribute('aria-busy')).toBe('true')
    expect(retry.hasAttribute('disabled')).toBe(false)
    expect(document.activeElement).toBe(retry)
    // A second click while it runs sends nothing more.
    fireEvent.click(retry)
    expect(posted).toHaveLength(1)

    // The server made it pending: it leaves the failed list.
    const retried = mail({ status: 'pending', attempts: 0 })
    lists = { ...lists, failed: lists.failed.filter((m) => m.id !== 41), pending: [retried] }
    answer(HttpResponse.json(retried))

    expect(await screen.findByText('E-posta yeniden gönderim sırasına alındı.')).toBeTruthy()
    await waitFor(() => expect(rows().map((r) => r.dataset.mailId)).toEqual(['40']))
    // Its row is gone: the focus moves to the retry button now in its place, not to the page's top.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(row(40)).getByRole('button', { name: /musteri@ornek\.example/ }),
      ),
    )
    expect(listRequests()).toEqual([
      'GET /yonetim/mail-outbox?status=failed&page=1',
      'GET /yonetim/mail-outbox?status=failed&page=1',
    ])
  })

  it("shows the server's reason when a mail was sent meanwhile, and reads the list again", async () => {
    serve({ pending: [mail({ id: 42, status: 'pending', attempts: 1 })] })
    server.use(
      http.post('/yonetim/mail-outbox/:id/retry', () =>
        HttpResponse.json(
          {
            error: {
              code: 'already_sent',
              messages: { type: 'Bu e-posta zaten gönderildi; tekrar gönderilmez.' },
            },
          },
          { status: 409 },
        ),
      ),
    )
    renderPage('/yonetim/e-postalar?status=pending')
    await screen.findByTestId('mail-table')
    lists = { ...lists, pending: [] }
    fireEvent.click(within(row(42)).getByRole('button', { name: /tekrar dene$/ }))
    expect(await screen.findByText('Bu e-posta zaten gönderildi; tekrar gönderilmez.')).toBeTruthy()
    expect((await screen.findByTestId('mail-empty')).textContent).toBe('Gönderilmeyi bekleyen e-posta yok.')
    expect(requests()).toContain('POST /yonetim/mail-outbox/42/retry')
  })

  it('offers a retry when the list cannot be loaded', async () => {
    serve()
    server.use(
      http.get(
        '/yonetim/mail-outbox',
        () =>
          HttpResponse.json(
            { error: { code: 'internal', messages: { type: 'Sunucu hatası' } } },
            { status: 500 },
          ),
        {
          once: true,
        },
      ),
    )
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('E-postalar yüklenemedi')
    expect(alert.textContent).toContain('Sunucu hatası')
    fireEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
  })

  it('moves between pages through the address', async () => {
    serve()
    server.use(
      http.get('/yonetim/mail-outbox', ({ request }) => {
        const n = Number(new URL(request.url).searchParams.get('page'))
        return HttpResponse.json(page([mail({ id: 100 - n })], { page: n, pages: 3, total: 101 }))
      }),
    )
    renderPage()
    await screen.findByTestId('mail-table')
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 2' }))
    await waitFor(() => expect(rows().map((r) => r.dataset.mailId)).toEqual(['98']))
    expect(screen.getByTestId('location').textContent).toBe('/yonetim/e-postalar?page=2')
    // Another status starts at its first page.
    fireEvent.click(screen.getByRole('radio', { name: 'Gönderilen' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/yonetim/e-postalar?status=sent'),
    )
    expect(listRequests().at(-1)).toBe('GET /yonetim/mail-outbox?status=sent&page=1')
  })

  it('shows each mail as a card on a phone', async () => {
    mockPhoneWidth()
    serve()
    renderPage()
    const cards = await screen.findByTestId('mail-cards')
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2)
    const card = row(41)
    expect(card.textContent).toContain('ayse@bayi.example')
    expect(card.textContent).toContain('Sipariş onayı')
    expect(card.textContent).toContain('Son deneme')
    expect(card.textContent).toContain('550 5.1.1 Mailbox unavailable')
    expect(within(card).getByRole('button', { name: /tekrar dene$/ })).toBeTruthy()
    expect(screen.queryByTestId('mail-table')).toBeNull()
  })

  it('speaks English at /en/yonetim/e-postalar', async () => {
    serve()
    renderPage('/en/yonetim/e-postalar', adminBootstrap({ locale: 'en' }))
    expect(screen.getByRole('heading', { name: 'Mail queue' })).toBeTruthy()
    await screen.findByTestId('mail-table')
    expect(screen.getByRole('radio', { name: 'Failed' })).toHaveProperty('checked', true)
    expect(headers()).toContain('Recipient and subject')
    expect(cells(41).slice(0, 3)).toEqual([
      'Order confirmation',
      'ayse@bayi.example | Siparişiniz alındı: S2026-000077',
      'Order S2026-000077',
    ])
    expect(cells(41)[5]).toBe('14 Mar 2026, 15:00')
    expect(within(row(41)).getByRole('button', { name: 'Retry the e-mail to ayse@bayi.example' }))
    const link = within(screen.getByRole('navigation', { name: 'Staff pages' })).getByRole('link', {
      name: 'Mail queue',
    })
    expect(link.getAttribute('href')).toBe('/en/yonetim/e-postalar')
  })
})

describe('The mail queue for anyone else', () => {
  it('refuses a dealer without asking the server', async () => {
    serve()
    renderPage('/yonetim/e-postalar', dealerBootstrap())
    expect(screen.getByText('Bu sayfa yöneticiler içindir')).toBeTruthy()
    expect(screen.getByText('Bu sayfayı yalnızca yönetici hesapları açabilir.')).toBeTruthy()
    expect(screen.queryByRole('radio', { name: 'Başarısız' })).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Yönetim sayfaları' })).toBeNull()
    // Give a query the chance to start.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(requests()).toEqual([])
  })

  it('sends a guest to login and back here after', async () => {
    serve()
    renderPage('/yonetim/e-postalar?status=sent', guestBootstrap())
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/account/login?next=%2Fyonetim%2Fe-postalar%3Fstatus%3Dsent',
      ),
    )
    expect(requests()).toEqual([])
  })
})
