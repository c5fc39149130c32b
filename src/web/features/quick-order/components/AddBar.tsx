import { Badge, Group, Paper, Stack, Switch, Text } from '@mantine/core'
import type { Money } from '../../../../contracts/common'
import { formatMoney } from '../../../../domain/money-format'
import { BusyButton } from '../../../components/BusyButton'
import { CartIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'

export interface AddBarProps {
  counts: { ready: number; problems: number; checking: number }
  total: Money | null
  adding: boolean
  onAdd: () => void
  onlyProblems: boolean
  onOnlyProblems: (on: boolean) => void
}

/**
 * The preview's counts ('48 satır hazır, 2 satırda sorun var'), the ready lines' amount, and the one
 * action: add the ready lines to the cart. Lines with problems are not sent, and the bar says so.
 */
export function AddBar({ counts, total, adding, onAdd, onlyProblems, onOnlyProblems }: AddBarProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const nothingReady = counts.ready === 0
  return (
    <Paper withBorder p="sm" radius="md" data-testid="quick-order-bar">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="xs" wrap="wrap" aria-live="polite" data-testid="quick-order-counts">
            <Badge color="teal" variant="light" size="lg" tt="none" data-testid="count-ready">
              {t('quickOrder.counts.ready', { count: counts.ready })}
            </Badge>
            {counts.problems > 0 && (
              <Badge color="red" variant="light" size="lg" tt="none" data-testid="count-problems">
                {t('quickOrder.counts.problems', { count: counts.problems })}
              </Badge>
            )}
            {counts.checking > 0 && (
              <Badge color="gray" variant="light" size="lg" tt="none">
                {t('quickOrder.counts.checking', { count: counts.checking })}
              </Badge>
            )}
          </Group>
          <Group gap="md" wrap="wrap">
            {total && (
              <Text size="sm">
                {t('quickOrder.total')}{' '}
                <Text
                  span
                  fw={700}
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="quick-order-total"
                >
                  {formatMoney(total, locale)}
                </Text>
              </Text>
            )}
            <BusyButton
              leftSection={<CartIcon size={18} />}
              busy={adding}
              inactive={nothingReady || counts.checking > 0}
              onClick={onAdd}
              data-testid="quick-order-add"
            >
              {t('quickOrder.add', { count: counts.ready })}
            </BusyButton>
          </Group>
        </Group>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="gray.7" data-testid="quick-order-note">
            {counts.checking > 0
              ? t('quickOrder.notes.checking')
              : counts.problems > 0
                ? t('quickOrder.notes.problems', { count: counts.problems })
                : nothingReady
                  ? t('quickOrder.notes.nothing')
                  : t('quickOrder.notes.ready')}
          </Text>
          {(counts.problems > 0 || onlyProblems) && (
            <Switch
              label={t('quickOrder.onlyProblems')}
              checked={onlyProblems}
              onChange={(event) => onOnlyProblems(event.currentTarget.checked)}
              data-testid="quick-order-only-problems"
            />
          )}
        </Group>
      </Stack>
    </Paper>
  )
}
