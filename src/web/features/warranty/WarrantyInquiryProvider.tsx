import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { fullNavigate } from '../../lib/navigation'
import { useSession } from '../../lib/session-context'
import { type WarrantyInquiry, WarrantyInquiryContext } from '../../lib/warranty-inquiry'
import { loginForWarranty, WARRANTY_PARAM } from './warranty-param'

// The modals load on the first opening, in their own chunk: no page carries them before.
const WarrantyModals = lazy(() => import('./WarrantyModals').then((m) => ({ default: m.WarrantyModals })))

/** Where the focus goes back to: the opener while it is still on the page, else the main region. */
function focusBack(opener: HTMLElement | null) {
  const target = opener?.isConnected ? opener : document.getElementById('main')
  target?.focus({ preventScroll: true })
}

/**
 * Mounted once by the app layout: gives every screen `openWarrantyInquiry()` (lib/warranty-inquiry.ts)
 * and opens the inquiry for `?garanti=1` on any page. A guest is sent to log in, coming back to the
 * same page with the inquiry open. Each opening starts a fresh form; closing removes the parameter
 * and gives the focus back to the opener.
 */
export function WarrantyInquiryProvider({ children }: { children: ReactNode }) {
  const { user, locale } = useSession()
  const location = useLocation()
  const [searchParams, setSearchParams] = useSearchParams()
  const here = location.pathname + location.search
  const [opening, setOpening] = useState(0)
  const [opened, setOpened] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  const asked = searchParams.get(WARRANTY_PARAM) === '1'

  const show = useCallback(
    (returnFocusTo: HTMLElement | null) => {
      if (!user) {
        const login = loginForWarranty(locale, here)
        if (login) fullNavigate(login)
        return
      }
      opener.current = returnFocusTo
      setOpening((n) => n + 1)
      setOpened(true)
    },
    [user, locale, here],
  )

  // The parameter opens it when it appears (on arrival, or following a link that carries it), not
  // again whenever the address changes while it stays.
  const latestShow = useRef(show)
  useEffect(() => {
    latestShow.current = show
  })
  useEffect(() => {
    if (asked) latestShow.current(null)
  }, [asked])

  const close = useCallback(() => {
    setOpened(false)
    setSearchParams(
      (params) => {
        params.delete(WARRANTY_PARAM)
        return params
      },
      { replace: true, preventScrollReset: true },
    )
    // After the modal has let go of the focus trap.
    const back = opener.current
    requestAnimationFrame(() => focusBack(back))
  }, [setSearchParams])

  const value = useMemo<WarrantyInquiry>(
    () => ({
      openWarrantyInquiry: (returnFocusTo) =>
        show(
          returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null),
        ),
    }),
    [show],
  )

  return (
    <WarrantyInquiryContext.Provider value={value}>
      {children}
      {opening > 0 && (
        <Suspense fallback={null}>
          <WarrantyModals key={opening} opened={opened} onClose={close} />
        </Suspense>
      )}
    </WarrantyInquiryContext.Provider>
  )
}
