import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { QuickOrderAdded, QuickOrderBody, QuickOrderPreview } from '../../../contracts/quick-order'
import { apiFetch, apiUpload } from '../api-client'
import { cartMutationKey, cartScope, resyncCart } from './cart-sync'

/**
 * The quick order's calls (contracts/quick-order.ts), shared by its page and the cart page's one-line
 * entry: lines previewed (pasted text or a file), then the good ones put in the cart in one request.
 */

/** POST /api/catalog/quick-order/preview: each line read, its product found and checked. */
export function previewQuickOrder(text: string, signal?: AbortSignal): Promise<QuickOrderPreview> {
  return apiFetch<QuickOrderPreview>('/api/catalog/quick-order/preview', { json: { text }, signal })
}

/** POST /api/catalog/quick-order/preview-file: a CSV or XLSX file's rows, read as pasted lines. */
export function previewQuickOrderFile(
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<QuickOrderPreview> {
  const body = new FormData()
  body.append('file', file)
  return apiUpload<QuickOrderPreview>('/api/catalog/quick-order/preview-file', body, { onProgress })
}

export type QuickOrderLineInput = QuickOrderBody['lines'][number]

/**
 * POST /api/catalog/quick-order. Its answer carries no cart, so the cart is fetched again afterwards
 * (the header's count too), whatever the outcome; it runs in the cart's queue like every other cart
 * change, so an answer never lands between another change and its own.
 */
export function useQuickOrderAdd() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: cartMutationKey,
    scope: cartScope,
    mutationFn: (lines: QuickOrderLineInput[]) =>
      apiFetch<QuickOrderAdded>('/api/catalog/quick-order', { json: { lines } }),
    onSettled: () => resyncCart(queryClient),
  })
}
