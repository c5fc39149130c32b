import { type FaultReportStatus, faultReportStatuses } from '../../../../contracts/service'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffList } from '../payments/StaffList'
import { useListFilter } from '../payments/use-list-filter'
import { StaffLayout } from '../StaffLayout'
import { FaultReportCards, FaultReportsTable } from './FaultReportViews'
import { useAdminFaultReports } from './fault-reports-admin-api'

function Reports() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { status, page, show } = useListFilter(faultReportStatuses)
  const query = useAdminFaultReports(status, page)
  return (
    <StaffList
      query={query}
      status={status}
      statuses={faultReportStatuses}
      page={page}
      show={show}
      texts={{
        filter: t('faultReport.staff.statusLabel'),
        status: (s: FaultReportStatus | 'all') =>
          s === 'all' ? t('faultReport.staff.all') : t(`faultReport.status.${s}`),
        loading: t('faultReport.staff.loading'),
        error: t('faultReport.staff.error'),
        empty: t('faultReport.staff.empty'),
        total: (count) => t('faultReport.staff.total', { count }),
      }}
    >
      {(items) => (phone ? <FaultReportCards reports={items} /> : <FaultReportsTable reports={items} />)}
    </StaffList>
  )
}

/** /yonetim/ariza-bildirimleri — the dealers' fault reports, newest first, 50 a page, the status set per row. */
export function FaultReportsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('faultReport.staff.title')} description={t('faultReport.staff.intro')}>
      <Reports />
    </StaffLayout>
  )
}
