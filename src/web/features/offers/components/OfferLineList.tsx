import { Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useId } from 'react'
import { formatMoney } from '../../../../domain/money-format'
import { PlainList } from '../../../components/PlainList'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { type OfferDetailsProps, OfferTotals, PercentInputField, ProfitHelpButton } from './OfferDetailParts'

const imageSize = 48

/**
 * Phone: the lines of an offer as compact blocks instead of the wide table — image, name, code,
 * quantity × unit price, the line's percent input and the amount — then the header percent (every
 * line at once) above them and the live totals and `footer` (Kaydet) below. Same labels and test ids
 * as OfferDetails.
 */
export function OfferLineList({
  id,
  offer,
  draft,
  totals,
  readOnly,
  dirty,
  allPercent,
  onLineChange,
  onAllChange,
  footer,
}: OfferDetailsProps & { footer?: ReactNode }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const helpId = useId()
  const profitLabel = t('offers.itemColumns.profit')
  return (
    <Stack gap="sm" id={id} data-testid="offer-details">
      <VisuallyHidden id={helpId}>{t('offers.profitHelp')}</VisuallyHidden>
      <Paper bg="var(--mantine-color-gray-light)" p="xs" radius="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={500}>
              {profitLabel}
            </Text>
            <ProfitHelpButton helpId={helpId} size="lg" />
          </Group>
          {!readOnly && (
            <PercentInputField
              size="md"
              w={120}
              aria-label={t('offers.profitAll', { orderNo: offer.orderNo })}
              aria-describedby={helpId}
              placeholder={t('offers.profitAllPlaceholder')}
              value={allPercent}
              onChange={onAllChange}
            />
          )}
        </Group>
      </Paper>
      <PlainList label={t('offers.itemsOf', { orderNo: offer.orderNo })} gap="xs">
        {totals.lines.map(({ item, unitPrice, amount }) => (
          <Paper
            component="li"
            key={item.id}
            withBorder
            p="xs"
            radius="sm"
            data-testid="offer-item"
            data-item-id={item.id}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ProductImage file={item.image} alt="" height={imageSize} width={imageSize} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.code}
                </Text>
                <Text size="sm" c="dimmed">
                  {item.quantity} {item.unit} ×{' '}
                  <Text span size="sm" c="var(--mantine-color-text)" data-testid="item-unit-price">
                    {formatMoney(unitPrice, locale)}
                  </Text>
                </Text>
              </Stack>
            </Group>
            <Group justify="space-between" align="flex-end" gap="xs" mt="xs" wrap="wrap">
              <PercentInputField
                size="md"
                w={150}
                label={profitLabel}
                labelProps={{ fz: 'xs', c: 'dimmed', fw: 400 }}
                aria-label={t('offers.profitFor', { name: item.name })}
                aria-describedby={helpId}
                placeholder="0"
                readOnly={readOnly}
                value={draft[item.id] ?? item.profit}
                onChange={(value) => onLineChange(item.id, value)}
              />
              <Stack gap={0} align="flex-end">
                <Text size="xs" c="dimmed">
                  {t('offers.itemColumns.amount')}
                </Text>
                <Text fw={700} data-testid="item-amount" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(amount, locale)}
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </PlainList>
      <OfferTotals offer={offer} totals={totals} dirty={dirty} />
      {footer}
    </Stack>
  )
}
