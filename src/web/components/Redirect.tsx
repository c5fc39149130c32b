import { useEffect } from 'react'
import { useNavigate } from 'react-router'

/**
 * Goes to `to` (replacing this address) once the page runs in the browser. React Router's <Navigate>
 * does the same from an effect, but drawn on the server (StaticRouter) it only warns: pages drawn there
 * for a guest or a dealer who must go elsewhere use this instead.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    navigate(to, { replace: true })
  }, [navigate, to])
  return null
}
