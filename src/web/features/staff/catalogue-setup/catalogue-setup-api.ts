import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CategoryCreate,
  CategoryPatch,
  StaffBrand,
  StaffBrandList,
  StaffCategory,
  StaffCategoryList,
  StaffWarehouse,
  StaffWarehouseList,
} from '../../../../contracts/staff-catalogue'
import { apiFetch } from '../../../lib/api-client'
import { useStaffCan } from '../use-staff-can'
import { withSiblingOrder } from './category-tree'

/**
 * The keys the product editor reads the same lists under (its category, brand and warehouse
 * choices): a change made here is what it offers next.
 */
export const catalogueSetupKeys = {
  categories: () => ['staff', 'catalogue', 'categories'] as const,
  brands: () => ['staff', 'catalogue', 'brands'] as const,
  warehouses: () => ['staff', 'catalogue', 'warehouses'] as const,
}

/** GET /yonetim/categories: every category in tree order. */
export function useCategories() {
  return useQuery({
    queryKey: catalogueSetupKeys.categories(),
    queryFn: ({ signal }) => apiFetch<StaffCategoryList>('/yonetim/categories', { signal }),
    enabled: useStaffCan('catalogue:read'),
  })
}

/** GET /yonetim/brands: every brand by name, with its models. */
export function useBrands() {
  return useQuery({
    queryKey: catalogueSetupKeys.brands(),
    queryFn: ({ signal }) => apiFetch<StaffBrandList>('/yonetim/brands', { signal }),
    enabled: useStaffCan('catalogue:read'),
  })
}

/** GET /yonetim/warehouses: every warehouse in its order, with its stock. */
export function useWarehouses() {
  return useQuery({
    queryKey: catalogueSetupKeys.warehouses(),
    queryFn: ({ signal }) => apiFetch<StaffWarehouseList>('/yonetim/warehouses', { signal }),
    enabled: useStaffCan('catalogue:read'),
  })
}

// ---- categories --------------------------------------------------------------------------------

/** POST /yonetim/categories: a new category, last among its siblings; the tree is read again. */
export function useAddCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CategoryCreate) =>
      apiFetch<StaffCategory>('/yonetim/categories', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueSetupKeys.categories() }),
  })
}

