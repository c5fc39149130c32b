import { SimpleGrid } from '@mantine/core'
import type { TopQueries } from '../../../../contracts/search-dashboard'
import { useTranslation } from '../../../i18n/use-translation'
import { type ColumnKey, SearchDate } from './DataTable'
import { DetailHoverCard } from './DetailHoverCard'
import { RankTable } from './RankTable'

/**
 * The dashboard's four tables (spec/2 §2): the most searched words (each with who searched it), the
 * users who searched most (each with their words), the latest searches and the words searched without
 * a result. Two columns on a wide screen, one under the other on a narrow one.
 */
export function DashboardTables({ data }: { data: TopQueries }) {
  const { t } = useTranslation()
  const col = (key: ColumnKey) => t(`searchDashboard.columns.${key}`)
  const who = (name: string | null) => name ?? t('searchDashboard.guest')
  const common = { rankTitle: col('rank'), empty: t('searchDashboard.tables.empty') }
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" verticalSpacing="md">
      <RankTable
        {...common}
        title={t('searchDashboard.tables.topQueries')}
        testId="top-queries"
        rows={data.topQueries}
        columns={[
          {
            title: col('word'),
            cell: (q) => (
              <DetailHoverCard
                label={q.query}
                title={t('searchDashboard.detail.users', { word: q.query })}
                rows={q.detail}
                testId="top-query-detail"
                columns={[
                  { title: col('user'), cell: (d) => who(d.userName) },
                  { title: col('count'), cell: (d) => d.totalCount, align: 'right' },
                ]}
              />
            ),
          },
          { title: col('count'), cell: (q) => q.count, align: 'right' },
          { title: col('lastDate'), cell: (q) => <SearchDate value={q.formattedCreatedAt} /> },
        ]}
      />
      <RankTable
        {...common}
        title={t('searchDashboard.tables.topUsers')}
        testId="top-users"
        rows={data.topUsers}
        columns={[
          {
            title: col('user'),
            cell: (u) => (
              <DetailHoverCard
                label={u.name}
                title={t('searchDashboard.detail.words', { name: u.name })}
                rows={u.detail}
                testId="top-user-detail"
                columns={[
                  { title: col('word'), cell: (d) => d.searchQuery },
                  { title: col('count'), cell: (d) => d.searchCount, align: 'right' },
                  { title: col('lastDate'), cell: (d) => <SearchDate value={d.formattedCreatedAt} /> },
                ]}
              />
            ),
          },
          { title: col('count'), cell: (u) => u.count, align: 'right' },
        ]}
      />
      <RankTable
        {...common}
        title={t('searchDashboard.tables.lastQueries')}
        testId="last-queries"
        rows={data.lastQueries}
        columns={[
          { title: col('user'), cell: (q) => who(q.name) },
          { title: col('word'), cell: (q) => q.query },
          { title: col('date'), cell: (q) => <SearchDate value={q.formattedCreatedAt} /> },
        ]}
      />
      <RankTable
        {...common}
        title={t('searchDashboard.tables.zeroResults')}
        hint={t('searchDashboard.tables.zeroHint')}
        empty={t('searchDashboard.tables.emptyZero')}
        testId="zero-results"
        rows={data.zeroResultQueries}
        columns={[
          { title: col('word'), cell: (q) => q.query },
          { title: col('count'), cell: (q) => q.count, align: 'right' },
          { title: col('lastDate'), cell: (q) => <SearchDate value={q.formattedCreatedAt} /> },
        ]}
      />
    </SimpleGrid>
  )
}
