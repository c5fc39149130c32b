import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useId } from 'react'
import { formatMoney } from '../../../../domain/money-format'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { type OfferDetailsProps, OfferTotals, PercentInputField, ProfitHelpButton } from './OfferDetailParts'

const imageSize = 56

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
                    <ProfitHelpButton helpId={helpId} />
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
      <OfferTotals offer={offer} totals={totals} dirty={dirty} />
    </Stack>
  )
}
