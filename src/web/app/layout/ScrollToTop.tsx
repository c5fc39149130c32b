import { useEffect } from 'react'
import { useLocation } from 'react-router'

/** A new page starts at the top (declarative routing has no ScrollRestoration). */
export function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0)
  }, [pathname])
  return null
}
