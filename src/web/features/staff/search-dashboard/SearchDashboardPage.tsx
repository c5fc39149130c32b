import { Box, Center, Loader, SegmentedControl, Stack, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { type SearchPeriod, searchPeriods } from '../../../../contracts/search-dashboard'
import { DEFAULT_SEARCH_PERIOD } from '../../../../domain/search-periods'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { DashboardSearchForm } from './DashboardSearchForm'
import { DashboardTables } from './DashboardTables'
import { SearchResultsModal } from './SearchResultsModal'
import { useDashboardSearch, useSearchDashboard } from './search-dashboard-api'

/** The period in the address (?period=today|7d|30d), so a reload or a shared link keeps it. */
function usePeriod(): [SearchPeriod, (next: SearchPeriod) => void] {
  const [search, setSearch] = useSearchParams()
  const period = searchPeriods.find((p) => p === search.get('period')) ?? DEFAULT_SEARCH_PERIOD
  const choose = (next: SearchPeriod) => {
    const params = new URLSearchParams(search)
    if (next === DEFAULT_SEARCH_PERIOD) params.delete('period')
    else params.set('period', next)
    setSearch(params, { replace: true })
  }
  return [period, choose]
}

function SearchDashboard() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const [period, choosePeriod] = usePeriod()
  const tables = useSearchDashboard(period)
  const search = useDashboardSearch()

  let content: ReactNode
  if (tables.isPending) {
    content = (
      <Center py="xl" role="status" aria-label={t('searchDashboard.loading')}>
        <Loader />
      </Center>
    )
  } else if (tables.isError) {
    content = (
      <LoadError
        title={t('searchDashboard.loadError')}
        error={tables.error}
        onRetry={() => tables.refetch()}
      />
    )
  } else {
    const updating = tables.isPlaceholderData
    content = (
      <Box aria-busy={updating || undefined} style={{ opacity: updating ? 0.55 : 1 }}>
        {updating && <VisuallyHidden role="status">{t('searchDashboard.loading')}</VisuallyHidden>}
        <DashboardTables data={tables.data} />
      </Box>
    )
  }

  return (
    <Stack gap="lg">
      <DashboardSearchForm period={period} search={search} />
      <SegmentedControl
        aria-label={t('searchDashboard.period.label')}
        value={period}
        onChange={(value) => choosePeriod(value as SearchPeriod)}
        data={searchPeriods.map((value) => ({ value, label: t(`searchDashboard.period.${value}`) }))}
        fullWidth={phone}
        style={{ alignSelf: phone ? 'stretch' : 'flex-start' }}
        data-testid="dashboard-period"
      />
      {content}
      <SearchResultsModal
        result={search.isSuccess ? search.data : undefined}
        onClose={() => search.reset()}
      />
    </Stack>
  )
}

/** /yonetim/aramalar — the staff search dashboard. */
export function SearchDashboardPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('searchDashboard.title')} description={t('searchDashboard.intro')}>
      <SearchDashboard />
    </StaffLayout>
  )
}
