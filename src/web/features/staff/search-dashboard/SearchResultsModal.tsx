import { Modal, Stack, Text } from '@mantine/core'
import type { SearchQueries, UserSearchRow, WordSearchRow } from '../../../../contracts/search-dashboard'
import { useTranslation } from '../../../i18n/use-translation'
import { type Column, type ColumnKey, DataTable, SearchDate } from './DataTable'

/**
 * "Arama Sonuçları": what a dashboard search found, under the term searched and the period. A word
 * search lists its searchers; a user search the words of the matching users (their names shown when
 * more than one user matched). Closing it clears the result (the page resets the search).
 */
export function SearchResultsModal({
  result,
  onClose,
}: {
  result: SearchQueries | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Modal
      opened={result !== undefined}
      onClose={onClose}
      title={t('searchDashboard.results.title')}
      size="lg"
    >
      {result && (
        <Stack gap="sm" data-testid="dashboard-results">
          <Text size="sm" c="dimmed">
            {t(
              result.type === 'kelime'
                ? 'searchDashboard.results.wordSummary'
                : 'searchDashboard.results.userSummary',
              {
                term: result.searchQuery,
                period: t(`searchDashboard.period.${result.period}`),
              },
            )}
          </Text>
          {result.searchResult.length === 0 ? (
            <Text data-testid="dashboard-results-empty">
              {t(
                result.type === 'kelime'
                  ? 'searchDashboard.results.emptyWord'
                  : 'searchDashboard.results.emptyUser',
              )}
            </Text>
          ) : result.type === 'kelime' ? (
            <WordResults rows={result.searchResult} />
          ) : (
            <UserResults rows={result.searchResult} />
          )}
        </Stack>
      )}
    </Modal>
  )
}

function useColumnTitle() {
  const { t } = useTranslation()
  return (key: ColumnKey) => t(`searchDashboard.columns.${key}`)
}

function WordResults({ rows }: { rows: WordSearchRow[] }) {
  const { t } = useTranslation()
  const col = useColumnTitle()
  const columns: Column<WordSearchRow>[] = [
    { title: col('user'), cell: (r) => r.userName ?? t('searchDashboard.guest') },
    { title: col('count'), cell: (r) => r.totalCount, align: 'right' },
    { title: col('lastDate'), cell: (r) => <SearchDate value={r.formattedCreatedAt} /> },
  ]
  return <ResultTable rows={rows} columns={columns} />
}

function UserResults({ rows }: { rows: UserSearchRow[] }) {
  const col = useColumnTitle()
  const severalUsers = new Set(rows.map((r) => r.userName)).size > 1
  const columns: Column<UserSearchRow>[] = [
    ...(severalUsers ? [{ title: col('user'), cell: (r: UserSearchRow) => r.userName }] : []),
    { title: col('word'), cell: (r) => r.searchQuery },
    { title: col('count'), cell: (r) => r.searchCount, align: 'right' },
    { title: col('lastDate'), cell: (r) => <SearchDate value={r.formattedCreatedAt} /> },
  ]
  return <ResultTable rows={rows} columns={columns} />
}

function ResultTable<T>({ rows, columns }: { rows: T[]; columns: Column<T>[] }) {
  const { t } = useTranslation()
  return (
    <DataTable
      striped
      aria-label={t('searchDashboard.results.list')}
      rowTestId="dashboard-result-row"
      rows={rows}
      columns={columns}
    />
  )
}
