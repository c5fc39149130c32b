import {
  ActionIcon,
  type ActionIconProps,
  Card,
  Divider,
  Group,
  NumberInput,
  type NumberInputProps,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core'
import type { Offer } from '../../../../contracts/offers'
import { HelpIcon } from '../../../components/icons/OfferIcons'
import { TotalRow } from '../../../components/TotalRow'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { PROFIT_MAX, PROFIT_MIN } from '../offer-constants'
import type { DraftTotals, PercentInput, ProfitDraft } from '../offer-draft'

/** What the offer's lines show and change, on desktop (table) and on a phone (list) alike. */
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
export function PercentInputField(props: NumberInputProps) {
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

/** The "?" beside the percent header: the help text on hover, focus and touch. */
export function ProfitHelpButton({
  helpId,
  size = 'sm',
}: {
  helpId: string
  size?: ActionIconProps['size']
}) {
  const { t } = useTranslation()
  return (
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
        size={size}
        aria-label={t('offers.profitHelpLabel')}
        aria-describedby={helpId}
      >
        <HelpIcon size={16} />
      </ActionIcon>
    </Tooltip>
  )
}

/** The unsaved-changes note and the live totals (subtotal, KDV, total) of the offer as typed. */
export function OfferTotals({ offer, totals, dirty }: Pick<OfferDetailsProps, 'offer' | 'totals' | 'dirty'>) {
  const { t } = useTranslation()
  return (
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
          <TotalRow label={t('offers.subtotal')} money={totals.subtotal} testId="offer-subtotal" compact />
          <TotalRow label={t('offers.tax')} money={totals.tax} testId="offer-tax" compact />
          <Divider my={2} />
          <TotalRow label={t('offers.total')} money={totals.total} testId="offer-total" strong compact />
        </Stack>
      </Card>
    </Group>
  )
}
