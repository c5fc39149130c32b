import { Alert } from '@mantine/core'
import { formatAmount } from '../../../domain/money-format'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { showsOverdueDebtBanner } from '../../lib/overdue-debt'
import { useSession } from '../../lib/session-context'

/** 'Vadesi {days} gün geçmiş {amount} {currency} ödemeniz bulunmaktadır' for dealers with overdue debt. */
export function OverdueDebtBanner({ onStatementPage = false }: { onStatementPage?: boolean }) {
  const { t } = useTranslation()
  const { user, locale, bootstrap } = useSession()
  const customer = user?.role === 'dealer' ? user.customer : null
  if (!showsOverdueDebtBanner(customer, bootstrap.settings, onStatementPage)) return null

  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="status" mb="md">
      {t('overdue.message', {
        days: customer.overdueDays,
        amount: formatAmount(customer.overdueBalance, locale),
        currency: customer.overdueCurrency,
      })}
    </Alert>
  )
}
