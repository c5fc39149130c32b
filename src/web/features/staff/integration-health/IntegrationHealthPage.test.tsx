// @vitest-environment jsdom

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { webhookDeliverySchema } from '../../../../contracts/integration-feeds'
import {
  type FailingDelivery,
  type IntegrationHealth,
  integrationHealthSchema,
  type JobHealth,
} from '../../../../contracts/integration-health'
import { SYNC_RESOURCES } from '../../../../domain/bulk-upsert'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { IntegrationHealthPage } from './IntegrationHealthPage'
import { JOB_POLL_MS } from './integration-health-api'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

// 21:30 UTC is already the next day, 00:30, in Istanbul: the store's zone, not the test machine's.
const AT = '2026-03-14T21:30:00.000Z'
const zeros = { created: 0, updated: 0, unchanged: 0, rejected: 0 }

const job = (overrides: Partial<JobHealth> = {}): JobHealth => ({
  id: 12,
  resource: 'stock',
  status: 'done',
  source: 'api',
  fileName: null,
  total: 1000,
  done: 1000,
  counts: { created: 0, updated: 990, unchanged: 0, rejected: 10 },
  rowsPerSecond: 900,
  secondsLeft: 0,
  createdAt: '2026-03-14T20:00:00.000Z',
  startedAt: '2026-03-14T20:00:01.000Z',
  finishedAt: '2026-03-14T20:00:03.000Z',
  error: null,
  rejectedRowsUrl: null,
  startedBy: 'Logo ERP',
  ...overrides,
})

const delivery = (overrides: Partial<FailingDelivery> = {}): FailingDelivery => ({
  id: 41,
  keyId: 3,
  keyName: 'Logo ERP',
  url: 'https://erp.example.com/hooks',
  event: 'order.created',
  status: 'failed',
  attempts: 6,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  lastAttemptAt: AT,
  nextAttemptAt: null,
  createdAt: '2026-03-14T09:30:00.000Z',
  ...overrides,
})

function health(overrides: Partial<IntegrationHealth> = {}): IntegrationHealth {
  return {
    at: AT,
    since: '2026-03-13T21:30:00.000Z',
    resources: SYNC_RESOURCES.map((resource) =>
      resource === 'products'
        ? {
            resource,
            health: 'rejected',
            lastWriteAt: AT,
            window: { created: 1200, updated: 35, unchanged: 4, rejected: 2 },
            lastErrors: [
              {
                at: AT,
                code: 'KBL-4',
                keyName: 'Logo ERP',
                jobId: null,
                errors: [
                  {
                    field: 'categoryCode',
                    code: 'unknown_reference',
                    message: '"categoryCode": "YOK" koduyla bir kayıt yok.',
                  },
                ],
              },
            ],
          }
        : resource === 'stock'
          ? { resource, health: 'ok', lastWriteAt: '2026-03-14T20:00:03.000Z', window: zeros, lastErrors: [] }
          : { resource, health: 'never', lastWriteAt: null, window: zeros, lastErrors: [] },
    ),
    keys: [
      {
        id: 3,
        name: 'Logo ERP',
        prefix: 'tpk_3f9a1c0b7d2e',
        scopes: ['catalogue:write', 'stock:write'],
        state: 'active',
        lastUsedAt: AT,
        calls: 14,
        errorCalls: 2,
      },
    ],
    jobs: [job()],
    failingDeliveries: [
      delivery({ id: 44, status: 'pending', attempts: 2, nextAttemptAt: '2026-03-14T22:00:00.000Z' }),
      delivery(),
    ],
    ...overrides,
  }
}

function serve(answers: IntegrationHealth[]) {
  let n = 0
  server.use(
    http.get('/yonetim/integration-health', () =>
      apiJson(integrationHealthSchema, answers[Math.min(n++, answers.length - 1)]!),
    ),
    http.post('/yonetim/api-keys/:id/webhooks/deliveries/:deliveryId/replay', ({ params }) =>
      apiJson(webhookDeliverySchema, {
        id: Number(params.deliveryId),
        endpointId: 5,
        url: 'https://erp.example.com/hooks',
        event: 'order.created',
        entity: { kind: 'order', id: '77' },
        status: 'pending',
        attempts: 0,
        lastStatusCode: 500,
        lastError: 'HTTP 500',
        lastAttemptAt: AT,
        nextAttemptAt: AT,
        deliveredAt: null,
        createdAt: '2026-03-14T09:30:00.000Z',
      }),
    ),
  )
  return recordRequests()
}

const renderPage = (role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<IntegrationHealthPage />, {
    bootstrap: staff(role, locale),
    route: locale === 'en' ? '/en/yonetim/entegrasyon' : '/yonetim/entegrasyon',
  })

