import { Box, Drawer, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { type ReactNode, useDeferredValue } from 'react'
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import type { SortValue } from '../../../domain/listing'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { NotFoundState } from '../../components/NotFoundState'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { saveListPreference, useProductList } from './api/catalog-api'
import { CategoryNav } from './components/CategoryNav'
import { FilterChips } from './components/FilterChips'
import { ListBreadcrumbs } from './components/ListBreadcrumbs'
import { ListToolbar } from './components/ListToolbar'
import { ProductGrid, ProductGridSkeleton } from './components/ProductGrid'
import { ProductTable, ProductTableSkeleton } from './components/ProductTable'
import { SearchFacets } from './components/SearchFacets'
import {
  type ListRoute,
  type ListView,
  listApiParams,
  listApiPath,
  readPage,
  readSort,
  readView,
  withParams,
} from './list-params'

export type ListPageKind = 'all' | 'search' | 'path'

function EmptyResult() {
  const { t } = useTranslation()
  return (
    <Stack align="center" gap={4} py={48} ta="center" data-testid="empty-result">
      <Title order={2} size="h3">
        {t('catalog.emptyTitle')}
      </Title>
      <Text c="dimmed">{t('catalog.emptyText')}</Text>
    </Stack>
  )
}

/**
 * The product list of a category, a brand, a brand's category, every product, or a search. Page, sort
 * and view live in the address, so back/forward and shared links show the same list.
 */
export function ProductListPage({ kind }: { kind: ListPageKind }) {
  const { t } = useTranslation()
  const { user, preferences, updatePreferences, bootstrap } = useSession()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const params = useParams()
  const [search, setSearch] = useSearchParams()
  const [drawerOpened, drawer] = useDisclosure(false)

  const route: ListRoute = kind === 'path' ? { kind, brand: params.brand, url: params.url ?? '' } : { kind }
  const list = useProductList(listApiPath(route), listApiParams(search), preferences.showNotInStocks)
  const data = list.data
  // A page of cards is the list's heaviest render: drawn at a lower priority (React yields to the
  // browser every few milliseconds) instead of one long task that freezes a slow phone.
  const shownItems = useDeferredValue(data?.items)
  const updating = list.isPlaceholderData
  const view: ListView = readView(search) ?? preferences.productListView
  const q = search.get('q')?.trim() ?? ''
  const sort: SortValue =
    readSort(search) ??
    (updating ? undefined : data?.sort) ??
    (q ? 'relevance' : bootstrap.settings.defaultSort)
  const page = updating || !data ? readPage(search) : data.page

  const title =
    kind === 'all'
      ? t('catalog.allProducts')
      : kind === 'search'
        ? q
          ? t('catalog.searchTitle', { q })
          : t('catalog.search')
        : (data?.category?.name ?? data?.brand?.name)
  usePageTitle(title)

  const changePage = (next: number) => {
    setSearch(withParams(search, { page: String(next) }))
    window.scrollTo({ top: 0 })
  }
  const changeSort = (next: SortValue) => setSearch(withParams(search, { sort: next }))
  const changeView = (next: ListView) => {
    setSearch(withParams(search, { view: next }))
    if (!user) return
    saveListPreference({ key: 'productListView', value: next })
      .then(() => updatePreferences({ productListView: next }))
      .catch((error: unknown) => console.error('The list view could not be saved', error))
  }
  const removeBrand = () => {
    if (search.has('brand')) setSearch(withParams(search, { brand: null }))
    else if (route.kind === 'path') {
      const rest = withParams(search, { brand: null }).toString()
      navigate(localePath(`/${route.url}`) + (rest ? `?${rest}` : ''))
    }
  }
  const removeModel = () => setSearch(withParams(search, { filters: null }))

  if (list.isError && isApiError(list.error) && list.error.status === 404) {
    return <NotFoundState />
  }

  const brandHref = (slug: string | null) => {
    const next = withParams(search, { brand: slug }).toString()
    return `${location.pathname}${next ? `?${next}` : ''}`
  }
  const facets = data?.facets ?? null
  const categoryNav = (onNavigate?: () => void) => (
    <Stack gap="md">
      {kind === 'search' && facets && (
        <SearchFacets
          facets={facets}
          q={q}
          activeBrand={data?.brand?.slug ?? null}
          brandHref={brandHref}
          onNavigate={onNavigate}
        />
      )}
      <CategoryNav
        activeSlug={data?.category?.slug ?? null}
        openSlugs={data?.breadcrumbs.map((crumb) => crumb.slug) ?? []}
        activeBrand={data?.brand?.slug ?? null}
        onNavigate={onNavigate}
        brandFacet={kind === 'path' && facets && data?.category ? facets.brands : undefined}
      />
    </Stack>
  )

  let content: ReactNode
  if (list.isPending || (data && data.items.length > 0 && !shownItems)) {
    content = (
      <div role="status" aria-label={t('catalog.loading')}>
        {view === 'list' ? <ProductTableSkeleton /> : <ProductGridSkeleton />}
      </div>
    )
  } else if (list.isError) {
    content = <LoadError title={t('catalog.error')} error={list.error} onRetry={() => list.refetch()} />
  } else if (data && data.items.length === 0) {
    content = <EmptyResult />
  } else if (data) {
    content = (
      <Box
        aria-busy={updating || undefined}
        style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
      >
        {updating && <VisuallyHidden role="status">{t('catalog.updating')}</VisuallyHidden>}
        {view === 'list' ? (
          <ProductTable products={shownItems ?? data.items} />
        ) : (
          <ProductGrid products={shownItems ?? data.items} />
        )}
        <ListPagination page={page} pages={data.pages} onChange={changePage} />
      </Box>
    )
  }

  return (
    <Group align="flex-start" wrap="nowrap" gap="lg">
      <Box component="aside" w={250} visibleFrom="md" style={{ flexShrink: 0 }}>
        {categoryNav()}
      </Box>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        <ListBreadcrumbs route={route} list={data} />
        <Group justify="space-between" align="baseline" gap="xs">
          {title ? (
            <Title order={1} size="h2">
              {title}
            </Title>
          ) : (
            <Skeleton height={32} width={240} />
          )}
          {data && !updating && (
            <Text c="dimmed" size="sm" data-testid="result-count">
              {t('catalog.resultCount', {
                n: data.total.toLocaleString(bootstrap.locale === 'en' ? 'en-US' : 'tr-TR'),
              })}
            </Text>
          )}
        </Group>
        {data && (
          <FilterChips
            list={data}
            brandIsFilter={search.has('brand') || (route.kind === 'path' && Boolean(route.brand))}
            onRemoveBrand={removeBrand}
            onRemoveModel={removeModel}
          />
        )}
        <ListToolbar
          sort={sort}
          isSearch={kind === 'search' && Boolean(q)}
          view={view}
          onSortChange={changeSort}
          onViewChange={changeView}
          onOpenCategories={drawer.open}
        />
        {content}
      </Stack>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        title={t('catalog.categories')}
        size="xs"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': t('header.closeMenu') }}
      >
        {categoryNav(drawer.close)}
      </Drawer>
    </Group>
  )
}
