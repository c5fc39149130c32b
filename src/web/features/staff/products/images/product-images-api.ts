import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ProductImageList } from '../../../../../contracts/product-images'
import { apiFetch, apiUpload } from '../../../../lib/api-client'
import { useSession } from '../../../../lib/session-context'

const pathOf = (productId: number) => `/yonetim/products/${productId}/images`
export const productImagesKey = (productId: number) => ['staff', 'product-images', productId] as const

/**
 * Every answer is the product's whole image list: it replaces the cached one. The product's own
 * screens (its main image in the table and editor, its history) are read again.
 */
function settle(queryClient: QueryClient, productId: number, list: ProductImageList) {
  queryClient.setQueryData(productImagesKey(productId), list)
  void queryClient.invalidateQueries({ queryKey: ['staff', 'products'] })
  void queryClient.invalidateQueries({ queryKey: ['staff', 'history'] })
}

/** GET /yonetim/products/{id}/images */
export function useProductImages(productId: number) {
  return useQuery({
    queryKey: productImagesKey(productId),
    queryFn: ({ signal }) => apiFetch<ProductImageList>(pathOf(productId), { signal }),
    enabled: useSession().user?.role === 'admin',
  })
}

/** POST /yonetim/products/{id}/images with one file, reporting how much of it has been sent. */
export function useUploadProductImage(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => {
      const body = new FormData()
      body.append('files', file, file.name)
      return apiUpload<ProductImageList>(pathOf(productId), body, { onProgress })
    },
    onSuccess: (list) => settle(queryClient, productId, list),
  })
}

/** PUT /yonetim/products/{id}/images/order */
export function useReorderProductImages(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiFetch<ProductImageList>(`${pathOf(productId)}/order`, { method: 'PUT', json: { ids } }),
    onSuccess: (list) => settle(queryClient, productId, list),
  })
}

/** POST /yonetim/products/{id}/images/{imageId}/main */
export function useMakeMainImage(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (imageId: number) =>
      apiFetch<ProductImageList>(`${pathOf(productId)}/${imageId}/main`, { method: 'POST' }),
    onSuccess: (list) => settle(queryClient, productId, list),
  })
}

/** DELETE /yonetim/products/{id}/images/{imageId} */
export function useDeleteProductImage(productId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (imageId: number) =>
      apiFetch<ProductImageList>(`${pathOf(productId)}/${imageId}`, { method: 'DELETE' }),
    onSuccess: (list) => settle(queryClient, productId, list),
  })
}
