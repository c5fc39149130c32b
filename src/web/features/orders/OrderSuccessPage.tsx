import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core'
import type { ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import type { Order } from '../../../contracts/orders'
import { normalizeCurrencyCode } from '../../../domain/money-format'
import { DealerGate } from '../../components/DealerGate'
import { CheckIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { NotFoundState } from '../../components/NotFoundState'
import { OrderItemsTable } from '../../components/order/OrderItemsTable'
import { TotalRow } from '../../components/TotalRow'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { useDates } from '../../lib/dates'
import { useLocalePath } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { useOrder } from './api/orders-api'
import { OrderItemList } from './components/OrderItemList'

/** Image size of the order's lines (spec/2 §9: 80 in checkout). */
const imageSize = 80

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  )
}

function OrderReceived({ order }: { order: Order }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const dates = useDates()
  const localePath = useLocalePath()
  usePageTitle(t('orders.success.title'))
  return (
    <Stack gap="lg">
      <Stack align="center" gap="xs" ta="center" py="md">
        <ThemeIcon color="green" size={56} radius="xl" variant="light" aria-hidden="true">
          <CheckIcon size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('orders.success.title')}
        </Title>
        <Text c="dimmed">{t('orders.success.text', { orderNo: order.orderNo })}</Text>
        {order.isCancel && (
          <Badge color="red" variant="light">
            {t('orders.cancelled')}
          </Badge>
        )}
      </Stack>

      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('orders.success.orderNo')} testId="order-no">
            {order.orderNo}
          </Fact>
          <Fact label={t('orders.success.date')} testId="order-date">
            {dates.dateTime(order.date)}
          </Fact>
          <Fact label={t('orders.success.paymentPlan')} testId="order-plan">
            {order.paymentPlan}
          </Fact>
          {order.branch && (
            <Fact label={t('orders.success.branch')} testId="order-branch">
              {order.branch}
            </Fact>
          )}
          {order.erpDocumentNo && (
            <Fact label={t('orders.success.erpNo')} testId="order-erp-no">
              {order.erpDocumentNo}
            </Fact>
          )}
        </SimpleGrid>
        <Divider my="sm" />
        <Fact label={t('orders.success.description')} testId="order-description">
          {order.description}
        </Fact>
      </Card>

      <section aria-labelledby="order-items-title">
        <Title order={2} size="h4" id="order-items-title" mb="xs">
          {t('orders.success.items')}
        </Title>
        {phone ? (
          <OrderItemList order={order} label={t('orders.success.items')} />
        ) : (
          <OrderItemsTable order={order} imageSize={imageSize} label={t('orders.success.items')} />
        )}
      </section>

      <Group justify="flex-end">
        <Card withBorder padding="md" w={{ base: '100%', sm: 360 }}>
          <Stack gap={6}>
            <TotalRow label={t('cart.subtotal')} money={order.subtotal} testId="order-subtotal" />
            <TotalRow label={t('cart.tax')} money={order.tax} testId="order-tax" />
            <Divider my={4} />
            <TotalRow label={t('cart.total')} money={order.total} testId="order-total" strong />
            {normalizeCurrencyCode(order.total.currency) !== 'TRY' && (
              <TotalRow label={t('cart.baseTotal')} money={order.baseTotal} testId="order-base-total" />
            )}
          </Stack>
        </Card>
      </Group>

      <Group justify="center" gap="sm">
        <Button component={Link} to={localePath('/siparis/liste')}>
          {t('orders.success.toOrders')}
        </Button>
        <Button component={Link} to={localePath('/urunler')} variant="light">
          {t('orders.success.continue')}
        </Button>
      </Group>
    </Stack>
  )
}

function DealerOrder({ id }: { id: number }) {
  const { t } = useTranslation()
  const order = useOrder(id)
  if (order.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('orders.success.loading')}>
        <Skeleton height={120} />
        <Skeleton height={80} />
        <Skeleton height={200} />
      </Stack>
    )
  }
  if (order.isError) {
    if (isApiError(order.error) && order.error.status === 404) {
      return (
        <NotFoundState title={t('orders.success.notFoundTitle')} text={t('orders.success.notFoundText')} />
      )
    }
    return <LoadError title={t('orders.success.error')} error={order.error} onRetry={() => order.refetch()} />
  }
  return <OrderReceived order={order.data} />
}

/** /siparis/:id — the order success screen (spec/2 §2): number, date, items, totals, note, plan, branch. */
export function OrderSuccessPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const orderId = /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN
  return (
    <DealerGate adminTitle={t('orders.adminTitle')} adminText={t('cart.adminText')}>
      {Number.isSafeInteger(orderId) && orderId > 0 && orderId <= 2_147_483_647 ? (
        <DealerOrder id={orderId} />
      ) : (
        <NotFoundState title={t('orders.success.notFoundTitle')} text={t('orders.success.notFoundText')} />
      )}
    </DealerGate>
  )
}
