import { Alert } from '@mantine/core'
import { useLocation } from 'react-router'
import { formatAmount } from '../../../domain/money-format'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { isStatementPath, showsOverdueDebtBanner } from '../../lib/overdue-debt'
import { useSession } from '../../lib/session-context'

/**
 * 'Vadesi {days} gün geçmiş {amount} {currency} ödemeniz bulunmaktadır' for dealers with overdue debt
 * (spec/2 §5). The layout's banner leaves the statement page alone: that page draws its own
 * (`onStatementPage`), with the figures its statement just read (`overdue`) rather than the session's.
 */
export function OverdueDebtBanner({
  onStatementPage = false,
  overdue,
}: {
  onStatementPage?: boolean
  overdue?: { balance: number; days: number }
}) {
  const { t } = useTranslation()
  const { user, locale, bootstrap } = useSession()
  const { pathname } = useLocation()
  const customer = user?.role === 'dealer' ? user.customer : null
  if (!customer || (!onStatementPage && isStatementPath(pathname))) return null
  const figures = overdue ?? { balance: customer.overdueBalance, days: customer.overdueDays }
  if (!showsOverdueDebtBanner({ overdueBalance: figures.balance }, bootstrap.settings, onStatementPage)) {
    return null
  }

  return (
    <Alert
      color="red"
      variant="light"
      icon={<AlertIcon />}
      role="status"
      mb="md"
      data-testid="overdue-banner"
    >
      {t('overdue.message', {
        days: figures.days,
        amount: formatAmount(figures.balance, locale),
        currency: customer.overdueCurrency,
      })}
    </Alert>
  )
}
