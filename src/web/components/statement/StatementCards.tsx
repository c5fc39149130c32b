import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { PlainList } from '../PlainList'
import { OverdueBadge, PickItem, type StatementListProps } from './StatementTable'
import { formatDay, tl, tlOrDash } from './statement-format'

/** A labelled value of a card: the column header of the desktop table above its value. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}

/** Phone: one card per entry, the opening balance above and the totals below. */
export function StatementCards({ statement, chosen, onToggle }: StatementListProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Stack gap="sm" data-testid="statement-cards">
      <Group justify="space-between" data-testid="statement-opening">
        <Text size="sm" c="dimmed">
          {t('statement.opening')} ({formatDay(statement.from, locale)})
        </Text>
        <Text fw={600}>{tl(statement.openingBalance, locale)}</Text>
      </Group>
      <PlainList gap="sm" label={t('statement.list')}>
        {statement.entries.map((entry) => (
          <Card
            component="li"
            key={entry.id}
            withBorder
            padding="sm"
            data-testid="statement-row"
            data-entry-id={entry.id}
          >
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Box style={{ minWidth: 0 }}>
                  <Text fw={700}>{entry.documentNo}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDay(entry.date, locale)} · {t(`statement.kind.${entry.kind}`)}
                  </Text>
                </Box>
                <PickItem entry={entry} chosen={chosen} onToggle={onToggle} />
              </Group>
              {entry.description && <Text size="sm">{entry.description}</Text>}
              <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
                <Field label={t('statement.columns.dueDate')}>
                  {formatDay(entry.dueDate, locale)}
                  {entry.overdue && (
                    <>
                      {' '}
                      <OverdueBadge />
                    </>
                  )}
                </Field>
                <Field label={entry.debit ? t('statement.columns.debit') : t('statement.columns.credit')}>
                  {tl(entry.debit || entry.credit, locale)}
                </Field>
                <Field label={t('statement.columns.balance')}>{tl(entry.balance, locale)}</Field>
                <Field label={t('statement.columns.open')} testId="statement-open">
                  {tlOrDash(entry.open, locale)}
                </Field>
              </SimpleGrid>
            </Stack>
          </Card>
        ))}
      </PlainList>
      <Card withBorder padding="sm" data-testid="statement-totals">
        <SimpleGrid component="dl" cols={3} spacing="sm" m={0}>
          <Field label={t('statement.columns.debit')}>{tl(statement.totals.debit, locale)}</Field>
          <Field label={t('statement.columns.credit')}>{tl(statement.totals.credit, locale)}</Field>
          <Field label={t('statement.closing')}>{tl(statement.closingBalance, locale)}</Field>
        </SimpleGrid>
      </Card>
    </Stack>
  )
}
