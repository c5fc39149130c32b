import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { loginPath } from '../../lib/locale-path'
import { useSession } from '../../lib/session-context'

/**
 * The statement belongs to a dealer company: a guest goes to login (and comes back here after), an
 * administrator is told the page is for dealer accounts. (The same rule as the orders' DealerOnly; a
 * feature does not import another's.)
 */
export function DealerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const location = useLocation()
  if (!user) return <Navigate to={loginPath(locale, location.pathname + location.search)} replace />
  if (user.role !== 'dealer') {
    return (
      <Alert color="yellow" icon={<AlertIcon />} title={t('statement.adminTitle')}>
        {t('statement.adminText')}
      </Alert>
    )
  }
  return children
}
