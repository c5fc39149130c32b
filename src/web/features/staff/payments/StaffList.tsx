import {
  Box,
  Group,
  NativeSelect,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode, Ref } from 'react'
import { ListPagination } from '../../../components/ListPagination'
import { LoadError } from '../../../components/LoadError'
import { usePhoneLayout } from '../../../lib/use-phone-layout'

type Page<T> = { items: T[]; total: number; page: number; pages: number }

/**
 * The frame of a paged staff list: the status filter and the count, then a skeleton, the error with a
 * retry, the empty text or the rows (dimmed while another page loads) with the pagination. A few
 * statuses are a segmented control; many (`filterAs: 'select'`) a labelled select, which fits a phone.
 */
export function StaffList<T, S extends string>({
  query,
  status,
  statuses,
  page,
  show,
  texts,
  filterAs = 'segmented',
  filterRef,
  actions,
  children,
}: {
  query: UseQueryResult<Page<T>>
  status: S | 'all'
  statuses: readonly S[]
  page: number
  show: (next: { status?: S | 'all'; page?: number }) => void
  texts: {
    filter: string
    status: (s: S | 'all') => string
    loading: string
    error: string
    empty: string
    total: (n: number) => string
  }
  filterAs?: 'segmented' | 'select'
  /** The select (filterAs 'select'), for a screen that gives it the focus. */
  filterRef?: Ref<HTMLSelectElement>
  /** Beside the filter and the count: what acts on the whole list (its export). */
  actions?: ReactNode
  children: (items: T[]) => ReactNode
}) {
  const phone = usePhoneLayout()
  let content: ReactNode
  if (query.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={texts.loading}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
    )
  } else if (query.isError) {
    content = <LoadError title={texts.error} error={query.error} onRetry={() => query.refetch()} />
  } else if (query.data.total === 0) {
    content = (
      <Text py={48} ta="center" size="lg" c="dimmed" data-testid="staff-list-empty">
        {texts.empty}
      </Text>
    )
  } else {
    const updating = query.isPlaceholderData
    content = (
      <>
        <Box aria-busy={updating || undefined} style={{ opacity: updating ? 0.55 : 1 }}>
          {updating && <VisuallyHidden role="status">{texts.loading}</VisuallyHidden>}
          {children(query.data.items)}
        </Box>
        <ListPagination
          page={updating ? page : query.data.page}
          pages={query.data.pages}
          onChange={(next) => show({ page: next })}
        />
      </>
    )
  }
  const options = (['all', ...statuses] as const).map((value) => ({ value, label: texts.status(value) }))
  return (
    <Stack gap="md">
      <Group justify="space-between" align={filterAs === 'select' ? 'flex-end' : 'center'} gap="sm">
        {filterAs === 'select' ? (
          <NativeSelect
            ref={filterRef}
            label={texts.filter}
            value={status}
            onChange={(event) => show({ status: event.currentTarget.value as S | 'all' })}
            data={options}
            w={phone ? '100%' : 260}
            data-testid="staff-list-filter"
          />
        ) : (
          <SegmentedControl
            aria-label={texts.filter}
            value={status}
            onChange={(value) => show({ status: value as S | 'all' })}
            data={options}
            fullWidth={phone}
            style={phone ? { width: '100%' } : undefined}
          />
        )}
        {query.data && query.data.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="staff-list-total">
            {texts.total(query.data.total)}
          </Text>
        )}
        {actions}
      </Group>
      {content}
    </Stack>
  )
}
