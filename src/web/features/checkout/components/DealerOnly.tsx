import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { loginPath } from '../../../lib/locale-path'
import { useSession } from '../../../lib/session-context'

/**
 * Card payments belong to a dealer company: a guest goes to login (and comes back here after), an
 * administrator is told the page is for dealer accounts.
 */
export function DealerOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const location = useLocation()
  if (!user) return <Navigate to={loginPath(locale, location.pathname + location.search)} replace />
  if (user.role !== 'dealer') {
    return (
      <Alert color="yellow" icon={<AlertIcon />} title={t('payment.dealerOnlyTitle')}>
        {t('payment.dealerOnlyText')}
      </Alert>
    )
  }
  return children
}
