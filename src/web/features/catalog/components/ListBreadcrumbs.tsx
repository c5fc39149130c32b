import { Anchor, Breadcrumbs, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { ProductList } from '../../../../contracts/catalog'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'
import type { ListRoute } from '../list-params'

interface Crumb {
  label: string
  to?: string
}

function crumbsFor(
  route: ListRoute,
  list: ProductList | undefined,
  t: (key: 'catalog.allProducts' | 'catalog.search') => string,
): Crumb[] {
  if (route.kind === 'all') return [{ label: t('catalog.allProducts') }]
  if (route.kind === 'search') return [{ label: t('catalog.search') }]
  if (!list) return []
  const crumbs: Crumb[] = []
  const brandPrefix = route.brand && list.brand ? `/${list.brand.slug}` : ''
  if (list.brand && (brandPrefix || !list.category))
    crumbs.push({ label: list.brand.name, to: `/${list.brand.slug}` })
  for (const crumb of list.breadcrumbs) crumbs.push({ label: crumb.name, to: `${brandPrefix}/${crumb.slug}` })
  return crumbs
}

/** Home › (brand ›) category path; the last one is the page itself. */
export function ListBreadcrumbs({ route, list }: { route: ListRoute; list: ProductList | undefined }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const crumbs: Crumb[] = [{ label: t('catalog.home'), to: '/' }, ...crumbsFor(route, list, t)]
  return (
    <nav aria-label={t('catalog.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        {crumbs.map((crumb, index) =>
          index === crumbs.length - 1 || !crumb.to ? (
            <Text
              key={crumb.to ?? `page-${crumb.label}`}
              size="sm"
              c="dimmed"
              aria-current={index === crumbs.length - 1 ? 'page' : undefined}
            >
              {crumb.label}
            </Text>
          ) : (
            <Anchor
              key={crumb.to ?? `page-${crumb.label}`}
              component={Link}
              to={localePath(crumb.to)}
              size="sm"
            >
              {crumb.label}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  )
}
