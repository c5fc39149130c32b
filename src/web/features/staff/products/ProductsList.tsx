import { Button, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { DataTable, type DataTableSortStatus } from 'mantine-datatable'
import { useLocation, useNavigate } from 'react-router'
import {
  STAFF_PRODUCTS_PAGE_SIZE,
  type StaffProductRow,
  type StaffProductSort,
} from '../../../../contracts/staff-products'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { editorPath, ProductActiveBadge, ProductCodeLink, ProductThumb } from './ProductParts'
import { countText, priceText } from './product-format'
import { useStaffProducts } from './staff-products-api'
import { useProductFilters } from './use-product-filters'

const P = 'staffProducts'

/** The table's sortable columns and the sort each asks the server for. */
const SORT_OF: Record<string, StaffProductSort> = {
  code: 'code',
  name: 'name',
  salePrice: 'price',
  quantity: 'stock',
  updatedAt: 'updated',
}
const COLUMN_OF = Object.fromEntries(Object.entries(SORT_OF).map(([column, sort]) => [sort, column]))

/** Opens a row's editor with the list's address, as the code's link does. */
function useOpenProduct() {
  const navigate = useNavigate()
  const localePath = useLocalePath()
  const { search } = useLocation()
  return (id: number) => navigate(localePath(editorPath(id)), { state: { listSearch: search } })
}

function ProductsTable() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const open = useOpenProduct()
  const { filters, change } = useProductFilters()
  const list = useStaffProducts(filters)
  const c = `${P}.columns`
  const sortStatus: DataTableSortStatus<StaffProductRow> = {
    columnAccessor: COLUMN_OF[filters.sort] ?? 'code',
    direction: filters.dir,
  }
  return (
    <DataTable<StaffProductRow>
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={180}
      aria-label={t(`${P}.title`)}
      records={list.data?.items ?? []}
      fetching={list.isFetching}
      loaderBackgroundBlur={0}
      noRecordsText={list.isPending ? t(`${P}.loading`) : t(`${P}.empty`)}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={STAFF_PRODUCTS_PAGE_SIZE}
      page={list.data?.page ?? filters.page}
      onPageChange={(page) => change({ page })}
      paginationText={({ from, to, totalRecords }) =>
        // Counted up to a cap: past it the total reads "1.000+".
        t(`${P}.pagination`, {
          from: countText(from, locale),
          to: countText(to, locale),
          total: `${countText(totalRecords, locale)}${list.data?.capped ? '+' : ''}`,
        })
      }
      getPaginationControlProps={(control) =>
        control === 'previous' || control === 'next' ? { 'aria-label': t(`${P}.page.${control}`) } : {}
      }
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        change({ sort: SORT_OF[status.columnAccessor as string] ?? 'code', dir: status.direction })
      }
      // A click anywhere on the row opens it; the keyboard reaches the code's link (Enter opens it).
      onRowClick={({ record, event }) => {
        if ((event.target as HTMLElement).closest('a, button')) return
        open(record.id)
      }}
      idAccessor="id"
      data-testid="staff-products-table"
      columns={[
        {
          accessor: 'image',
          title: <VisuallyHidden>{t(`${c}.image`)}</VisuallyHidden>,
          width: 56,
          render: (row) => <ProductThumb image={row.image} />,
        },
        {
          accessor: 'code',
          title: t(`${c}.code`),
          sortable: true,
          noWrap: true,
          render: (row) => <ProductCodeLink row={row} />,
        },
        { accessor: 'name', title: t(`${c}.name`), sortable: true },
        {
          accessor: 'category',
          title: t(`${c}.category`),
          visibleMediaQuery: '(min-width: 1100px)',
          render: (row) => row.category?.name ?? '—',
        },
        {
          accessor: 'brand',
          title: t(`${c}.brand`),
          visibleMediaQuery: '(min-width: 1280px)',
          render: (row) => row.brand?.name ?? '—',
        },
        {
          accessor: 'salePrice',
          title: t(`${c}.salePrice`),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (row) => priceText(row.salePrice, row.currency, locale),
        },
        {
          accessor: 'quantity',
          title: t(`${c}.stock`),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (row) => countText(row.quantity, locale),
        },
        {
          accessor: 'updatedAt',
          title: t(`${c}.updated`),
          sortable: true,
          noWrap: true,
          visibleMediaQuery: '(min-width: 1440px)',
          render: (row) => dates.dateTime(row.updatedAt),
        },
        {
          accessor: 'active',
          title: t(`${c}.active`),
          render: (row) => <ProductActiveBadge active={row.active} />,
        },
      ]}
    />
  )
}

/** The products as cards on a phone: each with what the table's row shows, and its own pager. */
function ProductCards() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { filters, change } = useProductFilters()
  const list = useStaffProducts(filters)
  const data = list.data
  const c = `${P}.columns`
  if (!data) return <Text size="sm">{t(`${P}.loading`)}</Text>
  if (data.items.length === 0) return <Text size="sm">{t(`${P}.empty`)}</Text>
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${P}.title`)}>
        {data.items.map((row) => (
          <Card component="li" withBorder padding="sm" key={row.id} data-testid="product-card">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <ProductThumb image={row.image} size={48} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <ProductCodeLink row={row} />
                  <ProductActiveBadge active={row.active} />
                </Group>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {row.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {[row.category?.name, row.brand?.name].filter(Boolean).join(' · ') || '—'}
                </Text>
                <Text size="sm">
                  {priceText(row.salePrice, row.currency, locale)} · {t(`${c}.stock`)}:{' '}
                  {countText(row.quantity, locale)}
                </Text>
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
      {data.pages > 1 && (
        <Group justify="space-between" wrap="nowrap">
          <Button variant="default" disabled={data.page <= 1} onClick={() => change({ page: data.page - 1 })}>
            {t(`${P}.page.previous`)}
          </Button>
          <Text size="sm">{t(`${P}.pageOf`, { page: data.page, pages: data.pages })}</Text>
          <Button
            variant="default"
            disabled={data.page >= data.pages}
            onClick={() => change({ page: data.page + 1 })}
          >
            {t(`${P}.page.next`)}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** The product table, or cards on a phone; a failed first load says so with a retry. */
export function ProductsList() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { filters } = useProductFilters()
  const list = useStaffProducts(filters)
  if (list.isError && !list.data) {
    return <LoadError title={t(`${P}.error`)} error={list.error} onRetry={() => list.refetch()} />
  }
  return phone ? <ProductCards /> : <ProductsTable />
}
