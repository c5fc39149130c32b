// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  type ProductImage,
  type ProductImageList,
  productImageListSchema,
} from '../../../../../contracts/product-images'
import type { StaffRole } from '../../../../../domain/staff-access'
import { dealer, dealerBootstrap } from '../../../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../../../test/network'
import { renderWithProviders } from '../../../../test/render'
import { server } from '../../../../test/server'
import { ProductImagesSection } from './ProductImagesSection'

const PRODUCT = 42
const PATH = `/yonetim/products/${PRODUCT}/images`

const staff = (staffRole: StaffRole) =>
  dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole, customer: null } })

const image = (id: number, position: number, isMain = false): ProductImage => {
  const hash = String(id).padStart(32, 'a')
  return {
    id,
    position,
    isMain,
    sizes: [160, 480, 1200].map((size) => ({
      size,
      width: size,
      height: Math.round(size * 0.75),
      webp: `up/p/${PRODUCT}/${hash}-${size}.webp`,
      avif: `up/p/${PRODUCT}/${hash}-${size}.avif`,
    })),
    uploadedAt: '2026-11-30T10:00:00.000Z',
    uploadedBy: 'Kemal Katalog',
  }
}

const listOf = (items: ProductImage[]): ProductImageList => ({
  productId: PRODUCT,
  items: items.map((item, position) => ({ ...item, position })),
  image: items.find((i) => i.isMain)?.sizes[1]?.webp ?? null,
  max: 12,
  maxBytes: 15 * 1024 * 1024,
})

function serve(items: ProductImage[]) {
  server.use(http.get(PATH, () => apiJson(productImageListSchema, listOf(items))))
}

const open = (role: StaffRole = 'catalogue') =>
  renderWithProviders(<ProductImagesSection productId={PRODUCT} />, {
    bootstrap: staff(role),
    route: '/yonetim/urunler/42',
  })

const cards = () => screen.getAllByTestId('product-image')
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!
const jpeg = (name: string, bytes = 1000) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

describe('The product images section', () => {
  it('shows the images in order with the main one marked, and moves one keeping the focus on it', async () => {
    const [a, b, c] = [image(1, 0, true), image(2, 1), image(3, 2)]
    serve([a, b, c])
    const requests = recordRequests()
    server.use(
      http.put(`${PATH}/order`, async ({ request }) => {
        const { ids } = (await request.json()) as { ids: number[] }
        const byId = new Map([a, b, c].map((i) => [i.id, i]))
        return apiJson(productImageListSchema, listOf(ids.map((id) => byId.get(id)!)))
      }),
    )
    open()
    await screen.findByRole('list', { name: 'Ürün görselleri, sırasıyla' })
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      '1. görsel',
      '2. görsel',
      '3. görsel',
    ])
    expect(within(cards()[0]!).getByText('Ana görsel')).toBeTruthy()
    expect(within(cards()[0]!).queryByRole('button', { name: '1. görseli ana görsel yap' })).toBeNull()
    expect(
      (within(cards()[0]!).getByRole('button', { name: '1. görseli sola taşı' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)

    const right = within(cards()[1]!).getByRole('button', { name: '2. görseli sağa taşı' })
    right.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ ids: [1, 3, 2] }))
    // Image 2 is now last: its right button is off, so the focus is on its left one, in its new place.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(cards()[2]!).getByRole('button', { name: '3. görseli sola taşı' }),
      ),
    )
    expect(cards()[2]!.querySelector('img')!.getAttribute('src')).toBe(`/images/${b.sizes[1]!.webp}`)
  })

  it('uploads several files one request each, with their progress, and refuses a file that is too large or no image before sending it', async () => {
    serve([])
    const uploaded: ProductImage[] = []
    const bodies: number[] = []
    server.use(
      http.post(PATH, async ({ request }) => {
        const form = await request.formData()
        bodies.push(form.getAll('files').length)
        uploaded.push(image(10 + uploaded.length, uploaded.length, uploaded.length === 0))
        return apiJson(productImageListSchema, listOf([...uploaded]))
      }),
    )
    open()
    expect(await screen.findByText('Bu ürünün henüz yüklenmiş görseli yok.')).toBeTruthy()
    const big = jpeg('dev.jpg', 15 * 1024 * 1024 + 1)
    const pdf = new File(['%PDF'], 'katalog.pdf', { type: 'application/pdf' })
    await userEvent.upload(fileInput(), [jpeg('on.jpg'), big, pdf, jpeg('arka.jpg')], { applyAccept: false })
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(bodies).toEqual([1, 1])
    const errors = screen.getByTestId('product-images-errors')
    expect(within(errors).getByText('dev.jpg: dosya 15 MB sınırını aşıyor.')).toBeTruthy()
    expect(
      within(errors).getByText('katalog.pdf: görsel dosyası değil (JPEG, PNG, WebP, AVIF veya GIF).'),
    ).toBeTruthy()
    expect(within(cards()[0]!).getByText('Ana görsel')).toBeTruthy()
  })

  it("says the server's reason when it refuses a file", async () => {
    serve([])
    server.use(
      http.post(PATH, () =>
        apiError(
          400,
          'not_an_image',
          '1. dosya bir görsel değil: JPEG, PNG, WebP, AVIF veya GIF yükleyiniz.',
        ),
      ),
    )
    open()
    await screen.findByText('Bu ürünün henüz yüklenmiş görseli yok.')
    await userEvent.upload(fileInput(), [jpeg('sahte.jpg')])
    expect(
      await screen.findByText(
        'sahte.jpg yüklenemedi: 1. dosya bir görsel değil: JPEG, PNG, WebP, AVIF veya GIF yükleyiniz.',
      ),
    ).toBeTruthy()
    expect(screen.getByText('Bu ürünün henüz yüklenmiş görseli yok.')).toBeTruthy()
  })

  it('makes another image the main one, and deletes one only after asking', async () => {
    const [a, b] = [image(1, 0, true), image(2, 1)]
    serve([a, b])
    const requests = recordRequests()
    server.use(
      http.post(`${PATH}/2/main`, () =>
        apiJson(
          productImageListSchema,
          listOf([
            { ...a, isMain: false },
            { ...b, isMain: true },
          ]),
        ),
      ),
      http.delete(`${PATH}/1`, () => apiJson(productImageListSchema, listOf([{ ...b, isMain: true }]))),
    )
    open()
    await userEvent.click(await screen.findByRole('button', { name: '2. görseli ana görsel yap' }))
    await waitFor(() => expect(within(cards()[1]!).queryByText('Ana görsel')).toBeTruthy())
    expect(document.activeElement).toBe(cards()[1])

    await userEvent.click(within(cards()[0]!).getByRole('button', { name: '1. görseli sil' }))
    const dialog = await screen.findByRole('dialog', { name: 'Görsel silinsin mi?' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }))
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    await userEvent.click(within(cards()[0]!).getByRole('button', { name: '1. görseli sil' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sil' }))
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`${PATH}/1`])
  })

  it('shows a read-only role the images without anything to change', async () => {
    serve([image(1, 0, true)])
    open('readonly')
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(screen.getByText(/yalnızca görüntüleyebilirsiniz/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /sil|taşı|ana görsel yap|Görsel seç/ })).toBeNull()
    expect(fileInput()).toBeNull()
  })

  it('offers to try again when the images cannot be loaded', async () => {
    server.use(http.get(PATH, () => HttpResponse.json({}, { status: 500 })))
    open()
    expect(await screen.findByText('Görseller yüklenemedi.')).toBeTruthy()
  })
})
