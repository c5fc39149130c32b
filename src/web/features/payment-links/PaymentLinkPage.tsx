import {
  Alert,
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
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useParams } from 'react-router'
import type { Locale } from '../../../contracts/common'
import type { PaymentResult, PublicPaymentLink } from '../../../contracts/payments'
import { formatMoney } from '../../../domain/money-format'
import { CardPaymentForm } from '../../components/card-payment/CardPaymentForm'
import { MailOrderSlip } from '../../components/card-payment/MailOrderSlip'
import { AlertIcon, CheckIcon, InfoIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { useDates } from '../../lib/dates'
import { usePaymentResult } from '../../lib/payments/payments-api'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { goneLink, isLinkToken, paymentLinkKeys, usePublicPaymentLink } from './payment-link-page-api'

const tl = (value: number, locale: Locale) => formatMoney({ value, currency: 'TRY' }, locale)

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

/** Whose account, how much, until when (a paid link has no 'until': it cannot be paid again). */
function LinkSummary({ link }: { link: PublicPaymentLink }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const showExpiry = link.status !== 'paid'
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 1, xs: showExpiry ? 3 : 2 }} spacing="md">
        <Fact label={t('paymentLink.page.company')} testId="link-company">
          {link.company}
        </Fact>
        <Fact label={t('paymentLink.page.amount')} testId="link-amount">
          {tl(link.amount, locale)}
        </Fact>
        {showExpiry && (
          <Fact label={t('paymentLink.page.expiresAt')} testId="link-expires">
            {dates.dateTime(link.expiresAt)}
          </Fact>
        )}
      </SimpleGrid>
    </Card>
  )
}

/**
 * A link that cannot be paid: unknown, expired or already paid, said plainly. An already paid link
 * is no warning (the money came in): it shows a check mark.
 */
function Unpayable({
  title,
  text,
  paid = false,
  children,
}: {
  title: string
  text: string
  paid?: boolean
  children?: ReactNode
}) {
  return (
    <Stack gap="md" data-testid="link-unpayable">
      <Stack align="center" gap="xs" ta="center" py="md">
        <ThemeIcon color={paid ? 'green' : 'orange'} size={56} radius="xl" variant="light" aria-hidden="true">
          {paid ? <CheckIcon size={32} /> : <AlertIcon size={32} />}
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {text}
        </Text>
      </Stack>
      {children}
    </Stack>
  )
}

function NotFoundLink() {
  const { t } = useTranslation()
  return <Unpayable title={t('paymentLink.page.notFound')} text={t('paymentLink.page.notFoundText')} />
}

/** The payment the server confirmed, with its Mail Order slip. */
function PaidNow({ result }: { result: PaymentResult }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Stack gap="lg" data-testid="link-succeeded">
      <Stack align="center" gap="xs" ta="center" py="md">
        <ThemeIcon color="green" size={56} radius="xl" variant="light" aria-hidden="true">
          <CheckIcon size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('paymentLink.page.succeeded')}
        </Title>
        <Text c="dimmed">{tl(result.totalAmount, locale)}</Text>
      </Stack>
      {result.mailOrder && <MailOrderSlip slip={result.mailOrder} printName={`odeme-${result.id}`} />}
    </Stack>
  )
}

/**
 * A payment the bank approved that is still being settled (or whose callback is still awaited): said
 * plainly, with "do not pay again", and asked about again by itself; it turns into the paid page once
 * settled, or says why it failed and offers the form again.
 */
function ProcessingNow({
  id,
  token,
  company,
  onPayAgain,
}: {
  id: string
  token: string
  company: string
  onPayAgain: () => void
}) {
  const { t } = useTranslation()
  // The card form left its last answer in the cache: this starts from it and asks on.
  const result = usePaymentResult(id, token)
  const data = result.data
  if (data?.succeed) return <PaidNow result={data} />
  if (data && (data.status === 'failed' || data.status === 'expired')) {
    return (
      <Unpayable title={t('payment.failedTitle')} text={data.failureMessage || t('payment.failedGeneric')}>
        <Group justify="center">
          <Button onClick={onPayAgain}>{t('payment.result.tryAgain')}</Button>
        </Group>
      </Unpayable>
    )
  }
  const pending = data?.status === 'pending'
  return (
    <Stack gap="lg" data-testid="link-processing">
      <Title order={1} size="h2">
        {pending ? t('payment.result.pendingTitle') : t('paymentLink.page.processing')}
      </Title>
      <Alert color="blue" variant="light" icon={<InfoIcon />} role="status">
        <Text size="sm">
          {pending ? t('payment.notConfirmed') : t('paymentLink.page.processingText', { company })}
        </Text>
        {!pending && (
          <Text size="sm" mt="xs">
            {t('payment.result.processingRefresh')}
          </Text>
        )}
      </Alert>
      <Group>
        <Button onClick={() => result.refetch()} loading={result.isFetching} variant="default">
          {t('payment.result.refresh')}
        </Button>
      </Group>
    </Stack>
  )
}

