import { Alert, Box, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconCreditCard, IconLock } from '@tabler/icons-react'
import { type ReactNode, useId } from 'react'
import { installmentTotal, monthlyAmount } from '../../../domain/installments'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { amountRefusalText, useAmountHint } from '../../lib/amount-text'
import { useSession } from '../../lib/session-context'
import { AlertIcon, decorative } from '../icons/Icons'
import { CardFields } from './CardFields'
import { CardPreview } from './CardPreview'
import { InstallmentTable } from './InstallmentTable'
import { PaymentFrameModal } from './PaymentFrameModal'
import { type CardPaymentOptions, useCardPayment } from './use-card-payment'

const CardIcon = decorative(IconCreditCard)
const LockIcon = decorative(IconLock)

export type CardPaymentFormProps = CardPaymentOptions & {
  /** Fields of the page shown under the amount (a note, what is settled…). */
  children?: ReactNode
  /** The amount is still being worked out ('order'): paying waits for it. */
  amountPending?: boolean
  /** Beside the pay button (a back button). */
  secondaryAction?: ReactNode
}

function money(value: { toNumber: () => number } | number, locale: 'tr' | 'en') {
  return formatMoney({ value: typeof value === 'number' ? value : value.toNumber(), currency: 'TRY' }, locale)
}

/**
 * The card payment form (spec/2 §2 CheckoutPayment): the amount, the card with its live picture, the
 * bank's installment table above the store's installmentLimit, the pay alerts of §5, and the modal
 * with the payment frame. Used by the checkout ('order'), the pay-on-account page ('pay') and the
 * public payment-link page ('link', logged out).
 */
export function CardPaymentForm({
  children,
  amountPending = false,
  secondaryAction,
  ...options
}: CardPaymentFormProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const pay = useCardPayment(options)
  const amountHint = useAmountHint()
  const titleId = useId()
  const charged = pay.plan ? installmentTotal(pay.amount, pay.plan.commisionFee) : null
  const amountPositive = Number(pay.amount) > 0

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!amountPending) pay.submit()
        }}
        data-testid="card-payment-form"
      >
        <Stack gap="lg">
          {pay.amountFixed ? (
            <TextInput
              label={t('payment.amount.fixed')}
              value={amountPending ? '' : money(Number(pay.amount), locale)}
              placeholder={amountPending ? t('payment.checkout.totalPending') : undefined}
              readOnly
              ref={pay.refs.amount}
              data-testid="payment-amount"
              fw={700}
            />
          ) : (
            <TextInput
              ref={pay.refs.amount}
              label={t('payment.amount.label')}
              placeholder={t('payment.amount.placeholder')}
              value={pay.amountText}
              onChange={(event) => pay.changeAmount(event.currentTarget.value)}
              inputMode="decimal"
              autoComplete="off"
              name="amount"
              maxLength={20}
              error={pay.alert === 'amount'}
              description={
                amountPositive
                  ? t('payment.amount.parsed', { amount: money(Number(pay.amount), locale) })
                  : pay.amountRefusal
                    ? amountRefusalText(t, pay.amountText, pay.amountRefusal, amountHint)
                    : amountHint
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              data-testid="payment-amount"
            />
          )}
          {children}

          <Box component="section" aria-labelledby={titleId}>
            <Title order={2} size="h4" id={titleId} mb="sm">
              <Group gap={6} component="span">
                <CardIcon size={20} />
                {t('payment.card.title')}
              </Group>
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <CardFields
                values={pay.values}
                onChange={pay.change}
                refs={pay.refs}
                invalid={pay.alert}
                bin={pay.bin}
                binLoading={pay.binLoading}
              />
              <Box style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start' }}>
                <CardPreview
                  card={pay.values.card}
                  holder={pay.values.holder}
                  expire={pay.values.expire}
                  bin={pay.bin}
                />
              </Box>
            </SimpleGrid>
          </Box>

          {pay.showTable && pay.bin && (
            <InstallmentTable
              amount={pay.amount}
              bin={pay.bin}
              value={pay.plan?.id}
              onChange={pay.choosePlan}
            />
          )}

          {amountPositive && !amountPending && (
            <Text fw={600} aria-live="polite" data-testid="payment-charge">
              {pay.plan && charged && pay.plan.installment > 1
                ? t('payment.chargeInstallments', {
                    total: money(charged, locale),
                    count: pay.plan.installment,
                    monthly: money(monthlyAmount(charged, pay.plan.installment), locale),
                  })
                : t('payment.charge', { total: money(charged ?? Number(pay.amount), locale) })}
            </Text>
          )}

          <Group gap={6} wrap="nowrap" align="flex-start">
            <LockIcon size={16} />
            <Text size="xs" c="dimmed">
              {t('payment.card.secure')}
            </Text>
          </Group>

          {pay.alert && (
            <Alert
              color="orange"
              icon={<AlertIcon />}
              title={t('alert.title')}
              role="alert"
              data-testid="pay-alert"
            >
              {t(`payment.alerts.${pay.alert}`)}
            </Alert>
          )}
          {pay.failure && (
            <Alert
              color="red"
              icon={<AlertIcon />}
              title={t('payment.failedTitle')}
              role="alert"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={pay.dismissFailure}
              data-testid="payment-failure"
            >
              {pay.failure}
            </Alert>
          )}

          {pay.unconfirmed && (
            <Alert
              color="yellow"
              icon={<AlertIcon />}
              title={t('payment.unconfirmedTitle')}
              role="status"
              withCloseButton
              closeButtonLabel={t('common.close')}
              onClose={pay.dismissUnconfirmed}
              data-testid="payment-unconfirmed"
            >
              {t('payment.unconfirmed')}
            </Alert>
          )}

          <Group gap="sm" justify="space-between" wrap="wrap-reverse">
            {secondaryAction ?? <span />}
            <Button
              ref={pay.payButton}
              type="submit"
              size="md"
              leftSection={<LockIcon size={18} />}
              loading={amountPending}
              w={{ base: '100%', xs: 'auto' }}
              data-testid="pay-button"
            >
              {t('payment.pay')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: nothing in the modal submits it. */}
      <PaymentFrameModal
        form={pay.frame.form}
        onClose={pay.frame.close}
        onFailed={pay.frame.fail}
        onSucceedClaim={(intentId) => void pay.frame.claimSucceeded(intentId)}
        onProcessingClaim={(intentId) => void pay.frame.claimProcessing(intentId)}
        waiting={pay.frame.waiting}
      />
    </>
  )
}
