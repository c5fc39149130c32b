import { Box, Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import type { Order } from '../../../contracts/orders'
import { DealerGate } from '../../components/DealerGate'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { queryKeys } from '../../lib/query-keys'
import { useLocalePath } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { useCancelOrder, useOrderList } from './api/orders-api'
import { OrderCards } from './components/OrderCards'
import { OrdersTable } from './components/OrderRows'

/** ?page=n, a whole number from 1; anything else is page 1 (the server clamps past the last page). */
function readPage(search: URLSearchParams): number {
  const raw = search.get('page') ?? ''
  return /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1
}

function OrdersSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" role="status" aria-label={t('orders.loading')}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  )
}

function NoOrders() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Stack align="center" gap="md" py={48} ta="center" data-testid="orders-empty">
      <Text size="lg">{t('orders.empty')}</Text>
      <Button component={Link} to={localePath('/urunler')}>
        {t('orders.goToProducts')}
      </Button>
    </Stack>
  )
}

/**
 * Asks before cancelling, then cancels. A refusal (the order is already being prepared, or the call
 * failed) shows the spec's text and fetches the list again, so the row shows where the order stands.
 */
function useCancelWithConfirm() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const cancel = useCancelOrder()
  const ask = (order: Order) =>
    modals.openConfirmModal({
      title: t('orders.cancelTitle'),
      centered: true,
      children: <Text size="sm">{t('orders.cancelText', { orderNo: order.orderNo })}</Text>,
      labels: { confirm: t('orders.cancelConfirm'), cancel: t('orders.cancelKeep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(order.id, {
          onSuccess: (cancelled) =>
            notifications.show({
              color: 'green',
              message: t('orders.cancelDone', { orderNo: cancelled.orderNo }),
            }),
          onError: (error) => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.orderLists() })
            // 401 already went to the login page and 403 already showed its toast.
            if (isApiError(error) && error.handled) return
            notifications.show({ color: 'red', message: t('orders.cancelFailed') })
          },
        }),
    })
  return { ask, cancellingId: cancel.isPending ? cancel.variables : undefined }
}

function DealerOrders() {
  const { t } = useTranslation()
  const location = useLocation()
  const [search, setSearch] = useSearchParams()
  const page = readPage(search)
  const list = useOrderList(page)
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set())
  const { ask, cancellingId } = useCancelWithConfirm()
  // Below Mantine's sm breakpoint the orders become stacked cards (same state and handlers).
  const phone = usePhoneLayout()

  // A new page of the list (link, back/forward, pagination) starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [location.pathname, location.search])

  const changePage = (next: number) => {
    const params = new URLSearchParams(search)
    if (next > 1) params.set('page', String(next))
    else params.delete('page')
    setSearch(params)
  }
  const toggle = (id: number) =>
    setOpenIds((ids) => {
      const next = new Set(ids)
      if (!next.delete(id)) next.add(id)
      return next
    })

  if (list.isPending) return <OrdersSkeleton />
  if (list.isError) {
    return <LoadError title={t('orders.error')} error={list.error} onRetry={() => list.refetch()} />
  }
  const data = list.data
  if (data.total === 0) return <NoOrders />
  const updating = list.isPlaceholderData
  const listProps = { orders: data.items, openIds, onToggle: toggle, cancellingId, onCancel: ask }
  return (
    <Stack gap="md">
      {data.customer && (
        <Text c="dimmed" data-testid="orders-customer">
          {data.customer}
        </Text>
      )}
      <Box
        aria-busy={updating || undefined}
        style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
      >
        {updating && <VisuallyHidden role="status">{t('orders.loading')}</VisuallyHidden>}
        {phone ? <OrderCards {...listProps} /> : <OrdersTable {...listProps} />}
      </Box>
      <ListPagination page={updating ? page : data.page} pages={data.pages} onChange={changePage} />
    </Stack>
  )
}

/** /siparis/liste — the company's orders (spec/2 §2 order list screen), ?page=n in the address. */
export function OrdersPage() {
  const { t } = useTranslation()
  usePageTitle(t('orders.title'))
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('orders.title')}
      </Title>
      <DealerGate adminTitle={t('orders.adminTitle')} adminText={t('cart.adminText')}>
        <DealerOrders />
      </DealerGate>
    </Stack>
  )
}
