import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { BankTransferResponse } from '../../../../contracts/bank-transfers'
import { parseAmount } from '../../../../domain/amount'
import { ledgerDay } from '../../../../domain/ledger'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { amountRefusalText, useAmountHint } from '../../../lib/amount-text'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { DealerPicker } from '../DealerPicker'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { BankTransferList } from './BankTransferList'
import { useRecordBankTransfer } from './bank-transfers-api'

interface TransferValues {
  customerId: string | null
  amount: string
  date: string
  documentNo: string
  description: string
}

/**
 * Today as YYYY-MM-DD in the store's calendar (the server checks the date against Istanbul's day, the
 * ledger's), not the browser's or the server's: a page drawn on the server just after midnight in one
 * zone shows the same default as the browser taking it over in another.
 */
const todayIso = () => ledgerDay(new Date())

function TransferForm() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const amountHint = useAmountHint()
  const record = useRecordBankTransfer()
  /** The last recorded transfer: the server's answer with the amount and document number sent. */
  const [done, setDone] = useState<{
    answer: BankTransferResponse
    amount: string
    documentNo: string
  } | null>(null)
  const form = useForm<TransferValues>({
    initialValues: { customerId: null, amount: '', date: todayIso(), documentNo: '', description: '' },
    validate: {
      customerId: (value) => (value ? null : t('staffPayments.transfer.errors.dealer')),
      // The grammar of every typed amount (domain/amount.ts); the server reads it by the same.
      amount: (value) => {
        const parsed = parseAmount(value)
        return parsed.ok
          ? null
          : amountRefusalText(t, value, parsed.reason, t('staffPayments.transfer.errors.amount'))
      },
      date: (value) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? null : t('staffPayments.transfer.errors.date')),
      documentNo: (value) => (value.trim() ? null : t('staffPayments.transfer.errors.documentNo')),
    },
  })

  const submit = form.onSubmit((values) => {
    if (record.isPending) return
    setDone(null)
    const amount = parseAmount(values.amount)
    const body = {
      customerId: Number(values.customerId),
      amount: amount.ok ? amount.amount : values.amount.trim(),
      date: values.date,
      documentNo: values.documentNo.trim(),
      description: values.description.trim(),
    }
    record.mutate(body, {
      onSuccess: (answer) => {
        setDone({ answer, amount: body.amount, documentNo: body.documentNo })
        notifications.show({
          color: 'green',
          message: t('staffPayments.transfer.saved', { dealer: answer.dealer.name }),
        })
        form.setValues({ amount: '', documentNo: '', description: '' })
      },
      onError: (error) => {
        if (isApiError(error) && error.fields) form.setErrors(error.fields)
      },
    })
  })

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('staffPayments.transfer.form')}
      style={{ maxWidth: 560 }}
    >
      <Stack gap="md">
        {record.isError && !(isApiError(record.error) && record.error.handled) && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(record.error, t)}
          </Alert>
        )}
        {done && (
          <Alert color="green" variant="light" role="status" data-testid="transfer-done">
            {t('staffPayments.transfer.result', {
              dealer: done.answer.dealer.name,
              // The amount as sent, read as the server read it.
              amount: formatMoney({ value: Number(done.amount), currency: 'TRY' }, locale),
              documentNo: done.documentNo,
              overdue: formatMoney({ value: done.answer.overdue.balance, currency: 'TRY' }, locale),
              days: done.answer.overdue.days,
            })}
          </Alert>
        )}
        <DealerPicker
          label={t('staffPayments.transfer.dealer')}
          placeholder={t('staffPayments.transfer.dealerPlaceholder')}
          required
          testId="transfer-dealer"
          value={form.values.customerId}
          onChange={(value) => form.setFieldValue('customerId', value)}
          onSearch={() => {
            if (form.errors.customerId) form.clearFieldError('customerId')
          }}
          error={form.errors.customerId}
        />
        <TextInput
          label={t('staffPayments.transfer.amount')}
          description={amountHint}
          inputMode="decimal"
          autoComplete="off"
          required
          {...form.getInputProps('amount')}
        />
        <TextInput
          type="date"
          label={t('staffPayments.transfer.date')}
          required
          max={todayIso()}
          {...form.getInputProps('date')}
        />
        <TextInput
          label={t('staffPayments.transfer.documentNo')}
          maxLength={40}
          required
          {...form.getInputProps('documentNo')}
        />
        <Textarea
          label={t('staffPayments.transfer.description')}
          maxLength={500}
          rows={2}
          {...form.getInputProps('description')}
        />
        <Button type="submit" loading={record.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('staffPayments.transfer.submit')}
        </Button>
      </Stack>
    </form>
  )
}

/**
 * /yonetim/havale — record a dealer's bank transfer as a credit in its ledger (it settles the oldest
 * items), and below it the transfers entered, each of which can be taken back.
 */
export function BankTransferPage() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  return (
    <StaffLayout title={t('staffPayments.transfer.title')} description={t('staffPayments.transfer.intro')}>
      <Stack gap="xl">
        {canWrite ? (
          <TransferForm />
        ) : (
          <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
            {t('staff.roleReadOnlyText')}
          </Alert>
        )}
        <BankTransferList />
      </Stack>
    </StaffLayout>
  )
}
