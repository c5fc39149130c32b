import { Alert, Box, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { StatementEntry } from '../../../contracts/ledger'
import { OverdueDebtBanner } from '../../app/layout/OverdueDebtBanner'
import { DealerGate } from '../../components/DealerGate'
import { ExportMenu } from '../../components/ExportMenu'
import { InfoIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { StatementCards } from '../../components/statement/StatementCards'
import { StatementTable } from '../../components/statement/StatementTable'
import { tl } from '../../components/statement/statement-format'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { PayBar } from './PayBar'
import { StatementFilter } from './StatementFilter'
import { type StatementRange, useStatement } from './statement-api'
import { selectionOf } from './statement-selection'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** ?from=&to= as YYYY-MM-DD; anything else is left to the server's default. */
function readRange(search: URLSearchParams): StatementRange {
  const day = (key: string) => {
    const value = search.get(key) ?? ''
    return DAY.test(value) ? value : ''
  }
  return { from: day('from'), to: day('to') }
}

function StatementSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" role="status" aria-label={t('statement.loading')}>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} height={40} />
      ))}
    </Stack>
  )
}

function DealerStatement() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const [search, setSearch] = useSearchParams()
  const range = readRange(search)
  const statement = useStatement(range)
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const phone = usePhoneLayout()
  const data = statement.data
  const selection = useMemo(() => selectionOf(data?.entries ?? [], chosen), [data, chosen])
  const shown = useMemo(() => (data ? { from: data.from, to: data.to } : undefined), [data])

  const apply = (next: StatementRange) => {
    const params = new URLSearchParams(search)
    for (const key of ['from', 'to'] as const) {
      if (next[key]) params.set(key, next[key])
      else params.delete(key)
    }
    setSearch(params)
  }
  const toggle = (entry: StatementEntry) =>
    setChosen((ids) => {
      const next = new Set(ids)
      if (!next.delete(entry.id)) next.add(entry.id)
      return next
    })

  let content: ReactNode
  if (statement.isPending) content = <StatementSkeleton />
  else if (statement.isError) {
    content = (
      <LoadError title={t('statement.error')} error={statement.error} onRetry={() => statement.refetch()} />
    )
  } else if (statement.data.entries.length === 0) {
    content = (
      <Stack gap="xs" py={40} ta="center" data-testid="statement-empty">
        <Text size="lg">{t('statement.empty')}</Text>
        <Text c="dimmed">
          {t('statement.emptyBalance', { amount: tl(statement.data.closingBalance, locale) })}
        </Text>
      </Stack>
    )
  } else {
    const updating = statement.isPlaceholderData
    const listProps = { statement: statement.data, chosen, onToggle: toggle }
    content = (
      <Box
        aria-busy={updating || undefined}
        style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
      >
        {updating && <VisuallyHidden role="status">{t('statement.loading')}</VisuallyHidden>}
        {statement.data.truncated && (
          <Alert color="yellow" icon={<InfoIcon />} mb="sm" data-testid="statement-truncated">
            {t('statement.truncated', { count: statement.data.limits.maxRows })}
          </Alert>
        )}
        {phone ? <StatementCards {...listProps} /> : <StatementTable {...listProps} />}
      </Box>
    )
  }

  return (
    <Stack gap="md">
      {/* The session's figures until the statement brings today's. */}
      <OverdueDebtBanner onStatementPage overdue={data?.overdue} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <StatementFilter value={range} shown={shown} onApply={apply} />
        <ExportMenu
          path="/api/account/statement/export"
          testId="statement-export"
          query={{ from: range.from, to: range.to }}
        />
      </Group>
      {content}
      <PayBar selection={selection} onClear={() => setChosen(new Set())} />
    </Stack>
  )
}

/**
 * /hesap/ekstre — the dealer's account statement (cari hesap ekstresi): entries of a date range with
 * the running balance, the overdue banner always, a CSV download, and open items to tick and pay.
 */
export function StatementPage() {
  const { t } = useTranslation()
  usePageTitle(t('statement.title'))
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('statement.title')}
      </Title>
      <DealerGate adminTitle={t('statement.adminTitle')} adminText={t('statement.adminText')}>
        <DealerStatement />
      </DealerGate>
    </Stack>
  )
}
