import { Group, Table, Text } from '@mantine/core'
import type { Offer, OfferList } from '../../../../contracts/offers'
import { formatMoney } from '../../../../domain/money-format'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { useOfferRow } from '../hooks/use-offer-row'
import { OfferDetails } from './OfferDetails'
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

/**
 * Desktop: one offer of the list (spec/2 §2) as a table row and, while open, its lines below it. The
 * phone's card (OfferCard) shows the same with the same state and actions (useOfferRow).
 */
export function OfferRow({ offer, list }: { offer: Offer; list: OfferList }) {
  const { locale } = useSession()
  const dates = useDates()
  const row = useOfferRow(offer, list)
  const { open, readOnly } = row
  return (
    <>
      <Table.Tr data-testid="offer-row" data-offer-id={offer.id} aria-busy={row.busy || undefined}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" fw={600} id={row.noId} data-testid="offer-no">
            {offer.orderNo}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="offer-date">
          {dates.dateTime(offer.date)}
        </Table.Td>
        <Table.Td miw={160}>
          <CustomerCell row={row} />
        </Table.Td>
        <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="offer-row-total">
          {formatMoney(offer.total, locale)}
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="wrap" justify="flex-end">
            {open && !readOnly && <SaveButton row={row} />}
            {readOnly ? <CancelledBadge /> : <CancelButton row={row} />}
            <EditButton row={row} />
            <DetailsButton row={row} />
            <PrintButton row={row} />
            <MailButton row={row} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr data-testid="offer-detail-row">
          <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
            <OfferDetails {...row.details} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
