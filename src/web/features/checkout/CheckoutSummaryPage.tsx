import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import { type ReactNode, useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { PaymentResult } from '../../../contracts/payments'
import { formatMoney } from '../../../domain/money-format'
import { MailOrderSlip } from '../../components/card-payment/MailOrderSlip'
import { DealerGate } from '../../components/DealerGate'
import { AlertIcon, CheckIcon, InfoIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { NotFoundState } from '../../components/NotFoundState'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { usePaymentResult } from '../../lib/payments/payments-api'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { useAfterPaidOrder } from './api/checkout-api'
import { CheckoutSteps } from './components/CheckoutSteps'

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {children}
      </Text>
    </div>
  )
}

function Facts({ result }: { result: PaymentResult }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  const money = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {result.paymentType === 'order' && result.orderNo && (
          <Fact label={t('payment.result.orderNo')} testId="result-order-no">
            {result.orderId ? (
              <Anchor component={Link} to={localePath(`/siparis/${result.orderId}`)}>
                {result.orderNo}
              </Anchor>
            ) : (
              result.orderNo
            )}
          </Fact>
        )}
        <Fact label={t('payment.result.amount')} testId="result-amount">
          {money(result.amount)}
        </Fact>
        <Fact label={t('payment.result.charged')} testId="result-charged">
          {money(result.totalAmount)}
        </Fact>
        <Fact label={t('payment.result.installment')} testId="result-installment">
          {result.installment > 1
            ? t('payment.installments.many', { count: result.installment })
            : t('payment.installments.single')}
        </Fact>
      </SimpleGrid>
    </Card>
  )
}

function Paid({ result }: { result: PaymentResult }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  const isOrder = result.paymentType === 'order'
  const title = isOrder ? t('payment.result.orderTitle') : t('payment.result.payTitle')
  usePageTitle(title)
  // The order is made and the cart emptied: the header's count and the order lists follow.
  const afterPaidOrder = useAfterPaidOrder()
  useEffect(() => {
    if (isOrder) afterPaidOrder()
  }, [isOrder, afterPaidOrder])
  return (
    <Stack gap="lg">
      {isOrder && <CheckoutSteps active={2} />}
      <Stack align="center" gap="xs" ta="center" py="md">
        <ThemeIcon color="green" size={56} radius="xl" variant="light" aria-hidden="true">
          <CheckIcon size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" data-testid="result-text">
          {isOrder
            ? t('payment.result.orderText', { orderNo: result.orderNo ?? '' })
            : t('payment.result.payText', {
                amount: formatMoney({ value: result.amount, currency: 'TRY' }, locale),
              })}
        </Text>
      </Stack>
      <Facts result={result} />
      {result.mailOrder && <MailOrderSlip slip={result.mailOrder} printName={`mail-order-${result.id}`} />}
      <Group justify="center" gap="sm">
        {isOrder && (
          <Button component={Link} to={localePath('/siparis/liste')}>
            {t('payment.result.toOrders')}
          </Button>
        )}
        <Button component={Link} to={localePath('/urunler')} variant="light">
          {t('payment.result.continue')}
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The bank approved the payment but it is still being booked, or staff are checking it: said plainly
 * (never "failed": the money may have been taken), with "do not pay again" and where it will show.
 * The page asks again by itself (usePaymentResult) and turns into the paid or failed one.
 */
function Processing({
  result,
  onRefresh,
  refreshing,
}: {
  result: PaymentResult
  onRefresh: () => void
  refreshing: boolean
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const title = t('payment.result.processingTitle')
  usePageTitle(title)
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="blue" icon={<InfoIcon />} role="status" data-testid="result-processing">
        <Text size="sm">{t('payment.result.processingText')}</Text>
        <Text size="sm" mt="xs">
          {t('payment.result.processingRefresh')}
        </Text>
      </Alert>
      <Facts result={result} />
      <Group gap="sm">
        <Button onClick={onRefresh} loading={refreshing}>
          {t('payment.result.refresh')}
        </Button>
        {result.paymentType === 'order' ? (
          <Button component={Link} to={localePath('/siparis/liste')} variant="default">
            {t('payment.result.toOrders')}
          </Button>
        ) : (
          <Button component={Link} to={localePath('/hesap/ekstre')} variant="default">
            {t('payment.result.toStatement')}
          </Button>
        )}
      </Group>
    </Stack>
  )
}

/** A failed, expired or still pending payment: why, and the way back to pay again (nothing was ordered). */
function NotPaid({
  result,
  onRefresh,
  refreshing,
}: {
  result: PaymentResult
  onRefresh: () => void
  refreshing: boolean
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const pending = result.status === 'pending'
  const title = pending
    ? t('payment.result.pendingTitle')
    : result.status === 'expired'
      ? t('payment.result.expiredTitle')
      : t('payment.result.failedTitle')
  usePageTitle(title)
  const back =
    result.paymentType === 'order' ? (
      <Button component={Link} to={localePath('/sepet')} variant={pending ? 'default' : 'filled'}>
        {t('payment.result.backToCart')}
      </Button>
    ) : (
      <Button component={Link} to={localePath('/odeme')} variant={pending ? 'default' : 'filled'}>
        {t('payment.result.tryAgain')}
      </Button>
    )
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert
        color={pending ? 'yellow' : 'red'}
        icon={<AlertIcon />}
        title={title}
        role={pending ? 'status' : 'alert'}
        data-testid="result-not-paid"
      >
        {pending ? t('payment.notConfirmed') : result.failureMessage || t('payment.failedGeneric')}
      </Alert>
      <Group gap="sm">
        {pending && (
          <Button onClick={onRefresh} loading={refreshing}>
            {t('payment.result.refresh')}
          </Button>
        )}
        {back}
      </Group>
    </Stack>
  )
}

function Result({ id }: { id: string }) {
  const { t } = useTranslation()
  const result = usePaymentResult(id)
  if (result.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('payment.result.loading')}>
        <Skeleton height={120} />
        <Skeleton height={80} />
        <Skeleton height={240} />
      </Stack>
    )
  }
  if (result.isError) {
    if (isApiError(result.error) && result.error.status === 404) {
      return (
        <NotFoundState title={t('payment.result.notFoundTitle')} text={t('payment.result.notFoundText')} />
      )
    }
    return (
      <LoadError title={t('payment.result.error')} error={result.error} onRetry={() => result.refetch()} />
    )
  }
  if (result.data.status === 'processing') {
    return (
      <Processing result={result.data} onRefresh={() => result.refetch()} refreshing={result.isFetching} />
    )
  }
  if (!result.data.succeed) {
    return <NotPaid result={result.data} onRefresh={() => result.refetch()} refreshing={result.isFetching} />
  }
  return <Paid result={result.data} />
}

/**
 * /odeme/sonuc/:id — CheckoutSummary (spec/2 §2): what the server recorded of the payment. A paid
 * order shows its number (a link to the order), a payment on account the amount credited, both with
 * the Mail Order slip to print; a payment being processed says so and is asked about again; a failed,
 * expired or pending payment says so and leads back.
 */
export function CheckoutSummaryPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const valid = /^[A-Za-z0-9_-]{1,100}$/.test(id)
  return (
    <DealerGate adminTitle={t('payment.dealerOnlyTitle')} adminText={t('payment.dealerOnlyText')}>
      {valid ? (
        <Result id={id} />
      ) : (
        <NotFoundState title={t('payment.result.notFoundTitle')} text={t('payment.result.notFoundText')} />
      )}
    </DealerGate>
  )
}
