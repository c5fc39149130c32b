import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { focusPageHeading, pageHeading } from '../../lib/page-heading'

/** How long a new page may take to show its heading (a lazy chunk, then its data). */
export const HEADING_WAIT_MS = 10_000

/**
 * Where the focus already is stays: in an open modal (an alert raised by the same click), or on a
 * control of the page that is still there because the page changed its own address (a variant
 * chosen, a category picked in the side navigation): the person is still working there.
 */
function focusIsKept(main: Element): boolean {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || active === document.body) return false
  if (active.closest('[aria-modal="true"]')) return true
  return active !== main && active.tagName !== 'H1' && main.contains(active)
}

/**
 * After an in-app change of address the focus goes to the new page's main heading, as a page load
 * puts a screen reader at the top of the new page; without it the focus stays on a link that is gone
 * (so on <body>). Not on the first load, and not when only the query string changes: paging, sorting
 * and filtering a list keep the focus on the control used, so the next page is one more key press;
 * nor when the focus is on a control the page kept (see focusIsKept).
 * The heading may come later than the address (lazy page, data), so it is awaited.
 */
export function RouteFocus() {
  const { pathname } = useLocation()
  const first = useRef(true)

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the address
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const main = document.querySelector('main')
    if (!main) return
    const move = () => {
      if (!focusIsKept(main)) focusPageHeading()
    }
    if (pageHeading(main)) {
      move()
      return
    }
    const observer = new MutationObserver(() => {
      if (!pageHeading(main)) return
      stop()
      move()
    })
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    observer.observe(main, { childList: true, subtree: true })
    return stop
  }, [pathname])

  return null
}
