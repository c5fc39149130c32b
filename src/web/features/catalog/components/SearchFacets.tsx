import { NavLink, Stack, Text, VisuallyHidden } from '@mantine/core'
import { Link } from 'react-router'
import type { FacetValue, ProductList } from '../../../../contracts/catalog'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import classes from './CategoryNav.module.css'

export interface SearchFacetsProps {
  facets: NonNullable<ProductList['facets']>
  /** The query of the search, kept when a category narrows it. */
  q: string
  /** Slug of the brand filter now. */
  activeBrand: string | null
  /** The address with the brand filter set (null: removed), keeping the query and the sort. */
  brandHref: (slug: string | null) => string
  onNavigate?: (() => void) | undefined
}

function FacetList({
  title,
  values,
  href,
  active,
  onNavigate,
}: {
  title: string
  values: FacetValue[]
  href: (value: FacetValue) => string
  active: (value: FacetValue) => boolean
  onNavigate: (() => void) | undefined
}) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const locale = bootstrap.locale === 'en' ? 'en-US' : 'tr-TR'
  if (values.length === 0) return null
  return (
    <section aria-label={title}>
      <Text fw={600} size="sm" mb={4}>
        {title}
      </Text>
      <ul className={classes.tree} style={{ maxHeight: 320, overflowY: 'auto' }}>
        {values.map((value) => {
          const current = active(value)
          return (
            <li key={value.id}>
              <NavLink
                component={Link}
                to={href(value)}
                label={value.name}
                // The name read out is the visible text ("Doğan Takım 1 ürün"), as axe's
                // label-content-name-mismatch asks: the count is shown, the word only read.
                rightSection={
                  <Text size="xs" c="dimmed">
                    {`${value.count.toLocaleString(locale)} `}
                    <VisuallyHidden>{t('catalog.facetProducts', { count: value.count })}</VisuallyHidden>
                  </Text>
                }
                active={current}
                aria-current={current ? 'true' : undefined}
                onClick={onNavigate}
                py={4}
              />
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** A search's brands and categories with their products in the results; no value with 0. */
export function SearchFacets({ facets, q, activeBrand, brandHref, onNavigate }: SearchFacetsProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const query = q ? `?${new URLSearchParams({ q }).toString()}` : ''
  return (
    <Stack gap="sm" component="nav" aria-label={t('catalog.facetsTitle')} data-testid="search-facets">
      <FacetList
        title={t('catalog.facetBrands')}
        values={facets.brands}
        // The active brand's link removes it again.
        href={(b) => brandHref(b.slug === activeBrand ? null : b.slug)}
        active={(b) => b.slug === activeBrand}
        onNavigate={onNavigate}
      />
      <FacetList
        title={t('catalog.facetCategories')}
        values={facets.categories}
        href={(c) => `${localePath(`/${c.slug}`)}${query}`}
        active={() => false}
        onNavigate={onNavigate}
      />
    </Stack>
  )
}
