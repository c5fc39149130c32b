import { Stack } from '@mantine/core'
import { useRef, useState } from 'react'
import { intentStatuses } from '../../../../domain/payment-intent'
import { ExportMenu } from '../../../components/ExportMenu'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { PaymentDetailDrawer } from './PaymentDetailDrawer'
import { PaymentsSummary } from './PaymentsSummary'
import { PaymentsTable } from './PaymentsTable'
import { useAdminPayments } from './payments-admin-api'
import { PaymentCards } from './StaffCards'
import { StaffList } from './StaffList'
import { useListFilter } from './use-list-filter'

/** The row's button that opened a payment, if the row is still listed. */
function openerOf(id: string): HTMLElement | null {
  for (const button of document.querySelectorAll<HTMLElement>('[data-payment-opener]')) {
    if (button.dataset.paymentOpener === id) return button
  }
  return null
}

function Payments() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { status, page, show } = useListFilter(intentStatuses)
  const query = useAdminPayments(status, page)
  const [openId, setOpenId] = useState<string | null>(null)
  const filter = useRef<HTMLSelectElement>(null)

  // The focus goes back to the row's button; a row that left the list meanwhile (booked while the list
  // showed only those needing attention) leaves it to the filter above the list.
  const close = () => {
    const id = openId
    setOpenId(null)
    if (id === null) return
    setTimeout(() => (openerOf(id) ?? filter.current)?.focus(), 0)
  }

  return (
    <Stack gap="lg">
      <PaymentsSummary
        filteringAttention={status === 'needs_attention'}
        onShowAttention={() => show({ status: 'needs_attention' })}
      />
      <StaffList
        query={query}
        status={status}
        statuses={intentStatuses}
        page={page}
        show={show}
        filterAs="select"
        filterRef={filter}
        actions={
          <ExportMenu
            path="/yonetim/payments/export"
            testId="payments-export"
            query={{ status: status === 'all' ? null : status }}
          />
        }
        texts={{
          filter: t('staffPayments.payments.statusLabel'),
          status: (s) => t(`staffPayments.payments.status.${s}`),
          loading: t('staffPayments.payments.loading'),
          error: t('staffPayments.payments.error'),
          empty: t('staffPayments.payments.empty'),
          total: (count) => t('staffPayments.payments.total', { count }),
        }}
      >
        {(items) =>
          phone ? (
            <PaymentCards payments={items} onOpen={setOpenId} />
          ) : (
            <PaymentsTable payments={items} onOpen={setOpenId} />
          )
        }
      </StaffList>
      <PaymentDetailDrawer id={openId} onClose={close} />
    </Stack>
  )
}

/**
 * /yonetim/odemeler — card payments in every state, newest first, 50 a page: what needs staff at the
 * top, the list filtered by state in the address, and each payment's detail and history in a drawer,
 * where staff book or refund a payment that needs attention.
 */
export function PaymentsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('staffPayments.payments.title')} description={t('staffPayments.payments.intro')}>
      <Payments />
    </StaffLayout>
  )
}
