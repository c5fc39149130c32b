import { useEffect } from 'react'
import { useLocation, useSearchParams } from 'react-router'

/**
 * A staff list's ?status= (one of `statuses`, else 'all') and ?page= (a whole number from 1) in the
 * address; another status starts at its first page, and another page at the top of the screen.
 */
export function useListFilter<S extends string>(statuses: readonly S[]) {
  const location = useLocation()
  const [search, setSearch] = useSearchParams()
  const raw = search.get('status')
  const status: S | 'all' = statuses.find((s) => s === raw) ?? 'all'
  const rawPage = search.get('page') ?? ''
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) > 0 ? Number(rawPage) : 1

  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [location.pathname, location.search])

  const show = (next: { status?: S | 'all'; page?: number }) => {
    const params = new URLSearchParams(search)
    const nextStatus = next.status ?? status
    if (nextStatus === 'all') params.delete('status')
    else params.set('status', nextStatus)
    const nextPage = next.status ? 1 : (next.page ?? page)
    if (nextPage > 1) params.set('page', String(nextPage))
    else params.delete('page')
    setSearch(params)
  }
  return { status, page, show }
}
