// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { storeNotificationsSchema } from '../../../../contracts/store-notifications'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StoreNotificationsPage } from './StoreNotificationsPage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => act(() => notifications.clean()))

function serve(recipients: string[], storeEmail: string | null = 'info@magaza.test') {
  server.use(
    http.get('/yonetim/settings/notifications', () =>
      apiJson(storeNotificationsSchema, { recipients, storeEmail }),
    ),
  )
}

const field = () => screen.findByRole('textbox', { name: /Alıcı e-posta adresleri/ })

describe('The notification e-mails screen', () => {
  it('shows the addresses set, one a line, and who gets the mails while none is set', async () => {
    serve(['satis@magaza.test', 'depo@magaza.test'])
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('owner'),
      route: '/yonetim/bildirim-ayarlari',
    })
    expect(((await field()) as HTMLTextAreaElement).value).toBe('satis@magaza.test\ndepo@magaza.test')
    expect(screen.getByTestId('notification-fallback').textContent).toBe(
      'Liste boşken e-postalar mağazanın adresine gider: info@magaza.test.',
    )
    // Nothing changed yet: nothing to save.
    expect((screen.getByRole('button', { name: 'Kaydet' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('names the address at fault before sending anything, and keeps what was typed', async () => {
    serve([])
    const requests = recordRequests()
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('owner'),
      route: '/yonetim/bildirim-ayarlari',
    })
    const input = await field()
    await userEvent.type(input, 'satis@magaza.test{enter}depo-magaza')
    expect(screen.getByRole('status').textContent).toBe('Kaydedilmemiş değişiklikler var.')
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect(await screen.findByText('Geçerli bir e-posta adresi değil: depo-magaza')).toBeTruthy()
    expect((input as HTMLTextAreaElement).value).toBe('satis@magaza.test\ndepo-magaza')
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0)
  })

  it('saves the list, shows it as stored, and warns before leaving only while changes are unsaved', async () => {
    serve([])
    server.use(
      http.put('/yonetim/settings/notifications', () =>
        apiJson(storeNotificationsSchema, {
          recipients: ['satis@magaza.test'],
          storeEmail: 'info@magaza.test',
        }),
      ),
    )
    const requests = recordRequests()
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('owner'),
      route: '/yonetim/bildirim-ayarlari',
    })
    const input = await field()
    await userEvent.type(input, 'Satis@Magaza.test')
    const leaving = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(leaving)
    expect(leaving.defaultPrevented).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect(await screen.findByText('Bildirim alıcıları kaydedildi.')).toBeTruthy()
    const put = requests.find((r) => r.method === 'PUT')!
    await waitFor(() => expect(put.body).toEqual({ recipients: ['satis@magaza.test'] }))
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('satis@magaza.test'))
    const after = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(after)
    expect(after.defaultPrevented).toBe(false)
  })

  it('takes an address typed in capitals for the one stored: nothing to save', async () => {
    serve(['satis@magaza.test'])
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('owner'),
      route: '/yonetim/bildirim-ayarlari',
    })
    const input = await field()
    await userEvent.clear(input)
    await userEvent.type(input, 'SATIS@Magaza.test')
    expect((screen.getByRole('button', { name: 'Kaydet' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByText('Kaydedilmemiş değişiklikler var.')).toBeNull()
  })

  it("shows the server's refusal", async () => {
    serve([])
    server.use(
      http.put('/yonetim/settings/notifications', () =>
        apiError(503, 'unavailable', 'Hizmet şu an kullanılamıyor.'),
      ),
    )
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('owner'),
      route: '/yonetim/bildirim-ayarlari',
    })
    await userEvent.type(await field(), 'satis@magaza.test')
    await userEvent.click(screen.getByRole('button', { name: 'Kaydet' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Hizmet şu an kullanılamıyor.')
  })

  it('gives a read-only user the list to read, with no save button', async () => {
    serve(['satis@magaza.test'], null)
    renderWithProviders(<StoreNotificationsPage />, {
      bootstrap: staff('readonly'),
      route: '/yonetim/bildirim-ayarlari',
    })
    expect(((await field()) as HTMLTextAreaElement).readOnly).toBe(true)
    expect(screen.queryByRole('button', { name: 'Kaydet' })).toBeNull()
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
    expect(screen.getByTestId('notification-fallback').textContent).toBe(
      'Liste boş ve mağazanın e-posta adresi yok: şu an kimseye bildirim gitmiyor.',
    )
  })
})
