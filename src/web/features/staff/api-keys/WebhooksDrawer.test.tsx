// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { type ApiKey, apiKeyListSchema } from '../../../../contracts/api-keys'
import {
  type WebhookDelivery,
  webhookDeliverySchema,
  webhookEndpointIssuedSchema,
  webhooksViewSchema,
} from '../../../../contracts/integration-feeds'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { ApiKeysPage } from './ApiKeysPage'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

const apiKey: ApiKey = {
  id: 3,
  name: 'Logo ERP',
  prefix: 'tpk_3f9a1c0b7d2e',
  scopes: ['orders:read'],
  state: 'active',
  createdAt: '2026-03-14T09:30:00.000Z',
  createdBy: 'Zeynep Sahip',
  lastUsedAt: null,
  revokedAt: null,
  expiresAt: null,
  rotatedFromId: null,
}

const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 41,
  endpointId: 5,
  url: 'https://erp.example.com/hooks',
  event: 'order.created',
  entity: { kind: 'order', id: '77' },
  status: 'failed',
  attempts: 6,
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  lastAttemptAt: '2026-03-14T21:30:00.000Z',
  nextAttemptAt: null,
  deliveredAt: null,
  createdAt: '2026-03-14T09:30:00.000Z',
  ...overrides,
})

const SECRET = `whsec_${'W'.repeat(43)}`

function serve() {
  server.use(
    http.get('/yonetim/api-keys', () => apiJson(apiKeyListSchema, { items: [apiKey] })),
    http.get('/yonetim/api-keys/3/webhooks', () =>
      apiJson(webhooksViewSchema, {
        endpoints: [
          {
            id: 5,
            url: 'https://erp.example.com/hooks',
            events: ['order.created', 'payment.received'],
            createdAt: '2026-03-14T09:00:00.000Z',
            createdBy: 'Zeynep Sahip',
          },
        ],
        deliveries: [delivery()],
      }),
    ),
    http.post('/yonetim/api-keys/3/webhooks', () =>
      apiJson(webhookEndpointIssuedSchema, {
        id: 6,
        url: 'https://erp.example.com/payments',
        events: ['payment.received'],
        createdAt: '2026-03-14T10:00:00.000Z',
        createdBy: 'Zeynep Sahip',
        secret: SECRET,
      }),
    ),
    http.post('/yonetim/api-keys/3/webhooks/deliveries/41/replay', () =>
      apiJson(
        webhookDeliverySchema,
        delivery({ status: 'pending', attempts: 0, nextAttemptAt: '2026-03-14T10:00:00.000Z' }),
      ),
    ),
  )
  return recordRequests()
}

const openDrawer = async (role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') => {
  renderWithProviders(<ApiKeysPage />, { bootstrap: staff(role, locale), route: '/yonetim/api-anahtarlari' })
  fireEvent.click(
    await screen.findByRole('button', {
      name: locale === 'tr' ? "Webhook'lar: Logo ERP" : 'Webhooks: Logo ERP',
    }),
  )
  return screen.findByRole('dialog')
}

describe("an API key's webhooks", { timeout: 30_000 }, () => {
  it('lists the endpoints and the delivery log, replays a delivery, and adds an endpoint whose secret shows once', async () => {
    const calls = serve()
    const drawer = await openDrawer()
    const log = await within(drawer).findByTestId('webhook-deliveries')
    expect(within(drawer).getByTestId('webhook-endpoints').textContent).toContain(
      'https://erp.example.com/hooks',
    )
    expect(within(drawer).getByTestId('webhook-endpoints').textContent).toContain(
      'Yeni sipariş, Ödeme alındı',
    )
    const row = within(log).getByText('Başarısız').closest('tr') as HTMLElement
    expect(row.textContent).toContain('HTTP 500')
    expect(row.textContent).toContain('6')

    fireEvent.click(within(row).getByRole('button', { name: 'Yeniden gönder: #41' }))
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'POST' && c.path === '/yonetim/api-keys/3/webhooks/deliveries/41/replay',
        ),
      ).toBe(true),
    )

    // A URL that is not absolute is refused before it is sent.
    fireEvent.change(within(drawer).getByLabelText(/Adres \(URL\)/), { target: { value: 'erp.example.com' } })
    fireEvent.click(within(drawer).getByRole('button', { name: 'Adresi ekle' }))
    expect(
      await within(drawer).findByText('http:// ya da https:// ile başlayan tam bir adres girin.'),
    ).toBeTruthy()
    fireEvent.change(within(drawer).getByLabelText(/Adres \(URL\)/), {
      target: { value: 'https://erp.example.com/payments' },
    })
    fireEvent.click(within(drawer).getByLabelText('Yeni sipariş'))
    fireEvent.click(within(drawer).getByRole('button', { name: 'Adresi ekle' }))
    const secret = (await within(drawer).findByTestId('webhook-secret')) as HTMLInputElement
    expect(secret.value).toBe(SECRET)
    const created = calls.find((c) => c.method === 'POST' && c.path === '/yonetim/api-keys/3/webhooks')
    expect(created?.body).toEqual({ url: 'https://erp.example.com/payments', events: ['payment.received'] })
  })

  it('shows a read-only role the log without the add form or the replay buttons, in English too', async () => {
    serve()
    const drawer = await openDrawer('readonly', 'en')
    const log = await within(drawer).findByTestId('webhook-deliveries')
    expect(within(log).getByText('Failed')).toBeTruthy()
    expect(within(drawer).queryByRole('button', { name: /Send again/ })).toBeNull()
    expect(within(drawer).queryByRole('form', { name: 'Add a webhook address' })).toBeNull()
    expect(within(drawer).queryByRole('button', { name: /Remove/ })).toBeNull()
  })
})
