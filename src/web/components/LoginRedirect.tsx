import { useLocation } from 'react-router'
import { loginPath } from '../lib/locale-path'
import { useSession } from '../lib/session-context'
import { Redirect } from './Redirect'

/** Sends a guest to the login page, which brings them back to this address (path and query) after. */
export function LoginRedirect() {
  const { locale } = useSession()
  const location = useLocation()
  return <Redirect to={loginPath(locale, location.pathname + location.search)} />
}
