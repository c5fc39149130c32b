import { Box, Button, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useEffect } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { DealerGate } from '../../components/DealerGate'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { PlainList } from '../../components/PlainList'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { useOfferList } from './api/offers-api'
import { OfferCard } from './components/OfferCard'
import { OfferRow } from './components/OfferRow'

/** The page asked for by the address: a positive whole number, else 1. */
function readPage(search: URLSearchParams): number {
  const n = Number(search.get('page'))
  return Number.isSafeInteger(n) && n > 0 ? n : 1
}

function OffersSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" role="status" aria-label={t('offers.loading')}>
      <Skeleton height={36} />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={52} />
      ))}
    </Stack>
  )
}

function EmptyOffers() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Stack align="center" gap="sm" py={48} ta="center" data-testid="offers-empty">
      <Text size="lg">{t('offers.empty')}</Text>
      <Text c="dimmed" size="sm">
        {t('offers.emptyHint')}
      </Text>
      <Button component={Link} to={localePath('/urunler')} variant="light">
        {t('offers.goToProducts')}
      </Button>
    </Stack>
  )
}

function DealerOffers() {
  const { t } = useTranslation()
  const location = useLocation()
  const [search, setSearch] = useSearchParams()
  const page = readPage(search)
  const list = useOfferList(page)
  const updating = list.isPlaceholderData
  // Below Mantine's sm breakpoint every offer becomes a card (same state and actions as the row).
  const phone = usePhoneLayout()

  // A new address (another page, back/forward) starts at the top of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the address changes
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [location.pathname, location.search])

  const changePage = (next: number) => {
    const params = new URLSearchParams(search)
    if (next > 1) params.set('page', String(next))
    else params.delete('page')
    setSearch(params)
  }

  if (list.isPending) return <OffersSkeleton />
  if (list.isError) {
    return <LoadError title={t('offers.error')} error={list.error} onRetry={() => list.refetch()} />
  }
  const data = list.data
  if (data.items.length === 0 && data.total === 0) return <EmptyOffers />

  return (
    <Box
      aria-busy={updating || undefined}
      style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
    >
      {updating && <VisuallyHidden role="status">{t('offers.updating')}</VisuallyHidden>}
      {phone ? (
        <PlainList label={t('offers.list')} data-testid="offers-cards">
          {data.items.map((offer) => (
            <OfferCard key={offer.id} offer={offer} list={data} />
          ))}
        </PlainList>
      ) : (
        <Table.ScrollContainer minWidth={880} type="native">
          <Table verticalSpacing="sm" aria-label={t('offers.list')} data-testid="offers-table">
            <Table.Thead style={{ whiteSpace: 'nowrap' }}>
              <Table.Tr>
                <Table.Th>{t('offers.columns.orderNo')}</Table.Th>
                <Table.Th>{t('offers.columns.date')}</Table.Th>
                <Table.Th>{t('offers.columns.customer')}</Table.Th>
                <Table.Th ta="right">{t('offers.columns.total')}</Table.Th>
                <Table.Th ta="right">{t('offers.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((offer) => (
                <OfferRow key={offer.id} offer={offer} list={data} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPagination page={updating ? page : data.page} pages={data.pages} onChange={changePage} />
    </Box>
  )
}

/**
 * /teklif/liste — the company's offers (spec/2 §2 "Offer list screen"): customer, per-line mark-up or
 * discount, e-mail, edit back into the cart, cancel and the printed quote. Guests go to login (and come
 * back here); an administrator is told the list is for dealer accounts.
 */
export function OffersPage() {
  const { t } = useTranslation()
  usePageTitle(t('offers.title'))
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('offers.title')}
      </Title>
      <DealerGate adminTitle={t('offers.adminTitle')} adminText={t('offers.adminText')}>
        <DealerOffers />
      </DealerGate>
    </Stack>
  )
}
