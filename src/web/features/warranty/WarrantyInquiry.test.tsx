// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { type WarrantyAnswer, warrantyInquiryResponseSchema } from '../../../contracts/warranty'
import { useWarrantyInquiry } from '../../lib/warranty-inquiry'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { spyOnFullNavigate } from '../../test/full-navigate'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, holdRequests, readBody } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { WarrantyInquiryProvider } from './WarrantyInquiryProvider'

const fullNavigate = spyOnFullNavigate()

const URL = '/api/catalog/WarrantyInquiry'

function Opener() {
  const warranty = useWarrantyInquiry()
  return (
    <button type="button" onClick={() => warranty?.openWarrantyInquiry()}>
      Garanti sorgula (test)
    </button>
  )
}

function renderInquiry(route = '/urunler', bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <WarrantyInquiryProvider>
      <Opener />
      <LocationProbe />
    </WarrantyInquiryProvider>,
    { bootstrap, route },
  )
}

const answer = (data: Partial<WarrantyAnswer> = {}) =>
  apiJson(warrantyInquiryResponseSchema, {
    success: true,
    data: {
      garantiSuresi: 318,
      hareket: { tarih: '05.02.2026', durum: 'SATIŞ', belgeNo: 'FTR-000312' },
      seriNo: 'TP-GS-240001',
      garantiBitis: '05.02.2028',
      urun: { code: 'ELA-0042', name: 'Akülü Vidalama 18 V' },
      ...data,
    },
  })

/** Answers the inquiry with `respond`, recording the bodies sent. */
function serve(respond: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.post(URL, async ({ request }) => {
      bodies.push(await readBody(request))
      return respond()
    }),
  )
  return bodies
}

async function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Garanti sorgula (test)' }))
  return screen.findByRole('dialog', { name: 'Garanti/Servis Sorgulama' })
}

async function startForm() {
  renderInquiry()
  return openForm()
}

const serialInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Seri Numarası') as HTMLInputElement
const submitButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Sorgula' })

async function ask(dialog: HTMLElement, serial: string) {
  fireEvent.change(serialInput(dialog), { target: { value: serial } })
  fireEvent.click(submitButton(dialog))
}

const location = () => screen.getByTestId('location').textContent

