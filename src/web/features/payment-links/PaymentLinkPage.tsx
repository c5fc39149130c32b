import { Card, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useParams } from 'react-router'
import type { Locale } from '../../../contracts/common'
import type { PaymentResult, PublicPaymentLink } from '../../../contracts/payments'
import { formatMoney } from '../../../domain/money-format'
import { CardPaymentForm } from '../../components/card-payment/CardPaymentForm'
import { MailOrderSlip } from '../../components/card-payment/MailOrderSlip'
import { AlertIcon, CheckIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { isLinkToken, paymentLinkKeys, usePublicPaymentLink } from './payment-link-page-api'

const tl = (value: number, locale: Locale) => formatMoney({ value, currency: 'TRY' }, locale)

function formatUntil(iso: string, locale: Locale) {
  return new Date(iso).toLocaleString(locale === 'tr' ? 'tr-TR' : 'en-GB', {
    timeZone: 'Europe/Istanbul',
    dateStyle: 'long',
    timeStyle: 'short',
  })
}

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
            {formatUntil(link.expiresAt, locale)}
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

function OpenLink({
  link,
  token,
  onPaid,
}: {
  link: PublicPaymentLink
  token: string
  onPaid: (r: PaymentResult) => void
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
      />
    </Stack>
  )
}

function LinkByToken({ token }: { token: string }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const link = usePublicPaymentLink(token)
  const [paid, setPaid] = useState<PaymentResult | null>(null)

  if (paid) return <PaidNow result={paid} />
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
    />
  )
}

/**
 * /odeme-linki/:token — the public page of a payment link (issue 12 §6): works logged out, shows the
 * dealer company and the amount and takes the card payment, credited to that company's account. An
 * unknown, expired or paid link says so.
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
