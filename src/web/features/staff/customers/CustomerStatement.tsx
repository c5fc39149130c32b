import {
  Alert,
  Box,
  Button,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { ExportMenu } from '../../../components/ExportMenu'
import { InfoIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { StatementCards } from '../../../components/statement/StatementCards'
import { StatementTable } from '../../../components/statement/StatementTable'
import { tl } from '../../../components/statement/statement-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { useCustomerStatement } from './staff-customers-api'

const S = 'staffCustomers.statement'

/**
 * The range's two dates and "Uygula"; a start after the end is refused here, before any call. The
 * dealer's statement page has its own, but one feature may not import another (check:boundaries).
 */
function RangeFilter({
  from,
  to,
  shown,
  onApply,
}: {
  from: string
  to: string
  shown: { from: string; to: string } | undefined
  onApply: (from: string, to: string) => void
}) {
  const { t } = useTranslation()
  const [start, setStart] = useState(from)
  const [end, setEnd] = useState(to)
  const [error, setError] = useState<string | null>(null)
  // The default range is the server's: once it answers, empty inputs show it.
  useEffect(() => {
    if (!shown) return
    setStart((current) => current || shown.from)
    setEnd((current) => current || shown.to)
  }, [shown])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (start && end && start > end) {
      setError(t('statement.filter.reversed'))
      return
    }
    setError(null)
    onApply(start, end)
  }
  return (
    <form onSubmit={submit} aria-label={t('statement.filter.label')} data-testid="customer-statement-filter">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('statement.filter.from')}
          value={start}
          onChange={(event) => setStart(event.currentTarget.value)}
          error={error}
          w={180}
        />
        <TextInput
          type="date"
          label={t('statement.filter.to')}
          value={end}
          onChange={(event) => setEnd(event.currentTarget.value)}
          w={180}
        />
        <Button type="submit">{t('statement.filter.apply')}</Button>
      </Group>
    </form>
  )
}

/**
 * The company's statement as its dealer reads it, with the same table and cards, but nothing to tick:
 * only the dealer pays from it. The range is kept in the address with the company.
 */
export function CustomerStatement({
  customerId,
  from,
  to,
  onRange,
}: {
  customerId: number
  from: string
  to: string
  onRange: (from: string | null, to: string | null) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const phone = usePhoneLayout()
  const statement = useCustomerStatement(customerId, from, to)
  const data = statement.data
  const shown = data ? { from: data.from, to: data.to } : undefined

  let content: React.ReactNode
  if (statement.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={t('statement.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    )
  } else if (statement.isError) {
    content = (
      <LoadError title={t('statement.error')} error={statement.error} onRetry={() => statement.refetch()} />
    )
  } else if (statement.data.entries.length === 0) {
    content = (
      <Stack gap={4} py="md" data-testid="customer-statement-empty">
        <Text>{t('statement.empty')}</Text>
        <Text c="dimmed">
          {t('statement.emptyBalance', { amount: tl(statement.data.closingBalance, locale) })}
        </Text>
      </Stack>
    )
  } else {
    const updating = statement.isPlaceholderData
    content = (
      <Box
        aria-busy={updating || undefined}
        style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
      >
        {updating && <VisuallyHidden role="status">{t('statement.loading')}</VisuallyHidden>}
        {statement.data.truncated && (
          <Alert color="yellow" icon={<InfoIcon />} mb="sm">
            {t('statement.truncated', { count: statement.data.limits.maxRows })}
          </Alert>
        )}
        {phone ? (
          <StatementCards statement={statement.data} />
        ) : (
          <StatementTable statement={statement.data} />
        )}
      </Box>
    )
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-statement-title">
      <Title order={3} size="h4" id="customer-statement-title">
        {t(`${S}.title`)}
      </Title>
      <Group justify="space-between" align="flex-end" gap="sm">
        <RangeFilter
          key={`${from}/${to}`}
          from={from}
          to={to}
          shown={shown}
          onApply={(start, end) => onRange(start || null, end || null)}
        />
        <ExportMenu
          path={`/yonetim/customers/${customerId}/statement/export`}
          testId="customer-statement-export"
          query={{ from, to }}
        />
      </Group>
      {content}
    </Stack>
  )
}
