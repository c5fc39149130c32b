// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type SettingItem,
  settingItemSchema,
  settingsListSchema,
} from '../../../../contracts/store-settings-admin'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StoreSettingsPage } from './StoreSettingsPage'

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

afterEach(() => act(() => notifications.clean()))

const item = (
  over: Partial<SettingItem> & Pick<SettingItem, 'key' | 'value' | 'group' | 'type'>,
): SettingItem => ({
  label: over.key,
  help: `${over.key} açıklaması`,
  dealerFacing: true,
  ...over,
})

const ITEMS: SettingItem[] = [
  item({ key: 'storeName', value: 'Toptan A.Ş.', group: 'store', type: 'text', label: 'Mağaza adı' }),
  item({
    key: 'productsWithKdv',
    value: true,
    group: 'prices',
    type: 'boolean',
    label: 'Fiyatlar KDV dahil',
  }),
  item({
    key: 'showListPrice',
    value: true,
    group: 'prices',
    type: 'boolean',
    label: 'Liste fiyatını göster',
  }),
  item({
    key: 'stockInfoStatus',
    value: 15,
    group: 'stock',
    type: 'choice',
    label: 'Stok gösterimi',
    allowed: [
      { value: 0, label: '0 — Miktar gösterilir' },
      { value: 15, label: '15 — 5 üzerinde "5+", altında miktar' },
    ],
  }),
  item({
    key: 'b2b_teklif_ver_durum',
    value: true,
    group: 'ordering',
    type: 'boolean',
    label: 'Teklif iste',
  }),
  item({
    key: 'installmentLimit',
    value: 1000,
    group: 'ordering',
    type: 'amount',
    label: 'Taksit alt sınırı (TL)',
  }),
]

function serve(items = ITEMS) {
  server.use(http.get('/yonetim/settings', () => apiJson(settingsListSchema, { items })))
}

const open = (role: StaffRole = 'owner', group?: string) =>
  renderWithProviders(<StoreSettingsPage />, {
    bootstrap: staff(role),
    route: group ? `/yonetim/ayarlar?grup=${group}` : '/yonetim/ayarlar',
  })

describe('The store settings screen', () => {
  it('shows one topic at a time, with what a dealer sees drawn from the stored values', async () => {
    serve()
    open()
    expect(((await screen.findByRole('textbox', { name: /Mağaza adı/ })) as HTMLInputElement).value).toBe(
      'Toptan A.Ş.',
    )
    await userEvent.click(screen.getByRole('tab', { name: 'Fiyatlar' }))
    const preview = await screen.findByRole('region', { name: 'Bayinin gördüğü' })
    // 120 TL + 20 % VAT, the list price 150 struck through with the discount.
    expect(within(preview).getByText('144,00 ₺')).toBeTruthy()
    expect(within(preview).getByText('180,00 ₺')).toBeTruthy()
    expect(within(preview).getByText('%20 indirim')).toBeTruthy()
    await userEvent.click(screen.getByRole('tab', { name: 'Stok' }))
    const stock = await screen.findByRole('region', { name: 'Bayinin gördüğü' })
    // Mode 15: above 5 "5+", below it the quantity; 0 the out-of-stock text.
    expect(within(stock).getAllByText('5+ Adet')).toHaveLength(3)
    expect(within(stock).getByText('Stok Sorunuz')).toBeTruthy()
    expect(within(stock).getByText('4 Adet')).toBeTruthy()
  })

  it('saves a switch as soon as it is turned, and says so', async () => {
    serve()
    server.use(
      http.put('/yonetim/settings/b2b_teklif_ver_durum', () =>
        apiJson(settingItemSchema, { ...ITEMS[4]!, value: false }),
      ),
    )
    const requests = recordRequests()
    open('owner', 'ordering')
    const offers = await screen.findByRole('switch', { name: /Teklif iste/ })
    await userEvent.click(offers)
    expect(await screen.findByText('Kaydedildi: Teklif iste')).toBeTruthy()
    const put = requests.find((r) => r.method === 'PUT')!
    await waitFor(() => expect(put.body).toEqual({ value: false }))
    await waitFor(() => expect((offers as HTMLInputElement).checked).toBe(false))
    expect(document.activeElement).toBe(offers)
  })

  it("reads an amount typed the Turkish way, and shows the server's field message under it", async () => {
    serve()
    server.use(
      http.put('/yonetim/settings/installmentLimit', () =>
        apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', {
          value: '0 veya daha büyük bir tutar giriniz (en çok iki ondalık).',
        }),
      ),
    )
    const requests = recordRequests()
    open('owner', 'ordering')
    const amount = await screen.findByRole('textbox', { name: /Taksit alt sınırı/ })
    expect((amount as HTMLInputElement).value).toBe('1.000')
    await userEvent.clear(amount)
    await userEvent.type(amount, '2.500,555{enter}')
    expect(await screen.findByText('0 veya daha büyük bir tutar giriniz (en çok iki ondalık).')).toBeTruthy()
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ value: 2500.555 }))
    expect((amount as HTMLInputElement).value).toBe('2.500,555')
  })

  it('gives a read-only role every value to read and nothing to change', async () => {
    serve()
    open('readonly', 'ordering')
    expect(((await screen.findByRole('switch', { name: /Teklif iste/ })) as HTMLInputElement).disabled).toBe(
      true,
    )
    expect(((await screen.findByRole('textbox', { name: /Taksit/ })) as HTMLInputElement).readOnly).toBe(true)
    expect(screen.getByText('Rolünüz yalnızca görüntülemeye izin veriyor')).toBeTruthy()
  })

  it('offers to try again when the settings cannot be loaded', async () => {
    server.use(http.get('/yonetim/settings', () => HttpResponse.json({}, { status: 500 })))
    open()
    expect(await screen.findByText('Ayarlar yüklenemedi.')).toBeTruthy()
  })
})
