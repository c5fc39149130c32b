// @vitest-environment jsdom

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { type ImportUpload, importPreviewSchema, importUploadSchema } from '../../../../contracts/imports'
import { type Job, jobSchema, jobStartedSchema } from '../../../../contracts/integration-jobs'
import type { StaffRole } from '../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../test/network'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { clock, ImportPage } from './ImportPage'

const staff = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole, customer: null } })

const upload = (overrides: Partial<ImportUpload> = {}): ImportUpload => ({
  uploadId: 'u1',
  resource: 'stock',
  fileName: 'stok.xlsx',
  format: 'xlsx',
  headers: ['Ürün Kodu', 'Depo Kodu', 'Miktar', 'Not'],
  sample: [
    ['A-1', 'D1', '12', 'acil'],
    ['A-2', 'D1', 'x', ''],
  ],
  rowCount: 2,
  mapping: ['productCode', 'warehouseCode', 'quantity', null],
  remembered: true,
  expiresAt: '2026-03-14T10:30:00.000Z',
  ...overrides,
})

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 7,
  resource: 'stock',
  status: 'done',
  source: 'import',
  fileName: 'stok.xlsx',
  total: 2,
  done: 2,
  counts: { created: 0, updated: 1, unchanged: 0, rejected: 1 },
  rowsPerSecond: 2000,
  secondsLeft: 0,
  createdAt: '2026-03-14T09:30:00.000Z',
  startedAt: '2026-03-14T09:30:01.000Z',
  finishedAt: '2026-03-14T09:30:02.000Z',
  error: null,
  rejectedRowsUrl: '/yonetim/import/catalogue/jobs/7/rejected',
  ...overrides,
})

function serve(answer: ImportUpload = upload(), running: Job | null = null) {
  // The other areas' recent imports, which the owner and the read-only role also see: none.
  for (const area of ['customers', 'payments'])
    server.use(
      http.get(`/yonetim/import/${area}/jobs`, () =>
        apiJson(
          jobSchema.array().transform((items) => ({ items })),
          [],
        ),
      ),
    )
  server.use(
    http.get('/yonetim/import/catalogue/jobs', () =>
      apiJson(
        jobSchema.array().transform((items) => ({ items })),
        [],
      ),
    ),
    http.post('/yonetim/import/catalogue/uploads', () => apiJson(importUploadSchema, answer)),
    http.post('/yonetim/import/catalogue/uploads/:id/preview', () =>
      apiJson(importPreviewSchema, {
        counts: { created: 0, updated: 1, unchanged: 0, rejected: 1 },
        previewed: 2,
        rowCount: 2,
        matching: 2,
        page: 1,
        pageSize: 25,
        rows: [
          { row: 1, code: 'A-1/D1', status: 'updated', reasons: [] },
          { row: 2, code: 'A-2/D1', status: 'rejected', reasons: ['"Miktar" alanının değeri geçersiz.'] },
        ],
      }),
    ),
    http.post('/yonetim/import/catalogue/uploads/:id/start', () => apiJson(jobStartedSchema, { jobId: 7 })),
    http.get('/yonetim/import/catalogue/jobs/:id', () => apiJson(jobSchema, running ?? job())),
  )
  return recordRequests()
}

const renderPage = (route = '/yonetim/iceri-aktar', role: StaffRole = 'owner', locale: 'tr' | 'en' = 'tr') =>
  renderWithProviders(<ImportPage />, { bootstrap: staff(role, locale), route })

async function chooseFile(name = 'stok.xlsx') {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[type=file]')
    if (!found) throw new Error('no file input')
    return found
  })
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } })
}

async function chooseResource(label: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: 'Ne aktarılacak' }))
  fireEvent.click(await screen.findByRole('option', { name: label }))
}

