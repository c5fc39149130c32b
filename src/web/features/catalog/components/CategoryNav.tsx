import { ActionIcon, Alert, Button, NavLink, Skeleton, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { CategoryNode, FacetValue } from '../../../../contracts/catalog'
import { ChevronDownIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { describeError } from '../../../lib/error-message'
import { useLocalePath } from '../../../lib/session-context'
import { useCategories } from '../api/catalog-api'
import classes from './CategoryNav.module.css'

export interface CategoryNavProps {
  /** Slug of the category shown now, and the slugs on the way down to it (opened in the tree). */
  activeSlug: string | null
  openSlugs: string[]
  /** Slug of the brand filter now, for the brand links. */
  activeBrand: string | null
  /** Called after a link is followed (the phone drawer closes). */
  onNavigate?: (() => void) | undefined
  /**
   * The brands with products in the list shown (a category's or brand's facet): offered
   * instead of every brand, so no brand link leads to an empty list. Undefined: every brand.
   */
  brandFacet?: FacetValue[] | undefined
}

interface TreeProps {
  nodes: CategoryNode[]
  activeSlug: string | null
  expanded: Set<string>
  toggle: (slug: string) => void
  onNavigate: (() => void) | undefined
}

function CategoryTree({ nodes, activeSlug, expanded, toggle, onNavigate }: TreeProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <ul className={classes.tree}>
      {nodes.map((node) => {
        const open = expanded.has(node.slug)
        const active = node.slug === activeSlug
        return (
          <li key={node.id}>
            <div className={classes.row}>
              <NavLink
                component={Link}
                to={localePath(`/${node.slug}`)}
                label={node.name}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                className={classes.link}
                py={6}
              />
              {node.children.length > 0 && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  onClick={() => toggle(node.slug)}
                  aria-expanded={open}
                  aria-label={t('catalog.subcategories', { name: node.name })}
                >
                  <ChevronDownIcon size={14} className={classes.chevron} data-open={open || undefined} />
                </ActionIcon>
              )}
            </div>
            {open && node.children.length > 0 && (
              <CategoryTree
                nodes={node.children}
                activeSlug={activeSlug}
                expanded={expanded}
                toggle={toggle}
                onNavigate={onNavigate}
              />
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The category tree (a branch opens to the current category) and the brands, from the categories call. */
export function CategoryNav({
  activeSlug,
  openSlugs,
  activeBrand,
  onNavigate,
  brandFacet,
}: CategoryNavProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const categories = useCategories()
  const [expanded, setExpanded] = useState(() => new Set(openSlugs))
  const [brandsOpen, setBrandsOpen] = useState(false)
  const openKey = openSlugs.join('/')

  // Following a link to a deeper category opens the branches down to it; what the user opened stays.
  useEffect(() => {
    if (!openKey) return
    setExpanded((current) => {
      const slugs = openKey.split('/').filter((slug) => !current.has(slug))
      return slugs.length === 0 ? current : new Set([...current, ...slugs])
    })
  }, [openKey])

  const toggle = (slug: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(slug)) next.add(slug)
      return next
    })

  if (categories.isPending) {
    return (
      <Stack gap="xs" aria-hidden="true">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Skeleton key={key} height={24} />
        ))}
      </Stack>
    )
  }
  if (categories.isError) {
    return (
      <Alert color="red" variant="light" title={t('catalog.categoriesError')}>
        <Text size="sm" mb="xs">
          {describeError(categories.error, t)}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={() => categories.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    )
  }
  const { categories: tree } = categories.data
  const brands = brandFacet ?? categories.data.brands
  return (
    <nav aria-label={t('catalog.categories')}>
      <Text fw={600} size="sm" mb={4}>
        {t('catalog.categories')}
      </Text>
      <NavLink
        component={Link}
        to={localePath('/urunler')}
        label={t('catalog.allProducts')}
        onClick={onNavigate}
        py={6}
      />
      <CategoryTree
        nodes={tree}
        activeSlug={activeSlug}
        expanded={expanded}
        toggle={toggle}
        onNavigate={onNavigate}
      />
      {brands.length > 0 && (
        <>
          <Button
            variant="subtle"
            color="gray"
            fullWidth
            justify="space-between"
            mt="sm"
            px="sm"
            onClick={() => setBrandsOpen((open) => !open)}
            aria-expanded={brandsOpen}
            rightSection={
              <ChevronDownIcon size={14} className={classes.chevron} data-open={brandsOpen || undefined} />
            }
          >
            {t('catalog.brands')}
          </Button>
          {brandsOpen && (
            <ul className={classes.tree}>
              {brands.map((brand) => {
                const active = brand.slug === activeBrand
                // Inside a category a brand link narrows that category; elsewhere it shows the brand.
                const path = activeSlug ? `/${brand.slug}/${activeSlug}` : `/${brand.slug}`
                return (
                  <li key={brand.id}>
                    <NavLink
                      component={Link}
                      to={localePath(path)}
                      label={brand.name}
                      active={active}
                      aria-current={active ? 'page' : undefined}
                      onClick={onNavigate}
                      py={4}
                    />
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </nav>
  )
}
