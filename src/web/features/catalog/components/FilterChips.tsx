import { Badge, CloseButton, Group } from '@mantine/core'
import type { ProductList } from '../../../../contracts/catalog'
import { useTranslation } from '../../../i18n/use-translation'

export interface FilterChipsProps {
  list: ProductList
  /** The brand narrows a category or a search (not a brand's own page). */
  brandIsFilter: boolean
  onRemoveBrand: () => void
  onRemoveModel: () => void
}

function Chip({
  label,
  removeLabel,
  onRemove,
}: {
  label: string
  removeLabel: string
  onRemove: () => void
}) {
  return (
    <Badge
      variant="light"
      size="lg"
      tt="none"
      pr={4}
      rightSection={<CloseButton size="xs" onClick={onRemove} aria-label={removeLabel} />}
    >
      {label}
    </Badge>
  )
}

/** The brand and model filters in force, each removable. */
export function FilterChips({ list, brandIsFilter, onRemoveBrand, onRemoveModel }: FilterChipsProps) {
  const { t } = useTranslation()
  const brand = brandIsFilter ? list.brand : null
  if (!brand && !list.model) return null
  return (
    <Group gap="xs" role="group" aria-label={t('catalog.activeFilters')}>
      {brand && (
        <Chip
          label={t('catalog.brandFilter', { name: brand.name })}
          removeLabel={t('catalog.removeFilter', { name: brand.name })}
          onRemove={onRemoveBrand}
        />
      )}
      {list.model && (
        <Chip
          label={t('catalog.modelFilter', { name: list.model.name })}
          removeLabel={t('catalog.removeFilter', { name: list.model.name })}
          onRemove={onRemoveModel}
        />
      )}
    </Group>
  )
}