/** PATCH /yonetim/categories/{id}: names and parent, only those changed; the tree is read again. */
export function useChangeCategory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...patch }: CategoryPatch & { id: number }) =>
      apiFetch<StaffCategory>(`/yonetim/categories/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueSetupKeys.categories() }),
  })
}

const reorderKey = (what: string) => ['staff', 'catalogue', 'reorder', what] as const

/**
 * A move is drawn at once (the row keeps the keyboard's focus at its new place); the moves go to the
 * server one after another, and the list the last one answers is kept. A refused move puts back the
 * order the page had before it.
 */
function settleMove<T>(queryClient: QueryClient, key: readonly unknown[], what: string, answer?: T) {
  if (queryClient.isMutating({ mutationKey: reorderKey(what) }) > 1) return
  if (answer !== undefined) queryClient.setQueryData(key, answer)
  else void queryClient.invalidateQueries({ queryKey: key })
}

/** POST /yonetim/categories/reorder: one parent's children in their new order. */
export function useReorderCategories() {
  const queryClient = useQueryClient()
  const key = catalogueSetupKeys.categories()
  return useMutation({
    mutationKey: reorderKey('categories'),
    scope: { id: 'categories-reorder' },
    mutationFn: (body: { parentId: number | null; ids: number[] }) =>
      apiFetch<StaffCategoryList>('/yonetim/categories/reorder', { method: 'POST', json: body }),
    onMutate: (body) => {
      const before = queryClient.getQueryData<StaffCategoryList>(key)
      if (before)
        queryClient.setQueryData<StaffCategoryList>(key, { items: withSiblingOrder(before.items, body.ids) })
      return { before }
    },
    onSuccess: (list) => settleMove(queryClient, key, 'categories', list),
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      settleMove(queryClient, key, 'categories')
    },
  })
}

// ---- brands and models -------------------------------------------------------------------------

/** Every brand write answers with the brand as it now stands: it takes its place in the list. */
function useBrandWrite<V>(send: (values: V) => Promise<StaffBrand>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: send,
    onSuccess: (brand) => {
      queryClient.setQueryData<StaffBrandList>(catalogueSetupKeys.brands(), (list) =>
        list
          ? {
              items: list.items.some((b) => b.id === brand.id)
                ? list.items.map((b) => (b.id === brand.id ? brand : b))
                : [...list.items, brand],
            }
          : list,
      )
      // The list is by name: a new or renamed brand takes its place by the server's order.
      void queryClient.invalidateQueries({ queryKey: catalogueSetupKeys.brands() })
    },
  })
}

/** POST /yonetim/brands */
export const useAddBrand = () =>
  useBrandWrite((body: { code: string; name: string }) =>
    apiFetch<StaffBrand>('/yonetim/brands', { method: 'POST', json: body }),
  )

/** PATCH /yonetim/brands/{id} */
export const useRenameBrand = () =>
  useBrandWrite(({ id, name }: { id: number; name: string }) =>
    apiFetch<StaffBrand>(`/yonetim/brands/${id}`, { method: 'PATCH', json: { name } }),
  )

/** POST /yonetim/brands/{id}/models */
export const useAddModel = () =>
  useBrandWrite(({ brandId, ...body }: { brandId: number; code: string; name: string }) =>
    apiFetch<StaffBrand>(`/yonetim/brands/${brandId}/models`, { method: 'POST', json: body }),
  )

/** PATCH /yonetim/brands/{id}/models/{modelId} */
export const useRenameModel = () =>
  useBrandWrite(({ brandId, modelId, name }: { brandId: number; modelId: number; name: string }) =>
    apiFetch<StaffBrand>(`/yonetim/brands/${brandId}/models/${modelId}`, {
      method: 'PATCH',
      json: { name },
    }),
  )

// ---- warehouses --------------------------------------------------------------------------------

/** POST /yonetim/warehouses: a new one, last; the list is read again. */
export function useAddWarehouse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { code: string; name: string }) =>
      apiFetch<StaffWarehouse>('/yonetim/warehouses', { method: 'POST', json: body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueSetupKeys.warehouses() }),
  })
}

/** PATCH /yonetim/warehouses/{id}: a new name; the answer takes the row's place. */
export function useRenameWarehouse() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiFetch<StaffWarehouse>(`/yonetim/warehouses/${id}`, { method: 'PATCH', json: { name } }),
    onSuccess: (saved) =>
      queryClient.setQueryData<StaffWarehouseList>(catalogueSetupKeys.warehouses(), (list) =>
        list ? { items: list.items.map((w) => (w.id === saved.id ? saved : w)) } : list,
      ),
  })
}

/**
 * The warehouses in a new order. There is no reorder call for warehouses: each one whose place
 * changed gets its index as its sort order (PATCH), one after another.
 */
export function useReorderWarehouses() {
  const queryClient = useQueryClient()
  const key = catalogueSetupKeys.warehouses()
  return useMutation({
    mutationKey: reorderKey('warehouses'),
    scope: { id: 'warehouses-reorder' },
    mutationFn: async (ordered: StaffWarehouse[]) => {
      for (const [index, warehouse] of ordered.entries()) {
        if (warehouse.sortOrder === index) continue
        await apiFetch<StaffWarehouse>(`/yonetim/warehouses/${warehouse.id}`, {
          method: 'PATCH',
          json: { sortOrder: index },
        })
      }
    },
    onMutate: (ordered) => {
      const before = queryClient.getQueryData<StaffWarehouseList>(key)
      // As the server will have them: the next move compares against these.
      const items = ordered.map((warehouse, sortOrder) => ({ ...warehouse, sortOrder }))
      queryClient.setQueryData<StaffWarehouseList>(key, { items })
      return { before }
    },
    onSuccess: () => settleMove(queryClient, key, 'warehouses'),
    onError: (_error, _ordered, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before)
      settleMove(queryClient, key, 'warehouses')
    },
  })
}
