import { Button, Group, SegmentedControl, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import type { SearchPeriod, SearchType } from '../../../../contracts/search-dashboard'
import { showAlert } from '../../../components/alert'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import type { useDashboardSearch } from './search-dashboard-api'

/**
 * The dashboard's search (spec/2 §2, §5, §8): a term, a word or user search, over the period shown.
 * A blank term is refused with the spec's alert; a failed search shows its alert (unless the API
 * client already answered a 401 or 403); the results popup opens on success (the page watches it).
 */
export function DashboardSearchForm({
  period,
  search,
}: {
  period: SearchPeriod
  search: ReturnType<typeof useDashboardSearch>
}) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const [query, setQuery] = useState('')
  const [type, setType] = useState<SearchType>('kelime')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!query.trim()) {
      showAlert(t, t('searchDashboard.search.blank'), { testId: 'dashboard-alert' })
      return
    }
    search.mutate(
      { query: query.trim(), type, period },
      {
        onError: (error) => {
          if (isApiError(error) && error.handled) return
          showAlert(t, t('searchDashboard.search.failed'), { testId: 'dashboard-alert' })
        },
      },
    )
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not known to every browser we support yet
    <form onSubmit={submit} role="search" aria-label={t('searchDashboard.search.label')} noValidate>
      <Group align="flex-end" gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <TextInput
          label={t('searchDashboard.search.label')}
          placeholder={t('searchDashboard.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          maxLength={200}
          style={{ flex: 1, minWidth: phone ? '100%' : 240 }}
          data-testid="dashboard-search-input"
        />
        <SegmentedControl
          aria-label={t('searchDashboard.search.type')}
          value={type}
          onChange={(value) => setType(value as SearchType)}
          data={[
            { value: 'kelime', label: t('searchDashboard.search.word') },
            { value: 'kullanıcı', label: t('searchDashboard.search.user') },
          ]}
          style={phone ? { flex: 1 } : undefined}
        />
        <Button type="submit" loading={search.isPending} data-testid="dashboard-search-submit">
          {t('searchDashboard.search.submit')}
        </Button>
      </Group>
    </form>
  )
}