describe('the import page', { timeout: 30_000 }, () => {
  it('uploads a file, shows the remembered mapping with samples, previews row by row, imports and follows the job', async () => {
    const requests = serve()
    renderPage()
    await chooseResource('Stok')
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }))

    const mapping = await screen.findByTestId('import-mapping')
    expect(screen.getByTestId('import-mapping-origin').textContent).toContain('son kullanılan eşleme')
    expect(within(mapping).getByText('A-1 · A-2')).toBeTruthy()
    expect((screen.getByRole('combobox', { name: 'Alan: Miktar' }) as HTMLInputElement).value).toBe(
      'Miktar (zorunlu)',
    )
    expect((screen.getByRole('combobox', { name: 'Alan: Not' }) as HTMLInputElement).value).toBe(
      '— Aktarılmasın —',
    )
    const sent = requests.find((r) => r.path === '/yonetim/import/catalogue/uploads')
    expect(sent?.method).toBe('POST')

    fireEvent.click(screen.getByRole('button', { name: 'Önizle' }))
    expect((await screen.findByTestId('import-count-updated')).textContent).toBe('Güncellenecek: 1')
    expect(screen.getByTestId('import-count-rejected').textContent).toBe('Reddedilecek: 1')
    expect(screen.getByText('"Miktar" alanının değeri geçersiz.')).toBeTruthy()
    const preview = requests.find((r) => r.path.endsWith('/preview'))
    expect(preview?.body).toMatchObject({
      mapping: ['productCode', 'warehouseCode', 'quantity', null],
      page: 1,
    })

    fireEvent.click(screen.getByRole('button', { name: 'İçeri aktar' }))
    expect((await screen.findByTestId('import-job-status')).textContent).toBe('Tamamlandı')
    expect(screen.getByTestId('import-job-rows').textContent).toBe('2 / 2 satır')
    expect(screen.getByTestId('import-job-counts').textContent).toBe(
      '0 eklendi, 1 güncellendi, 0 değişmedi, 1 reddedildi',
    )
    expect(screen.getByTestId('import-rejected-file').getAttribute('href')).toBe(
      '/yonetim/import/catalogue/jobs/7/rejected',
    )
    expect(requests.some((r) => r.path === '/yonetim/import/catalogue/uploads/u1/start')).toBe(true)
  })

  it('finds a running job by the address after a reload: rows, rate and time left', async () => {
    serve(
      upload(),
      job({
        status: 'running',
        total: 100_000,
        done: 40_000,
        rowsPerSecond: 1500,
        secondsLeft: 65,
        counts: { created: 40_000, updated: 0, unchanged: 0, rejected: 0 },
      }),
    )
    renderPage('/yonetim/iceri-aktar?is=7&alan=catalogue')
    expect((await screen.findByTestId('import-job-status')).textContent).toBe('Aktarılıyor')
    expect(screen.getByTestId('import-job-rows').textContent).toBe('40000 / 100000 satır')
    expect(screen.getByText('1500 satır/sn')).toBeTruthy()
    expect(screen.getByText('Kalan süre: 1:05')).toBeTruthy()
    expect(
      screen.getByRole('progressbar', { name: 'Aktarım ilerlemesi' }).getAttribute('aria-valuenow'),
    ).toBe('40')
    expect(screen.queryByTestId('import-rejected-file')).toBeNull()
  })

  it('names the required fields left unmapped and holds the preview back', async () => {
    serve(upload({ mapping: ['productCode', null, null, null], remembered: false }))
    renderPage()
    await chooseResource('Stok')
    await chooseFile()
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }))
    expect((await screen.findByTestId('import-missing')).textContent).toContain('Depo kodu, Miktar')
    expect(screen.getByTestId('import-mapping-origin').textContent).toContain('önerildi')
    expect((screen.getByRole('button', { name: 'Önizle' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('says why a file was refused', async () => {
    serve()
    server.use(
      http.post('/yonetim/import/catalogue/uploads', () =>
        apiError(400, 'unreadable', 'Dosya okunamadı: XLSX ya da CSV olmalı.'),
      ),
    )
    renderPage()
    await chooseFile('resim.png')
    fireEvent.click(screen.getByRole('button', { name: 'Yükle' }))
    expect((await screen.findByTestId('import-upload-error')).textContent).toContain('Dosya okunamadı')
  })

  it('speaks English, and lists the recent imports', async () => {
    serve()
    server.use(
      http.get('/yonetim/import/catalogue/jobs', () =>
        apiJson(
          jobSchema.array().transform((items) => ({ items })),
          [job()],
        ),
      ),
    )
    renderPage('/en/yonetim/iceri-aktar', 'catalogue', 'en')
    expect(await screen.findByRole('heading', { level: 1, name: 'Import' })).toBeTruthy()
    const recent = await screen.findByTestId('import-recent-catalogue')
    await waitFor(() => expect(within(recent).getByText('stok.xlsx')).toBeTruthy())
    expect(within(recent).getByText('0 created, 1 updated, 0 unchanged, 1 rejected')).toBeTruthy()
  })

  it.each([
    ['accounting', ['Cari hareketler'], ['customers', 'payments']],
    ['sales', ['Müşteriler'], ['customers', 'payments']],
  ] as const)(
    'offers %s only what it imports, and the recent imports of the areas it reads',
    async (role, offered, lists) => {
      serve()
      renderPage('/yonetim/iceri-aktar', role)
      fireEvent.click(await screen.findByRole('combobox', { name: 'Ne aktarılacak' }))
      await waitFor(() =>
        expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([...offered]),
      )
      for (const area of lists) expect(await screen.findByTestId(`import-recent-${area}`)).toBeTruthy()
      expect(screen.queryByTestId('import-recent-catalogue')).toBeNull()
    },
  )

  it('tells the read-only role it may import nothing, and shows it the recent imports', async () => {
    serve()
    renderPage('/yonetim/iceri-aktar', 'readonly')
    expect(await screen.findByText('Rolünüz hiçbir kayıt türünü içeri aktaramıyor.')).toBeTruthy()
    expect(await screen.findByTestId('import-recent-catalogue')).toBeTruthy()
  })
})

describe('clock', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [3725, '1:02:05'],
  ])('%s s → %s', (seconds, text) => {
    expect(clock(seconds)).toBe(text)
  })
})
