import { Button, Text } from '@mantine/core'
import type { StaffPayment } from '../../../../contracts/payments-staff'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'

/** The columns of the payments table, whose headers also label the phone cards' values. */
export type PaymentColumn =
  | 'date'
  | 'status'
  | 'dealer'
  | 'type'
  | 'card'
  | 'amount'
  | 'total'
  | 'installment'
  | 'order'
  | 'reference'
  | 'details'

/** Why a payment stopped: the bank's reason for a failure, staff's question for one needing attention. */
export function PaymentNote({ payment, size = 'xs' }: { payment: StaffPayment; size?: 'xs' | 'sm' }) {
  if (payment.status === 'needs_attention' && payment.attentionReason) {
    return (
      <Text size={size} c="orange.9" fw={500} data-testid="attention-reason">
        {payment.attentionReason}
      </Text>
    )
  }
  if (payment.failureMessage) {
    return (
      <Text size={size} c="red.8">
        {payment.failureMessage}
      </Text>
    )
  }
  return null
}

/**
 * The button that opens a payment's detail, named after the payment for a screen reader. The screen
 * finds it again by `data-payment-opener` to give it the focus back when the detail closes.
 */
export function OpenPaymentButton({
  payment,
  onOpen,
  fullWidth,
}: {
  payment: StaffPayment
  onOpen: (id: string) => void
  fullWidth?: boolean
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  return (
    <Button
      size="xs"
      variant={payment.status === 'needs_attention' ? 'filled' : 'light'}
      color={payment.status === 'needs_attention' ? 'orange' : undefined}
      onClick={() => onOpen(payment.id)}
      aria-label={t('staffPayments.payments.openFor', {
        dealer: payment.dealer.name,
        amount: formatMoney({ value: payment.totalAmount, currency: 'TRY' }, locale),
        date: dates.dateTime(payment.createdAt),
      })}
      aria-haspopup="dialog"
      fullWidth={fullWidth}
      data-payment-opener={payment.id}
    >
      {t('staffPayments.payments.open')}
    </Button>
  )
}
