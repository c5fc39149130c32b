import { Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useState } from 'react'
import { LoadError } from '../../../components/LoadError'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { StaffLayout } from '../StaffLayout'
import { ConnectionState } from './ConnectionState'
import { CustomerCartCard } from './CustomerCartCard'
import { customerCartsKey, useCustomerCarts } from './customer-carts-api'
import { useLiveSocket } from './use-live-socket'

/** The time the cards' ages are counted from, moving on every 30 s so "5 dakika önce" stays true. */
function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

function CustomerCarts() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const carts = useCustomerCarts()
  const now = useNow()
  const reread = () => void queryClient.invalidateQueries({ queryKey: customerCartsKey })
  const connection = useLiveSocket({ onCartsChanged: reread, onReconnected: reread })

  let content: ReactNode
  if (carts.isPending) {
    content = (
      <Stack gap="sm" role="status" aria-label={t('customerCarts.loading')}>
        {[0, 1].map((i) => (
          <Skeleton key={i} height={160} />
        ))}
      </Stack>
    )
  } else if (carts.isError) {
    content = (
      <LoadError title={t('customerCarts.error')} error={carts.error} onRetry={() => carts.refetch()} />
    )
  } else if (carts.data.carts.length === 0) {
    content = (
      <Text py={48} ta="center" size="lg" c="dimmed" data-testid="carts-empty">
        {t('customerCarts.empty')}
      </Text>
    )
  } else {
    content = (
      <PlainList label={t('customerCarts.list')} gap="md" data-testid="customer-carts">
        {carts.data.carts.map((cart) => (
          <CustomerCartCard key={cart.id} cart={cart} now={now} />
        ))}
      </PlainList>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ConnectionState connection={connection} />
      </Group>
      {content}
    </Stack>
  )
}

/**
 * /yonetim/musteri-sepetleri — what dealers hold in their carts (spec/2 §2 "Customer carts screen"),
 * the most recently changed first; read again whenever the staff socket says a cart changed.
 */
export function CustomerCartsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('customerCarts.title')} description={t('customerCarts.intro')}>
      <CustomerCarts />
    </StaffLayout>
  )
}
