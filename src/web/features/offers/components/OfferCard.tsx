import { Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Offer, OfferList } from '../../../../contracts/offers'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { useOfferRow } from '../hooks/use-offer-row'
import { OfferLineList } from './OfferLineList'
import {
  CancelButton,
  CancelledBadge,
  CustomerCell,
  DetailsButton,
  EditButton,
  MailButton,
  PrintButton,
  SaveButton,
} from './OfferRowParts'

/** A labelled value of the card: the desktop column header above its value. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0} fz="sm" data-testid={testId}>
        {children}
      </Box>
    </Box>
  )
}

/**
 * Phone: one offer as a card — number, date, total, customer, every action as a touch-sized button
 * in a wrapping row — and, while open, its lines as compact blocks with Kaydet under the totals.
 * Same state, actions, labels and test ids as the desktop row (useOfferRow, OfferRowParts).
 */
export function OfferCard({ offer, list }: { offer: Offer; list: OfferList }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const row = useOfferRow(offer, list)
  const { open, readOnly } = row
  return (
    <Card
      component="li"
      withBorder
      padding="sm"
      data-testid="offer-row"
      data-offer-id={offer.id}
      aria-busy={row.busy || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('offers.columns.orderNo')}
            </Text>
            <Text fw={700} id={row.noId} data-testid="offer-no">
              {offer.orderNo}
            </Text>
          </Box>
          {readOnly && <CancelledBadge phone />}
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Field label={t('offers.columns.date')} testId="offer-date">
            {dates.dateTime(offer.date)}
          </Field>
          <Field label={t('offers.columns.total')}>
            <Text fw={700} size="lg" data-testid="offer-row-total" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(offer.total, locale)}
            </Text>
          </Field>
        </SimpleGrid>
        <Box component="dl" m={0}>
          <Field label={t('offers.columns.customer')}>
            <CustomerCell row={row} phone />
          </Field>
        </Box>
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('offers.columns.actions')}>
          {!readOnly && <CancelButton row={row} phone />}
          <EditButton row={row} phone />
          <DetailsButton row={row} phone />
          <PrintButton row={row} phone />
          <MailButton row={row} phone />
        </Group>
        {open && <OfferLineList {...row.details} footer={readOnly ? null : <SaveButton row={row} phone />} />}
      </Stack>
    </Card>
  )
}
