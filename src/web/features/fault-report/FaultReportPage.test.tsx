// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import {
  type FaultReport,
  faultCategoryListSchema,
  faultProductListSchema,
  faultReportCreatedSchema,
  faultReportListSchema,
} from '../../../contracts/service'
import { dealer, dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { FaultReportPage } from './FaultReportPage'

const report = (overrides: Partial<FaultReport> = {}): FaultReport => ({
  id: 1,
  reportNo: 'AR-2026-000001',
  createdAt: '2026-03-14T09:30:00.000Z',
  productCode: 'DM-800',
  productName: 'Darbeli Matkap 800W',
  serialNumber: 'SN-1',
  description: 'Çalışırken duruyor.',
  contactPhone: '0532 123 45 67',
  status: 'new',
  hasPhoto: false,
  staffNote: null,
  history: [],
  ...overrides,
})

const page = (items: FaultReport[]) =>
  apiJson(faultReportListSchema, { items, total: items.length, page: 1, pages: 1, limit: 20 })

/** The list answers `lists` in turn (the last one again after), the POST answers `created`. */
function serveReports(lists: FaultReport[][], created?: () => Response) {
  let call = 0
  server.use(
    http.get('/api/catalog/fault-reports', () => page(lists[Math.min(call++, lists.length - 1)]!)),
    http.post(
      '/api/catalog/fault-reports',
      created ??
        (() =>
          apiJson(faultReportCreatedSchema, {
            success: true,
            message: 'Arıza bildiriminiz alındı. Bildirim numaranız: AR-2026-000042',
            report: report({ id: 42, reportNo: 'AR-2026-000042' }),
          })),
    ),
    http.get('/api/catalog/faultreport/basecategories/:id', ({ params }) =>
      apiJson(faultCategoryListSchema, params.id === '0' ? [{ id: 1, name: 'Elektrikli Aletler' }] : []),
    ),
    http.get('/api/catalog/faultreport/product/:id', () =>
      apiJson(faultProductListSchema, [{ id: 501, code: 'DM-800', name: 'Darbeli Matkap 800W' }]),
    ),
  )
  return recordRequests()
}

const renderPage = (bootstrap = dealerBootstrap()) =>
  renderWithProviders(
    <>
      <Routes>
        <Route path="/ariza-bildirimi" element={<FaultReportPage />} />
        <Route path="/account/login" element={<p>giriş sayfası</p>} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route: '/ariza-bildirimi' },
  )

const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } })
const photoInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Bildirimi Gönder' }))

function fillValid() {
  type('Ürün Kodu', 'DM-800')
  type('Seri Numarası', 'SN-77')
  type('Arıza Açıklaması', 'Matkap çalışırken duruyor, kıvılcım çıkıyor.')
  type('İletişim Telefonu', '0532 123 45 67')
}