describe('the warranty inquiry', { timeout: 30_000 }, () => {
  it('keeps "Sorgula" unavailable until the serial number has been edited', async () => {
    const bodies = serve(() => answer())
    const dialog = await startForm()
    expect(serialInput(dialog).value).toBe('')
    expect(document.activeElement).toBe(serialInput(dialog))
    expect(submitButton(dialog).getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(submitButton(dialog))
    fireEvent.submit(serialInput(dialog).form!)
    expect(bodies).toEqual([])
    fireEvent.change(serialInput(dialog), { target: { value: 'x' } })
    expect(submitButton(dialog).getAttribute('aria-disabled')).toBeNull()
  })

  it('sends the serial as read and shows the answer: days left and only the SATIŞ rows', async () => {
    const bodies = serve(() =>
      answer({
        garantiSuresi: 1,
        hareket: [
          { tarih: '01.06.2025', durum: 'SATIŞ', belgeNo: 'FTR-000188' },
          { tarih: '10.01.2026', durum: 'SERVİS GİRİŞ', belgeNo: 'SRV-000045' },
          { tarih: '20.01.2026', durum: 'SERVİS ÇIKIŞ', belgeNo: 'SRV-000051' },
        ],
      }),
    )
    const form = await startForm()
    await ask(form, '  tp-gs-240002 ')
    const result = await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    expect(bodies).toEqual([{ serialNumber: 'TP-GS-240002' }])
    expect(screen.queryByRole('dialog', { name: 'Garanti/Servis Sorgulama' })).toBeNull()
    expect(within(result).getByTestId('warranty-days').textContent).toBe(
      'Garanti süresinin bitmesine 1 gün kaldı.',
    )
    expect(within(result).getByText('Garanti kapsamında')).toBeTruthy()
    const rows = within(within(result).getByTestId('warranty-movements')).getAllByRole('row')
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Tarih', 'Durum', 'Belge No'],
      ['01.06.2025', 'SATIŞ', 'FTR-000188'],
    ])
    expect(within(result).getByText(/Akülü Vidalama 18 V \(ELA-0042\)/)).toBeTruthy()
    expect(document.activeElement).toBe(within(result).getByRole('button', { name: 'Tamam' }))
  })

  it.each([
    [0, 'Garantinin bugün son günü.', 'Garanti kapsamında'],
    [-45, 'Garanti süresi 45 gün önce doldu.', 'Garanti süresi dolmuş'],
  ])('says %i days as "%s"', async (days, text, badge) => {
    serve(() => answer({ garantiSuresi: days }))
    await ask(await startForm(), 'TP-GS-210003')
    const result = await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    expect(within(result).getByTestId('warranty-days').textContent).toBe(text)
    expect(within(result).getByText(badge)).toBeTruthy()
  })

  it('shows a hidden document as a dash and says why', async () => {
    serve(() => answer({ hareket: { tarih: '15.03.2026', durum: 'SATIŞ', belgeNo: null }, urun: null }))
    await ask(await startForm(), 'TP-GS-240005')
    const result = await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    const cells = within(result)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells).toEqual(['15.03.2026', 'SATIŞ', '—'])
    expect(
      within(result).getByText('Belge numarası yalnızca ürünü satın alan firmaya gösterilir.'),
    ).toBeTruthy()
    expect(within(result).queryByText(/^Ürün:/)).toBeNull()
  })

  it.each([
    [
      'the no-sale text',
      () =>
        apiError(
          404,
          'no_sale',
          'Girilen seri numarasında hiçbir satış kaydı bulunmamaktadır, lütfen girdiğiniz seri numarasını kontrol edin.',
        ),
      'Girilen seri numarasında hiçbir satış kaydı bulunmamaktadır, lütfen girdiğiniz seri numarasını kontrol edin.',
    ],
    [
      'the not-found text',
      () => apiError(404, 'serial_not_found', 'Aradığınız ürüne ait bilgi bulunamadı.'),
      'Aradığınız ürüne ait bilgi bulunamadı.',
    ],
    [
      'the spec’s log-in text on 403',
      () => apiError(403, 'csrf', 'Güvenlik doğrulaması başarısız oldu.'),
      'Garanti sorgulama servisini kullanabilmeniz için giriş yapmış olmalısınız.Lütfen giriş yapıniz',
    ],
    [
      'the technical text on a 500',
      () => apiError(500, 'internal', 'Beklenmeyen bir hata oluştu.'),
      'Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.',
    ],
    [
      'the technical text on a network failure',
      () => HttpResponse.error(),
      'Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.',
    ],
    [
      'the technical text on an answer that is not the contract’s',
      () => HttpResponse.json({ success: false }),
      'Teknik bir hata yaşandı. Lütfen daha sonra tekrar deneyin.',
    ],
  ])('shows %s in the form', async (_case, respond, text) => {
    serve(respond)
    const dialog = await startForm()
    await ask(dialog, 'TP-GS-250004')
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(text))
    expect(screen.queryByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })).toBeNull()
    expect(fullNavigate).not.toHaveBeenCalled()
  })

  it('puts a validation error on the field, from the server or before asking it', async () => {
    const bodies = serve(() =>
      apiError(400, 'invalid_serial', 'Sunucu: seri hatalı.', { serialNumber: 'Sunucu: seri hatalı.' }),
    )
    const dialog = await startForm()
    await ask(dialog, '   ')
    expect(within(dialog).getByText('Lütfen seri numarasını giriniz.')).toBeTruthy()
    expect(serialInput(dialog).getAttribute('aria-invalid')).toBe('true')
    await ask(dialog, 'ŞİŞE#1')
    expect(
      within(dialog).getByText(
        'Seri numarası en fazla 64 karakter olabilir; harf, rakam ve - _ . / karakterlerinden oluşmalıdır.',
      ),
    ).toBeTruthy()
    expect(bodies).toEqual([])
    await ask(dialog, 'TP-1')
    expect(await within(dialog).findByText('Sunucu: seri hatalı.')).toBeTruthy()
    expect(within(dialog).queryByRole('alert')).toBeNull()
  })

  it('is busy while asking: a second press sends nothing more', async () => {
    const held = holdRequests()
    server.use(http.post(URL, held.resolver))
    const dialog = await startForm()
    await ask(dialog, 'TP-GS-240001')
    await waitFor(() => expect(held.calls).toHaveLength(1))
    expect(submitButton(dialog).getAttribute('aria-busy')).toBe('true')
    fireEvent.click(submitButton(dialog))
    held.calls[0]!.answer(await answer())
    await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    expect(held.calls).toHaveLength(1)
  })

  it('goes to log in on 401 and comes back to this page with the inquiry open', async () => {
    serve(() => apiError(401, 'unauthenticated', 'Bu işlem için giriş yapmalısınız.'))
    await ask(await startForm(), 'TP-GS-240001')
    await waitFor(() =>
      expect(fullNavigate).toHaveBeenCalledWith(
        `/account/login?next=${encodeURIComponent('/urunler?garanti=1')}`,
      ),
    )
  })

  it('opens for ?garanti=1 and removes it when closed', async () => {
    serve(() => answer())
    renderInquiry('/urunler?page=2&garanti=1')
    const form = await screen.findByRole('dialog', { name: 'Garanti/Servis Sorgulama' })
    await ask(form, 'TP-GS-240001')
    const result = await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    expect(location()).toBe('/urunler?page=2&garanti=1')
    fireEvent.click(within(result).getByRole('button', { name: 'Tamam' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(location()).toBe('/urunler?page=2')
  })

  it('gives the focus back to its opener and starts afresh each time', async () => {
    serve(() => answer())
    renderInquiry()
    const opener = screen.getByRole('button', { name: 'Garanti sorgula (test)' })
    opener.focus()
    const form = await openForm()
    await ask(form, 'TP-GS-240001')
    const result = await screen.findByRole('dialog', { name: 'Ürün Garanti/Servis Bilgisi' })
    fireEvent.click(within(result).getByRole('button', { name: 'Yeni Sorgu' }))
    const again = await screen.findByRole('dialog', { name: 'Garanti/Servis Sorgulama' })
    expect(serialInput(again).value).toBe('')
    fireEvent.keyDown(again, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
    const third = await openForm()
    expect(serialInput(third).value).toBe('')
    expect(submitButton(third).getAttribute('aria-disabled')).toBe('true')
  })

  it('sends a guest to log in, for the hook and for ?garanti=1', async () => {
    renderInquiry('/urunler?garanti=1', guestBootstrap())
    const login = `/account/login?next=${encodeURIComponent('/urunler?garanti=1')}`
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith(login))
    fullNavigate.mockReset()
    fireEvent.click(screen.getByRole('button', { name: 'Garanti sorgula (test)' }))
    expect(fullNavigate).toHaveBeenCalledWith(login)
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('speaks English on an English page', async () => {
    serve(() => answer({ garantiSuresi: -1 }))
    renderInquiry('/en/urunler', dealerBootstrap({ locale: 'en' }))
    fireEvent.click(screen.getByRole('button', { name: 'Garanti sorgula (test)' }))
    const form = await screen.findByRole('dialog', { name: 'Warranty/Service Inquiry' })
    fireEvent.change(within(form).getByLabelText('Serial Number'), { target: { value: 'tp-1' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Look up' }))
    const result = await screen.findByRole('dialog', { name: 'Product Warranty/Service Information' })
    expect(within(result).getByTestId('warranty-days').textContent).toBe('The warranty ran out 1 day ago.')
  })
})
