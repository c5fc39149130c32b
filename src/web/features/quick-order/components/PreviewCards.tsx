import { Card, Group, Stack, Text } from '@mantine/core'
import { memo } from 'react'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { isReady, type Row } from '../quick-order-rows'
import {
  LineProblems,
  LineStatus,
  PastedText,
  PricePart,
  ProductPart,
  QuantityPart,
  RemovePart,
  UnitPart,
  useLineFocus,
} from './LineParts'
import type { PreviewLinesProps } from './PreviewTable'

const CardLine = memo(function CardLine({
  row,
  onEdit,
  onRemove,
}: { row: Row } & Omit<PreviewLinesProps, 'rows'>) {
  const { t } = useTranslation()
  const focus = useLineFocus(row)
  const state = row.checking !== null ? 'checking' : isReady(row) ? 'ready' : 'problem'
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      onFocus={focus.onFocus}
      onBlur={focus.onBlur}
      data-testid="quick-order-line"
      data-line={row.line}
      data-state={state}
      style={state === 'problem' ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <LineStatus row={row} />
            <PastedText row={row} />
          </Group>
          <RemovePart row={row} onRemove={onRemove} />
        </Group>
        <ProductPart row={row} onEdit={onEdit} />
        <Group gap="sm" wrap="wrap" align="flex-end">
          <UnitPart row={row} onEdit={onEdit} labelled />
          <QuantityPart row={row} onEdit={onEdit} inputRef={focus.quantity} labelled />
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t('quickOrder.columns.unitPrice')}:{' '}
            <Text span size="sm" c="var(--mantine-color-text)" data-testid="line-unit-price">
              <PricePart row={row} value="unitPrice" />
            </Text>
          </Text>
          <Text size="sm" fw={700} data-testid="line-amount">
            <PricePart row={row} value="amount" />
          </Text>
        </Group>
        <LineProblems row={row} onEdit={onEdit} />
      </Stack>
    </Card>
  )
})

/** Phone: each line as a card, its fixes inside it. */
export function PreviewCards({ rows, onEdit, onRemove }: PreviewLinesProps) {
  const { t } = useTranslation()
  return (
    <PlainList label={t('quickOrder.table')} data-testid="quick-order-cards">
      {rows.map((row) => (
        <CardLine key={row.key} row={row} onEdit={onEdit} onRemove={onRemove} />
      ))}
    </PlainList>
  )
}