const reads = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/yonetim/integration-health').length

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('the sync health page', { timeout: 30_000 }, () => {
  it("shows each resource's state and counts, the rejected rows' reasons, the keys, jobs and failing deliveries, in the store's time", async () => {
    serve([health()])
    renderPage()
    const resources = await screen.findByRole('region', { name: 'Kaynaklar' })
    const products = within(resources).getByTestId('health-resource-products')
    expect(within(products).getByTestId('resource-health').textContent).toBe('Reddedilen satır var')
    expect(within(products).getByTestId('count-created').textContent).toBe('1.200')
    expect(within(products).getByTestId('count-rejected').textContent).toBe('2')
    expect(products.textContent).toContain('15.03.2026 00:30')
    const campaigns = within(resources).getByTestId('health-resource-campaigns')
    expect(within(campaigns).getByTestId('resource-health').textContent).toBe('Yazılmadı')
    expect(within(resources).getByTestId('health-resource-stock').textContent).toContain('Sorunsuz')
    expect(screen.getByTestId('health-updated').textContent).toContain('15.03.2026 00:30')

    const errors = screen.getByTestId('health-errors-products')
    expect(errors.textContent).toContain('Kod: KBL-4')
    expect(errors.textContent).toContain('"categoryCode": "YOK" koduyla bir kayıt yok.')
    expect(errors.textContent).toContain('Anahtar: Logo ERP')

    const key = within(screen.getByRole('region', { name: 'API anahtarları' })).getByTestId('health-key')
    expect(key.textContent).toContain('Logo ERP')
    expect(within(key).getByTestId('key-calls').textContent).toBe('14')
    expect(within(key).getByTestId('key-error-calls').textContent).toBe('2')

    const jobRow = within(screen.getByRole('region', { name: 'İşler' })).getByTestId('health-job')
    expect(within(jobRow).getByTestId('job-status').textContent).toBe('Tamamlandı')
    expect(jobRow.textContent).toContain('10 reddedildi')
    // A finished job has no bar; nothing runs, so the page does not poll.
    expect(within(jobRow).queryByRole('progressbar')).toBeNull()
    expect(screen.queryByTestId('health-polling')).toBeNull()

    const deliveries = within(
      screen.getByRole('region', { name: 'Başarısız webhook gönderimleri' }),
    ).getAllByTestId('health-delivery')
    expect(deliveries.map((d) => d.textContent)).toEqual([
      expect.stringContaining('Yeniden denenecek'),
      expect.stringContaining('Vazgeçildi'),
    ])
    expect(deliveries[1]?.textContent).toContain('HTTP 500')
    expect(deliveries[1]?.textContent).toContain('https://erp.example.com/hooks')
  })

  it('sends a failing delivery again through its key’s replay route, then reads the page again', async () => {
    const requests = serve([health(), health({ failingDeliveries: [] })])
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Yeniden gönder: #41' }))
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.method === 'POST' && r.path === '/yonetim/api-keys/3/webhooks/deliveries/41/replay',
        ),
      ).toBe(true),
    )
    expect(await screen.findByText('Başarısız webhook gönderimi yok.')).toBeTruthy()
    expect(reads(requests)).toBe(2)
  })

  it('draws a bar for a running job and reads again while it runs, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const running = job({ status: 'running', done: 400, finishedAt: null, secondsLeft: 1 })
    const requests = serve([health({ jobs: [running] }), health({ jobs: [job()] })])
    renderPage()
    const bar = await screen.findByRole('progressbar', { name: 'İş #12 ilerlemesi' })
    expect(bar.getAttribute('aria-valuenow')).toBe('40')
    expect(screen.getByTestId('health-polling')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS))
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull())
    expect(reads(requests)).toBe(2)
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_MS * 3))
    expect(reads(requests)).toBe(2)
    expect(screen.queryByTestId('health-polling')).toBeNull()
  })

  it('refreshes on demand, and leaves the replay out for a role that only reads', async () => {
    const requests = serve([health()])
    renderPage('readonly')
    await screen.findByRole('region', { name: 'Kaynaklar' })
    expect(screen.queryByRole('button', { name: /^Yeniden gönder/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Yenile' }))
    await waitFor(() => expect(reads(requests)).toBe(2))
  })

  it('says what is empty, what failed, and draws cards on a phone in English', async () => {
    serve([
      health({
        resources: SYNC_RESOURCES.map((resource) => ({
          resource,
          health: 'never',
          lastWriteAt: null,
          window: zeros,
          lastErrors: [],
        })),
        keys: [],
        jobs: [],
        failingDeliveries: [],
      }),
    ])
    const empty = renderPage()
    expect(await screen.findByText('Reddedilen satır yok.')).toBeTruthy()
    expect(screen.getByText('Kullanılabilir bir API anahtarı yok.')).toBeTruthy()
    expect(screen.getByText('Henüz iş yok.')).toBeTruthy()
    expect(screen.getByText('Başarısız webhook gönderimi yok.')).toBeTruthy()
    expect(screen.getAllByText('Yazılmadı')).toHaveLength(SYNC_RESOURCES.length)
    empty.unmount()

    server.use(http.get('/yonetim/integration-health', () => apiError(500, 'internal', 'Beklenmeyen hata')))
    const failed = renderPage()
    expect(await screen.findByText('Entegrasyon durumu yüklenemedi.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeTruthy()
    failed.unmount()

    mockPhoneWidth()
    serve([health()])
    renderPage('owner', 'en')
    const cards = await screen.findByRole('list', { name: 'Resources' })
    const products = within(cards).getByTestId('health-resource-products')
    expect(products.textContent).toContain('Rejected rows')
    expect(within(products).getByTestId('count-created').textContent).toBe('1,200')
    expect(screen.getByRole('region', { name: 'Failing webhook deliveries' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Send again: #41' })).toBeTruthy()
  })
})
