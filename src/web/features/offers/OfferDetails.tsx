import {
  ActionIcon,
  Card,
  Divider,
  Group,
  NumberInput,
  type NumberInputProps,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Money } from '../../../contracts/common'
import type { Offer } from '../../../contracts/offers'
import { formatMoney } from '../../../domain/money-format'
import { ProductImage } from '../../components/ProductImage'
import { useSession } from '../../lib/session-context'
import { PROFIT_MAX, PROFIT_MIN } from './offer-constants'
import type { DraftTotals, PercentInput, ProfitDraft } from './offer-draft'
import { HelpIcon } from './offer-icons'

const imageSize = 56

export interface OfferDetailsProps {
  id: string
  offer: Offer
  draft: ProfitDraft
  totals: DraftTotals
  /** A cancelled offer: the percents are shown, not changed. */
  readOnly: boolean
  dirty: boolean
  allPercent: PercentInput
  onLineChange: (itemId: number, value: PercentInput) => void
  onAllChange: (value: PercentInput) => void
}

/** A percent input: 2 decimals, negative allowed, never outside the contract's range. */
function PercentInputField(props: NumberInputProps) {
  const { locale } = useSession()
  return (
    <NumberInput
      size="xs"
      w={116}
      min={PROFIT_MIN}
      max={PROFIT_MAX}
      step={1}
      decimalScale={2}
      allowNegative
      clampBehavior="strict"
      decimalSeparator={locale === 'tr' ? ',' : '.'}
      allowedDecimalSeparators={['.', ',']}
      {...props}
    />
  )
}

function TotalRow({
  label,
  money,
  testId,
  strong,
}: {
  label: string
  money: Money
  testId: string
  strong?: boolean
}) {
  const { locale } = useSession()
  return (
    <Group justify="space-between" gap="lg" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'md' : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatMoney(money, locale)}
      </Text>
    </Group>
  )
}

/**
 * The lines of an offer (spec/2 §2): image, code, name, quantity, unit price with the line's percent,
 * the percent input and the amount; the header input sets one percent on every line. The numbers and
 * totals follow the inputs at once, computed by the domain's offerTotals like the server does.
 */
export function OfferDetails({
  id,
  offer,
  draft,
  totals,
  readOnly,
  dirty,
  allPercent,
  onLineChange,
  onAllChange,
}: OfferDetailsProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const helpId = useId()
  const profitLabel = t('offers.itemColumns.profit')
  return (
    <Stack gap="sm" id={id} py="xs" data-testid="offer-details">
      <VisuallyHidden id={helpId}>{t('offers.profitHelp')}</VisuallyHidden>
      <Table.ScrollContainer minWidth={780} type="native">
        <Table verticalSpacing={6} aria-label={t('offers.itemsOf', { orderNo: offer.orderNo })}>
          <Table.Thead style={{ whiteSpace: 'nowrap' }}>
            <Table.Tr>
              <Table.Th w={imageSize + 16}>{t('offers.itemColumns.image')}</Table.Th>
              <Table.Th>{t('offers.itemColumns.code')}</Table.Th>
              <Table.Th>{t('offers.itemColumns.name')}</Table.Th>
              <Table.Th ta="right">{t('offers.itemColumns.quantity')}</Table.Th>
              <Table.Th ta="right">{t('offers.itemColumns.unitPrice')}</Table.Th>
              <Table.Th>
                <Stack gap={4}>
                  <Group gap={4} wrap="nowrap">
                    <span>{profitLabel}</span>
                    <Tooltip
                      label={t('offers.profitHelp')}
                      multiline
                      w={300}
                      withArrow
                      events={{ hover: true, focus: true, touch: true }}
                    >
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        aria-label={t('offers.profitHelpLabel')}
                        aria-describedby={helpId}
                      >
                        <HelpIcon size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                  {!readOnly && (
                    <PercentInputField
                      aria-label={t('offers.profitAll', { orderNo: offer.orderNo })}
                      aria-describedby={helpId}
                      placeholder={t('offers.profitAllPlaceholder')}
                      value={allPercent}
                      onChange={onAllChange}
                    />
                  )}
                </Stack>
              </Table.Th>
              <Table.Th ta="right">{t('offers.itemColumns.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.lines.map(({ item, unitPrice, amount }) => (
              <Table.Tr key={item.id} data-testid="offer-item" data-item-id={item.id}>
                <Table.Td>
                  <ProductImage file={item.image} alt="" height={imageSize} width={imageSize} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.code}</Table.Td>
                <Table.Td miw={160}>
                  <Text size="sm">{item.name}</Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.quantity} {item.unit}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="item-unit-price">
                  {formatMoney(unitPrice, locale)}
                </Table.Td>
                <Table.Td>
                  <PercentInputField
                    aria-label={t('offers.profitFor', { name: item.name })}
                    aria-describedby={helpId}
                    placeholder="0"
                    readOnly={readOnly}
                    value={draft[item.id] ?? item.profit}
                    onChange={(value) => onLineChange(item.id, value)}
                  />
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="item-amount">
                  {formatMoney(amount, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="orange.8" role="status" data-testid="offer-unsaved">
          {dirty ? t('offers.unsaved') : ''}
        </Text>
        <Card
          withBorder
          padding="sm"
          w={{ base: '100%', sm: 320 }}
          ml="auto"
          aria-label={t('offers.totalsOf', { orderNo: offer.orderNo })}
          role="group"
        >
          <Stack gap={4}>
            <TotalRow label={t('offers.subtotal')} money={totals.subtotal} testId="offer-subtotal" />
            <TotalRow label={t('offers.tax')} money={totals.tax} testId="offer-tax" />
            <Divider my={2} />
            <TotalRow label={t('offers.total')} money={totals.total} testId="offer-total" strong />
          </Stack>
        </Card>
      </Group>
    </Stack>
  )
}
