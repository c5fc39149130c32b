import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { loginPath } from '../../lib/locale-path'
import { useSession } from '../../lib/session-context'

/**
 * Fault reports are filed for a dealer company: a guest goes to login (and comes back here after), an
 * administrator is pointed to the staff screen. (The statement's rule; a feature does not import another's.)
 */
export function DealerGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const location = useLocation()
  if (!user) return <Navigate to={loginPath(locale, location.pathname + location.search)} replace />
  if (user.role !== 'dealer') {
    return (
      <Alert color="yellow" icon={<AlertIcon />} title={t('faultReport.adminTitle')}>
        {t('faultReport.adminText')}
      </Alert>
    )
  }
  return children
}
