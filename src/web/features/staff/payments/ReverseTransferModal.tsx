import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import { type BankTransferRow, TRANSFER_REASON_MAX } from '../../../../contracts/bank-transfers'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { useReverseBankTransfer } from './bank-transfers-api'

/**
 * Asks for the reason and takes the transfer back. What the reversal does is said before it is done;
 * the reason stays typed when the server refuses, and the dialog closes only once it is booked.
 */
export function ReverseTransferModal({ row, onClose }: { row: BankTransferRow | null; onClose: () => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const reverse = useReverseBankTransfer()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const r = 'staffPayments.transfer.reverse'
  const close = () => {
    if (reverse.isPending) return
    setReason('')
    setError(null)
    reverse.reset()
    onClose()
  }
  const submit = () => {
    if (!row || reverse.isPending) return
    if (!reason.trim()) {
      setError(t(`${r}.reasonRequired`))
      return
    }
    reverse.mutate(
      { id: row.id, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: 'green',
            message: t(`${r}.done`, {
              documentNo: row.documentNo,
              overdue: formatMoney({ value: answer.overdue.balance, currency: 'TRY' }, locale),
            }),
          })
          setReason('')
          reverse.reset()
          onClose()
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.fields?.reason) setError(failure.fields.reason)
        },
      },
    )
  }
  return (
    <Modal opened={row !== null} onClose={close} title={t(`${r}.title`)} centered>
      {row && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              {t(`${r}.text`, {
                dealer: row.dealer.name,
                date: dates.day(row.date),
                amount: formatMoney({ value: row.amount, currency: 'TRY' }, locale),
                documentNo: row.documentNo,
              })}
            </Text>
            {reverse.isError && !(isApiError(reverse.error) && reverse.error.fields?.reason) && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeError(reverse.error, t)}
              </Alert>
            )}
            <Textarea
              label={t(`${r}.reason`)}
              description={t(`${r}.reasonHint`)}
              required
              data-autofocus
              maxLength={TRANSFER_REASON_MAX}
              rows={3}
              value={reason}
              error={error}
              onChange={(event) => {
                setReason(event.currentTarget.value)
                if (error) setError(null)
              }}
              data-testid="reverse-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={reverse.isPending}>
                {t(`${r}.cancel`)}
              </Button>
              <Button type="submit" color="red" loading={reverse.isPending}>
                {t(`${r}.confirm`)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
