import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import type { StaffOfferDetail } from '../../../../contracts/staff-offers'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { EntityHistory } from '../audit/EntityHistory'
import { useStaffCan } from '../use-staff-can'
import { OfferStatusBadge } from './OfferStatusBadge'
import { useConvertOffer, useStaffOffer } from './staff-offers-api'

const d = 'staffOffers.detail'

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}

function Lines({ offer }: { offer: StaffOfferDetail }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const money = (value: StaffOfferDetail['total']) => formatMoney(value, locale)
  const c = `${d}.columns`
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="offer-lines">
        <Table.Caption>{t(`${d}.lines`)}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${c}.code`)}</Table.Th>
            <Table.Th>{t(`${c}.name`)}</Table.Th>
            <Table.Th ta="right">{t(`${c}.quantity`)}</Table.Th>
            <Table.Th ta="right">{t(`${c}.price`)}</Table.Th>
            <Table.Th ta="right">{t(`${c}.lineTotal`)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {offer.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.code}</Table.Td>
              <Table.Td>{line.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {line.quantity} {line.unit}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(line.price)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(line.lineTotal)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          {(['subtotal', 'tax', 'total'] as const).map((key) => (
            <Table.Tr key={key}>
              <Table.Th colSpan={4} ta="right" scope="row">
                {t(`${d}.${key}`)}
              </Table.Th>
              <Table.Td ta="right" fw={key === 'total' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
                {money(offer[key])}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  )
}

/** The link to the order in the staff's order list, found by its number. */
function OrderLink({ orderNo }: { orderNo: string }) {
  const localePath = useLocalePath()
  return (
    <Anchor component={Link} to={`${localePath('/yonetim/siparisler')}?q=${encodeURIComponent(orderNo)}`}>
      {orderNo}
    </Anchor>
  )
}

/**
 * "Siparişe dönüştür": asks first in a modal (what happens: an order for the dealer at the offer's
 * prices, stock taken, the dealer mailed), then converts; a refusal is shown in place.
 */
function Convert({ offer }: { offer: StaffOfferDetail }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const convert = useConvertOffer()
  const [asking, setAsking] = useState(false)
  const made = convert.data?.offer.id === offer.id ? convert.data.order : null
  return (
    <Stack gap="sm">
      {made && (
        <Alert color="green" role="status" title={t(`${d}.converted`)} data-testid="offer-converted">
          {t(`${d}.convertedText`)} <OrderLink orderNo={made.orderNo} />
        </Alert>
      )}
      {convert.isError && (
        <Alert color="red" icon={<AlertIcon />} role="alert" data-testid="offer-convert-error">
          {describeError(convert.error, t)}
        </Alert>
      )}
      {offer.convertible && (
        <Group>
          <Button onClick={() => setAsking(true)} loading={convert.isPending} data-testid="offer-convert">
            {t(`${d}.convert`)}
          </Button>
        </Group>
      )}
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={t(`${d}.confirmTitle`, { offerNo: offer.offerNo })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {t(`${d}.confirmText`, { dealer: offer.dealer.name, total: formatMoney(offer.total, locale) })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t(`${d}.confirmCancel`)}
            </Button>
            <Button
              data-autofocus
              onClick={() => {
                setAsking(false)
                convert.mutate(offer.id)
              }}
              data-testid="offer-convert-confirm"
            >
              {t(`${d}.convert`)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  )
}

/** One offer on its own page (`/yonetim/teklifler?id=`): its facts, lines and totals, and the conversion. */
export function StaffOfferDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation()
  const dates = useDates()
  const detail = useStaffOffer(id)
  const canWrite = useStaffCan('sales:write')
  const offer = detail.data
  const back = (
    <Group>
      <Button variant="subtle" onClick={onBack} px={4} data-testid="offer-back">
        {t(`${d}.back`)}
      </Button>
    </Group>
  )
  if (detail.isError && !offer) {
    return (
      <Stack gap="md">
        {back}
        <LoadError title={t(`${d}.error`)} error={detail.error} onRetry={() => detail.refetch()} />
      </Stack>
    )
  }
  if (!offer) {
    return (
      <Stack gap="md" aria-busy="true">
        {back}
        <Text size="sm">{t(`${d}.loading`)}</Text>
        <Skeleton height={160} />
      </Stack>
    )
  }
  return (
    <Stack gap="md" data-testid="offer-detail">
      {back}
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {t(`${d}.title`, { offerNo: offer.offerNo })}
        </Title>
        <OfferStatusBadge status={offer.status} />
      </Group>
      <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Fact label={t(`${d}.dealer`)}>
          {offer.dealer.name} ({offer.dealer.code})
        </Fact>
        <Fact label={t(`${d}.date`)}>{dates.dateTime(offer.date)}</Fact>
        <Fact label={t(`${d}.creator`)}>{offer.creator}</Fact>
        <Fact label={t(`${d}.customer`)}>
          {[offer.customerName, offer.customerCompanyName].filter(Boolean).join(' · ') || '—'}
        </Fact>
        <Fact label={t(`${d}.note`)}>{offer.description}</Fact>
        {offer.order && (
          <Fact label={t(`${d}.order`)}>
            <OrderLink orderNo={offer.order.orderNo} />
          </Fact>
        )}
      </SimpleGrid>
      <Lines offer={offer} />
      {canWrite ? (
        <Convert offer={offer} />
      ) : (
        offer.convertible && <Text size="sm">{t(`${d}.readOnly`)}</Text>
      )}
      <EntityHistory entity="offer" entityId={offer.id} />
    </Stack>
  )
}