describe('the fault report page', () => {
  it('picks a product in the picker, sends the form as multipart and shows the number; the list is read again', async () => {
    const requests = serveReports([[], [report({ id: 42, reportNo: 'AR-2026-000042' })]])
    renderPage()
    expect(await screen.findByTestId('fault-reports-empty')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Ürün Seç' }))
    const dialog = screen.getByRole('dialog', { name: 'Ürün Seçiniz' })
    const base = await within(dialog).findByRole('combobox', { name: 'Ana kategori' })
    await waitFor(() => expect((base as HTMLInputElement).disabled).toBe(false))
    fireEvent.click(base)
    fireEvent.click(await screen.findByRole('option', { name: 'Elektrikli Aletler' }))
    const product = await within(dialog).findByRole('combobox', { name: 'Ürün' })
    fireEvent.click(product)
    fireEvent.click(await screen.findByRole('option', { name: 'DM-800 - Darbeli Matkap 800W' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(field('Ürün Kodu').value).toBe('DM-800')

    type('Arıza Açıklaması', '  Matkap çalışırken duruyor, kıvılcım çıkıyor.  ')
    type('İletişim Telefonu', '0532 123 45 67')
    // The browser's type is all the form checks; the server reads the bytes.
    const photo = new File(['foto-icerigi'], 'ariza.jpg', { type: 'image/jpeg' })
    fireEvent.change(photoInput(), { target: { files: [photo] } })
    submit()

    const sent = await screen.findByTestId('fault-report-sent')
    expect(sent.textContent).toContain('Arıza bildiriminiz alındı. Bildirim numaranız: AR-2026-000042')
    await waitFor(() => expect(document.activeElement).toBe(sent))
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    await waitFor(() => expect(post.body).toBeDefined())
    const body = post.body as Record<string, unknown>
    expect({ ...body, photo: undefined }).toEqual({
      productCode: 'DM-800',
      serialNumber: '',
      description: 'Matkap çalışırken duruyor, kıvılcım çıkıyor.',
      contactPhone: '0532 123 45 67',
      photo: undefined,
    })
    // A photo part goes with its type (jsdom's File does not hand its bytes over to Node's fetch: e2e checks those).
    expect((body.photo as Blob).type).toBe('image/jpeg')

    // Ready for the next report, the phone kept; the list shows the new one.
    expect(field('Ürün Kodu').value).toBe('')
    expect(field('Arıza Açıklaması').value).toBe('')
    expect(field('İletişim Telefonu').value).toBe('0532 123 45 67')
    const row = await screen.findByTestId('fault-report-row')
    expect(row.textContent).toContain('AR-2026-000042')
  })

  it('names every wrong field before sending anything', async () => {
    const requests = serveReports([[]])
    renderPage()
    type('Arıza Açıklaması', 'kısa')
    type('İletişim Telefonu', '12345')
    fireEvent.change(photoInput(), {
      target: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] },
    })
    submit()
    expect(await screen.findByText('Ürün kodunu giriniz veya listeden bir ürün seçiniz.')).toBeTruthy()
    expect(screen.getByText('Arıza açıklaması en az 10 karakter olmalıdır.')).toBeTruthy()
    expect(screen.getByText('Geçerli bir telefon numarası giriniz (ör. 0532 123 45 67).')).toBeTruthy()
    expect(screen.getByText('Fotoğraf JPEG, PNG veya WebP biçiminde olmalıdır.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it('refuses a photo over 5 MB before sending it', async () => {
    const requests = serveReports([[]])
    renderPage()
    fillValid()
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'buyuk.png', { type: 'image/png' })
    fireEvent.change(photoInput(), { target: { files: [big] } })
    submit()
    expect(await screen.findByText('Fotoğraf en fazla 5 MB olabilir.')).toBeTruthy()
    expect(requests.filter((r) => r.method === 'POST')).toEqual([])
  })

  it("puts the server's field messages next to their fields and keeps what was typed", async () => {
    serveReports([[]], () =>
      apiError(400, 'validation', 'Gönderilen bilgiler geçersiz.', {
        productCode: 'Bu koda sahip bir ürün bulunamadı. Lütfen kodu kontrol edin veya listeden seçin.',
      }),
    )
    renderPage()
    fillValid()
    submit()
    const message = await screen.findByText(
      'Bu koda sahip bir ürün bulunamadı. Lütfen kodu kontrol edin veya listeden seçin.',
    )
    expect(field('Ürün Kodu').getAttribute('aria-invalid')).toBe('true')
    expect(message.id).toBe(
      field('Ürün Kodu')
        .getAttribute('aria-describedby')
        ?.split(' ')
        .find((id) => id === message.id),
    )
    expect(field('Ürün Kodu').value).toBe('DM-800')
    expect(field('Arıza Açıklaması').value).toBe('Matkap çalışırken duruyor, kıvılcım çıkıyor.')
    expect(screen.queryByTestId('fault-report-sent')).toBeNull()
  })

  it('shows a failure without field messages as an alert above the form', async () => {
    serveReports([[]], () =>
      apiError(500, 'internal', 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.'),
    )
    renderPage()
    fillValid()
    submit()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Beklenmeyen bir hata oluştu.')
    expect(field('Seri Numarası').value).toBe('SN-77')
  })

  it("lists the company's reports with their status badges and photo links", async () => {
    serveReports([
      [
        report({ id: 3, reportNo: 'AR-2026-000003', status: 'done', hasPhoto: true }),
        report({ id: 2, reportNo: 'AR-2026-000002', status: 'in_service', serialNumber: null }),
        report({ id: 1, reportNo: 'AR-2026-000001', status: 'new' }),
      ],
    ])
    renderPage()
    const rows = await screen.findAllByTestId('fault-report-row')
    expect(rows.map((r) => within(r).getByTestId('fault-status').textContent)).toEqual([
      'Tamamlandı',
      'Serviste',
      'Yeni',
    ])
    const link = within(rows[0]!).getByRole('link', { name: 'Fotoğrafı aç: AR-2026-000003 (yeni sekmede)' })
    expect(link.getAttribute('href')).toBe('/api/catalog/fault-reports/3/photo')
    expect(within(rows[1]!).queryByRole('link')).toBeNull()
    expect(screen.getByText('3 bildirim')).toBeTruthy()
  })

  it("shows staff's answer on a report: the latest note and, folded, each step with its note", async () => {
    serveReports([
      [
        report({
          id: 3,
          reportNo: 'AR-2026-000003',
          status: 'done',
          staffNote: 'Kömürler değişti, teslim alabilirsiniz.',
          history: [
            { from: 'new', to: 'in_service', note: 'Servise alındı.', at: '2026-03-15T08:00:00.000Z' },
            {
              from: 'in_service',
              to: 'done',
              note: 'Kömürler değişti, teslim alabilirsiniz.',
              at: '2026-03-16T08:00:00.000Z',
            },
          ],
        }),
        report({ id: 1, reportNo: 'AR-2026-000001', status: 'new' }),
      ],
    ])
    renderPage()
    const rows = await screen.findAllByTestId('fault-report-row')
    const answer = within(rows[0]!).getByTestId('fault-answer')
    expect(answer.textContent).toContain('Servis notu: Kömürler değişti, teslim alabilirsiniz.')
    expect(answer.querySelector('summary')?.textContent).toBe('Geçmiş (2 adım)')
    expect(answer.textContent).toContain('16.03.2026 11:00: Tamamlandı — Kömürler değişti')
    expect(within(rows[1]!).queryByTestId('fault-answer')).toBeNull()
  })

  it('sends a guest to log in and tells an administrator the page is for dealers', async () => {
    serveReports([[]])
    const { unmount } = renderPage(guestBootstrap())
    expect(screen.getByTestId('location').textContent).toBe('/account/login?next=%2Fariza-bildirimi')
    unmount()
    const requests = recordRequests()
    renderPage(dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } }))
    expect(screen.getByText('Bu sayfa bayi hesapları içindir')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Bildirimi Gönder' })).toBeNull()
    expect(requests).toEqual([])
  })
})