function OpenLink({
  link,
  token,
  onPaid,
  onProcessing,
}: {
  link: PublicPaymentLink
  token: string
  onPaid: (r: PaymentResult) => void
  onProcessing: (r: PaymentResult) => void
}) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('paymentLink.page.heading')}
        </Title>
        <Text c="dimmed">{t('paymentLink.page.intro', { company: link.company })}</Text>
      </Stack>
      <LinkSummary link={link} />
      <CardPaymentForm
        paymentType="link"
        fixedAmount={link.amount}
        extra={{ linkToken: token }}
        onSucceeded={onPaid}
        onProcessing={onProcessing}
      />
    </Stack>
  )
}

function LinkByToken({ token }: { token: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const link = usePublicPaymentLink(token)
  const [paid, setPaid] = useState<PaymentResult | null>(null)
  const [processing, setProcessing] = useState<string | null>(null)

  if (paid) return <PaidNow result={paid} />
  if (processing && link.data) {
    return (
      <ProcessingNow
        id={processing}
        token={token}
        company={link.data.company}
        onPayAgain={() => {
          setProcessing(null)
          void queryClient.invalidateQueries({ queryKey: paymentLinkKeys.link(token) })
        }}
      />
    )
  }
  if (link.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('paymentLink.page.loading')}>
        <Skeleton height={40} width="60%" />
        <Skeleton height={90} />
        <Skeleton height={320} />
      </Stack>
    )
  }
  if (link.isError) {
    if (isApiError(link.error) && link.error.status === 404) return <NotFoundLink />
    // A 410 whose body did not say what the link was: paid or expired all the same, without the summary.
    const gone = goneLink(link.error)
    if (gone?.status === 'paid') {
      return <Unpayable title={t('paymentLink.page.paid')} text={t('paymentLink.page.paidText')} paid />
    }
    if (gone)
      return <Unpayable title={t('paymentLink.page.expired')} text={t('paymentLink.page.expiredText')} />
    return (
      <LoadError title={t('paymentLink.page.loadError')} error={link.error} onRetry={() => link.refetch()} />
    )
  }
  const data = link.data
  if (data.status === 'expired') {
    return (
      <Unpayable title={t('paymentLink.page.expired')} text={t('paymentLink.page.expiredText')}>
        <LinkSummary link={data} />
      </Unpayable>
    )
  }
  if (data.status === 'paid') {
    return (
      <Unpayable title={t('paymentLink.page.paid')} text={t('paymentLink.page.paidText')} paid>
        <LinkSummary link={data} />
      </Unpayable>
    )
  }
  return (
    <OpenLink
      link={data}
      token={token}
      onPaid={(result) => {
        setPaid(result)
        void queryClient.invalidateQueries({ queryKey: paymentLinkKeys.link(token) })
      }}
      onProcessing={(result) => setProcessing(result.id)}
    />
  )
}

/**
 * /odeme-linki/:token — the public page of a payment link: works logged out, shows the dealer company
 * and the amount and takes the card payment, credited to that company's account. An unknown (404),
 * expired or paid (410) link says so; the server answers the page itself with the same status.
 */
export function PaymentLinkPage() {
  const { t } = useTranslation()
  const { token = '' } = useParams()
  usePageTitle(t('paymentLink.page.title'))
  return (
    <Stack maw={880} mx="auto" w="100%" py="md">
      {isLinkToken(token) ? <LinkByToken token={token} /> : <NotFoundLink />}
    </Stack>
  )
}
