import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { QuickOrderAdded, QuickOrderBody, QuickOrderPreview } from '../../../contracts/quick-order'
import { apiFetch, apiUpload } from '../api-client'
import { cartQuery } from './cart-query'
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
    // Fetched with the cart query's own options, not only invalidated: on a page the server drew, the
    // cart came hydrated without its query function, and with no observer on the page (the header
    // reads it without one) an invalidation could not fetch it, so the count stayed as it was.
    onSettled: () =>
      queryClient.fetchQuery({ ...cartQuery, staleTime: 0 }).catch(() => resyncCart(queryClient)),
  })
}
