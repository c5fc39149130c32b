import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useId } from 'react'
import type { StaffPaymentsSummary } from '../../../../contracts/payments-staff'
import { AlertIcon, CheckIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { describeError } from '../../../lib/error-message'
import { useStaffPaymentsSummary } from './payments-admin-api'

function Tile({
  tone,
  title,
  help,
  children,
  testId,
}: {
  tone: 'attention' | 'quiet'
  title: string
  help: string
  children?: ReactNode
  testId: string
}) {
  return (
    <Card
      withBorder
      padding="md"
      data-testid={testId}
      style={
        tone === 'attention'
          ? { borderColor: 'var(--mantine-color-orange-6)', background: 'var(--mantine-color-orange-0)' }
          : undefined
      }
    >
      <Stack gap={6}>
        <Text fw={700} size="lg" c={tone === 'attention' ? 'orange.9' : undefined}>
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {help}
        </Text>
        {children}
      </Stack>
    </Card>
  )
}

function Summary({
  summary,
  filteringAttention,
  onShowAttention,
}: {
  summary: StaffPaymentsSummary
  filteringAttention: boolean
  onShowAttention: () => void
}) {
  const { t } = useTranslation()
  const refused = summary.refusals.filter((r) => r.count > 0)
  if (summary.needsAttention === 0 && summary.processing === 0 && refused.length === 0) {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="payments-summary-empty">
        <CheckIcon size={18} color="var(--mantine-color-green-8)" />
        <Text size="sm">{t('staffPayments.payments.summary.empty')}</Text>
      </Group>
    )
  }
  const s = 'staffPayments.payments.summary'
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Tile
        tone={summary.needsAttention > 0 ? 'attention' : 'quiet'}
        title={
          summary.needsAttention > 0
            ? t(`${s}.needsAttention`, { count: summary.needsAttention })
            : t(`${s}.needsAttentionNone`)
        }
        help={t(`${s}.needsAttentionHelp`)}
        testId="summary-needs-attention"
      >
        {summary.needsAttention > 0 && !filteringAttention && (
          <Button
            size="xs"
            color="orange"
            variant="filled"
            onClick={onShowAttention}
            style={{ alignSelf: 'flex-start' }}
          >
            {t(`${s}.showNeedsAttention`)}
          </Button>
        )}
      </Tile>
      <Tile
        tone="quiet"
        title={
          summary.processing > 0
            ? t(`${s}.processing`, { count: summary.processing })
            : t(`${s}.processingNone`)
        }
        help={t(`${s}.processingHelp`)}
        testId="summary-processing"
      />
      <Tile tone="quiet" title={t(`${s}.refusals`)} help={t(`${s}.refusalsHelp`)} testId="summary-refusals">
        {refused.length === 0 ? (
          <Text size="sm">{t(`${s}.refusalsNone`)}</Text>
        ) : (
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
            {refused.map((r) => (
              <Group component="li" key={r.rule} justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm">{t(`${s}.rule.${r.rule}`)}</Text>
                <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {r.count}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Tile>
    </SimpleGrid>
  )
}

/**
 * What needs staff now, at the top of the payments screen: the payments awaiting a decision (with a
 * button that lists them), those between the bank's approval and their booking, and the payment
 * starts the card-testing limits refused in 24 hours, by rule. One quiet line when all are nil.
 */
export function PaymentsSummary({
  filteringAttention,
  onShowAttention,
}: {
  filteringAttention: boolean
  onShowAttention: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const summary = useStaffPaymentsSummary()
  let content: ReactNode
  if (summary.isPending) {
    content = (
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="sm"
        role="status"
        aria-label={t('staffPayments.payments.summary.loading')}
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={96} />
        ))}
      </SimpleGrid>
    )
  } else if (summary.isError) {
    content = (
      <Alert
        color="red"
        variant="light"
        icon={<AlertIcon />}
        title={t('staffPayments.payments.summary.error')}
      >
        <Group gap="sm" justify="space-between">
          <Text size="sm">{describeError(summary.error, t)}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => summary.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    )
  } else {
    content = (
      <Summary
        summary={summary.data}
        filteringAttention={filteringAttention}
        onShowAttention={onShowAttention}
      />
    )
  }
  return (
    <Stack component="section" gap="xs" aria-labelledby={titleId} data-testid="payments-summary">
      <Title order={2} size="h4" id={titleId}>
        {t('staffPayments.payments.summary.title')}
      </Title>
      {content}
    </Stack>
  )
}
