import { Alert, Anchor, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { staffRoleOpens } from '../../../../contracts/staff-screens'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { StaffLayout } from '../StaffLayout'
import { useExchangeRates } from '../settings/exchange-rates-api'
import { useStaffSummary } from './staff-home-api'

const H = 'staffHome'
/** The six figures, for the placeholders drawn while they load. */
const FIGURE_IDS = ['orders', 'waiting', 'offers', 'cardPayments', 'transfers', 'faultReports'] as const

/** One figure: what it counts, the number, a line under it and, when the role may open it, its screen. */
function Figure({
  label,
  value,
  detail,
  link,
  testId,
}: {
  label: string
  value: ReactNode
  detail?: string | undefined
  link?: { to: string; text: string } | null
  testId: string
}) {
  return (
    <Paper withBorder radius="sm" p="md" data-testid={testId}>
      <Stack gap={4}>
        <Text size="sm" c="gray.7" component="h2" fw={600} m={0}>
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.2}>
          {value}
        </Text>
        {detail && (
          <Text size="sm" c="gray.7">
            {detail}
          </Text>
        )}
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.text}
          </Anchor>
        )}
      </Stack>
    </Paper>
  )
}

/** The figures, drawn only for a role that opens the screen (StaffLayout draws its children then). */
function Figures() {
  const { t } = useTranslation()
  const { locale, user } = useSession()
  const dates = useDates()
  const localePath = useLocalePath()
  const summary = useStaffSummary()
  const role = user?.staffRole ?? null
  const linkTo = (path: string, text: string, query = '') =>
    staffRoleOpens(role, path) ? { to: `${localePath(path)}${query}`, text } : null
  const money = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const data = summary.data
  if (summary.isError && !data) {
    return <LoadError title={t(`${H}.error`)} error={summary.error} onRetry={() => summary.refetch()} />
  }
  if (!data) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md" role="status" aria-label={t(`${H}.loading`)}>
        {FIGURE_IDS.map((id) => (
          <Skeleton key={id} height={118} radius="sm" />
        ))}
      </SimpleGrid>
    )
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7" data-testid="summary-updated">
        {t(`${H}.updated`, { day: dates.day(data.day), time: dates.time(summary.dataUpdatedAt) })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
        <Figure
          testId="figure-orders"
          label={t(`${H}.orders`)}
          value={data.orders.count}
          detail={money(data.orders.total)}
          link={linkTo('/yonetim/siparisler', t(`${H}.openOrders`), `?from=${data.day}&to=${data.day}`)}
        />
        <Figure
          testId="figure-waiting"
          label={t(`${H}.waiting`)}
          value={data.orders.waiting}
          detail={t(`${H}.waitingDetail`)}
          link={linkTo('/yonetim/siparisler', t(`${H}.openWaiting`), '?status=new')}
        />
        <Figure
          testId="figure-offers"
          label={t(`${H}.offers`)}
          value={data.offers.count}
          link={linkTo('/yonetim/teklifler', t(`${H}.openOffers`), `?from=${data.day}&to=${data.day}`)}
        />
        <Figure
          testId="figure-card-payments"
          label={t(`${H}.cardPayments`)}
          value={data.cardPayments.count}
          detail={money(data.cardPayments.total)}
          link={linkTo('/yonetim/odemeler', t(`${H}.openPayments`))}
        />
        <Figure
          testId="figure-transfers"
          label={t(`${H}.transfers`)}
          value={data.bankTransfers.count}
          detail={money(data.bankTransfers.total)}
          link={linkTo(
            '/yonetim/havale',
            t(`${H}.openTransfers`),
            `?from=${data.bankTransfers.day}&to=${data.bankTransfers.day}`,
          )}
        />
        <Figure
          testId="figure-fault-reports"
          label={t(`${H}.faultReports`)}
          value={data.faultReports.open}
          link={linkTo('/yonetim/ariza-bildirimleri', t(`${H}.openFaultReports`))}
        />
      </SimpleGrid>
    </Stack>
  )
}

const RATES_PATH = '/yonetim/doviz-kurlari'

/**
 * The last fetch of the Central Bank's rates failed: said here too, for the roles that open the
 * rates screen, with the time of the last success (the rates in force are from then).
 */
function RatesWarning() {
  const { t } = useTranslation()
  const { user } = useSession()
  const dates = useDates()
  const localePath = useLocalePath()
  const rates = useExchangeRates({ enabled: staffRoleOpens(user?.staffRole ?? null, RATES_PATH) })
  const status = rates.data?.status
  if (!status?.failing) return null
  return (
    <Alert color="orange" variant="light" icon={<AlertIcon />} mb="md" data-testid="home-rates-warning">
      <Stack gap={4}>
        <Text size="sm">
          {status.lastSuccessAt
            ? t('exchangeRates.homeWarning', { time: dates.dateTime(status.lastSuccessAt) })
            : t('exchangeRates.homeWarningNever')}
        </Text>
        {/* Dark and underlined: the theme's link blue reads at 4.3:1 on the orange tint (axe wants 4.5). */}
        <Anchor component={Link} to={localePath(RATES_PATH)} size="sm" c="dark.8" underline="always">
          {t('exchangeRates.homeLink')}
        </Anchor>
      </Stack>
    </Alert>
  )
}

/** /yonetim/ozet — today at a glance, read again every minute; the first screen of the staff area. */
export function StaffHomePage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${H}.title`)} description={t(`${H}.description`)}>
      <RatesWarning />
      <Figures />
    </StaffLayout>
  )
}
