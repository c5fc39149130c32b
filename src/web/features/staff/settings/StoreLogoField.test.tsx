// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { storeLogoSchema } from '../../../../contracts/product-images'
import { settingsListSchema } from '../../../../contracts/store-settings-admin'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { StoreSettingsPage } from './StoreSettingsPage'

afterEach(() => act(() => notifications.clean()))

const LOGO = `up/logo/${'b'.repeat(32)}-h80.webp`

function open(role: StaffRole = 'owner', logo: string | null = null) {
  const bootstrap = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: role, customer: null } })
  server.use(
    http.get('/yonetim/settings', () =>
      apiJson(settingsListSchema, {
        items: [
          {
            key: 'storeName',
            value: 'Toptan A.Ş.',
            group: 'store',
            type: 'text',
            label: 'Mağaza adı',
            help: '',
            dealerFacing: true,
          },
        ],
      }),
    ),
  )
  return renderWithProviders(<StoreSettingsPage />, {
    bootstrap: { ...bootstrap, store: { ...bootstrap.store, logo } },
    route: '/yonetim/ayarlar',
  })
}

const field = async () => screen.findByTestId('store-logo')
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
const png = () => new File([new Uint8Array(200)], 'logo.png', { type: 'image/png' })

describe('The store logo in the store settings', () => {
  it('uploads a logo in place of the default, shows it with its twice-as-dense twin, and goes back to the default', async () => {
    const requests = recordRequests()
    server.use(
      http.post('/yonetim/settings/logo', () =>
        apiJson(storeLogoSchema, {
          logo: LOGO,
          logo2x: LOGO.replace('-h80.', '-h160.'),
          width: 320,
          height: 80,
        }),
      ),
      http.delete('/yonetim/settings/logo', () =>
        apiJson(storeLogoSchema, { logo: null, logo2x: null, width: null, height: null }),
      ),
    )
    open()
    const logo = await field()
    expect(within(logo).getByText('Varsayılan logo kullanılıyor.')).toBeTruthy()
    expect(within(logo).getByRole('img', { name: 'Şu anki logo' }).getAttribute('src')).toBe(
      '/images/logo.svg',
    )

    await userEvent.upload(fileInput(), png())
    expect(await screen.findByText(/Logo kaydedildi/)).toBeTruthy()
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
        '/yonetim/settings/logo',
      ]),
    )
    const img = within(logo).getByRole('img', { name: 'Şu anki logo' })
    expect(img.getAttribute('src')).toBe(`/images/${LOGO}`)
    expect(img.getAttribute('srcset')).toBe(
      `/images/${LOGO} 1x, /images/${LOGO.replace('-h80.', '-h160.')} 2x`,
    )

    await userEvent.click(within(logo).getByRole('button', { name: 'Varsayılan logoya dön' }))
    await waitFor(() => expect(within(logo).getByText('Varsayılan logo kullanılıyor.')).toBeTruthy())
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true)
  })

  it("says the server's reason when a file is refused", async () => {
    server.use(
      http.post('/yonetim/settings/logo', () =>
        apiError(
          400,
          'svg_refused',
          'SVG logolar kabul edilmiyor (içlerinde betik taşıyabilirler); logoyu PNG, JPEG veya WebP olarak yükleyiniz.',
        ),
      ),
    )
    open('owner', LOGO)
    const logo = await field()
    await userEvent.upload(fileInput(), png())
    expect(await within(logo).findByRole('alert')).toBeTruthy()
    expect(within(logo).getByText(/SVG logolar kabul edilmiyor/)).toBeTruthy()
    expect(within(logo).getByRole('img', { name: 'Şu anki logo' }).getAttribute('src')).toBe(
      `/images/${LOGO}`,
    )
  })

  it('shows a read-only role the logo without the buttons', async () => {
    open('readonly', LOGO)
    const logo = await field()
    expect(within(logo).getByRole('img', { name: 'Şu anki logo' })).toBeTruthy()
    expect(within(logo).queryByRole('button')).toBeNull()
    expect(fileInput()).toBeNull()
  })
})
