import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useState } from 'react'
import { type StaffPaymentDetail, staffPaymentActionBodySchema } from '../../../../contracts/payments-staff'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { type StaffPaymentAction, useStaffPaymentAction } from './payments-admin-api'

/**
 * The confirmation of a decision on a payment that needs attention: what booking or refunding will do,
 * the reason (required, checked by the contract's schema before anything is sent; it goes into the
 * payment's history), the server's refusal in the user's language, and both buttons disabled while the
 * request runs (closing is refused then too). `onDone` gets the payment as it now stands.
 */
export function PaymentActionModal({
  payment,
  action,
  onCancel,
  onDone,
}: {
  payment: StaffPaymentDetail
  /** The decision being confirmed; the modal is open while it is set. */
  action: StaffPaymentAction | null
  onCancel: () => void
  onDone: (answer: StaffPaymentDetail) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const mutation = useStaffPaymentAction()
  const [reason, setReason] = useState('')
  const [invalid, setInvalid] = useState(false)
  const busy = mutation.isPending
  const { reset } = mutation

  // Every opening starts blank: no reason, no error of an earlier try.
  useEffect(() => {
    if (action === null) return
    setReason('')
    setInvalid(false)
    reset()
  }, [action, reset])

  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const a = 'staffPayments.payments.actions'
  const explanation =
    action === 'refund'
      ? t(`${a}.refundText.${payment.paymentType}`, { total: tl(payment.totalAmount) })
      : t(`${a}.bookText.${payment.paymentType}`, {
          dealer: payment.dealer.name,
          amount: tl(payment.amount),
        })
  // The payment changed under the modal (another staff member decided, the refund came back): nothing to confirm.
  const stillOpen = payment.status === 'needs_attention'

  const submit = () => {
    if (busy || action === null || !stillOpen) return
    const body = staffPaymentActionBodySchema.safeParse({ reason })
    if (!body.success) {
      setInvalid(true)
      return
    }
    mutation.mutate(
      { id: payment.id, action, body: body.data },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            message:
              action === 'refund'
                ? t(`${a}.refunded`, { dealer: answer.dealer.name, amount: tl(answer.totalAmount) })
                : t(`${a}.booked`, { dealer: answer.dealer.name, amount: tl(answer.amount) }),
          })
          onDone(answer)
        },
      },
    )
  }

  const close = () => {
    if (!busy) onCancel()
  }

  return (
    <Modal
      opened={action !== null}
      onClose={close}
      title={action === 'refund' ? t(`${a}.refundTitle`) : t(`${a}.bookTitle`)}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': t('common.close'), disabled: busy }}
      // The drawer gives the focus back itself: to the button pressed, or (once decided) its heading.
      returnFocus={false}
      size="md"
      data-testid="payment-action-modal"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <Text size="sm">{explanation}</Text>
          <Text size="sm" fw={600}>
            {t(`${a}.irreversible`)}
          </Text>
          <TextInput
            label={t(`${a}.reason`)}
            description={t(`${a}.reasonHelp`)}
            required
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value)
              if (invalid) setInvalid(false)
            }}
            error={invalid ? t(`${a}.reasonInvalid`) : undefined}
            readOnly={busy}
            data-autofocus
            data-testid="payment-action-reason"
          />
          {mutation.isError && !(isApiError(mutation.error) && mutation.error.handled) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} title={t(`${a}.failed`)} role="alert">
              {describeError(mutation.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              color={action === 'refund' ? 'red' : 'green'}
              loading={busy}
              disabled={!stillOpen}
              data-testid="payment-action-confirm"
            >
              {action === 'refund' ? t(`${a}.refund`) : t(`${a}.book`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
