import { Navigate, useLocation } from 'react-router'
import { loginPath } from '../lib/locale-path'
import { useSession } from '../lib/session-context'

/** Sends a guest to the login page, which brings them back to this address (path and query) after. */
export function LoginRedirect() {
  const { locale } = useSession()
  const location = useLocation()
  return <Navigate to={loginPath(locale, location.pathname + location.search)} replace />
}
