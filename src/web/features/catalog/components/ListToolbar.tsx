import { Button, Group, SegmentedControl, Select } from '@mantine/core'
import type { ReactNode } from 'react'
import type { SortValue } from '../../../../domain/listing'
import { CategoryIcon, GridIcon, ListIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { type ListView, sortChoices, sortLabelKeys } from '../list-params'
import classes from './ListToolbar.module.css'
import { StockOnlyToggle } from './StockOnlyToggle'

export interface ListToolbarProps {
  sort: SortValue
  /** A search offers 'relevance' (its default) among the sorts. */
  isSearch?: boolean
  view: ListView
  onSortChange: (sort: SortValue) => void
  onViewChange: (view: ListView) => void
  /** Opens the category drawer on narrow screens. */
  onOpenCategories: () => void
}

/** Sort, view and the stock-only switch (logged-in users, when the store offers it). */
export function ListToolbar({
  sort,
  isSearch = false,
  view,
  onSortChange,
  onViewChange,
  onOpenCategories,
}: ListToolbarProps) {
  const { t } = useTranslation()
  const { user, bootstrap } = useSession()
  const { b2b_stoktakileri_goster, notInStock } = bootstrap.settings
  const sortOptions = sortChoices(isSearch).map((value) => ({ value, label: t(sortLabelKeys[value]) }))
  // Icons alone on phones; the name stays for screen readers.
  const viewLabel = (icon: ReactNode, text: string) => (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span className={classes.viewText}>{text}</span>
    </Group>
  )

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="wrap">
        <Button
          hiddenFrom="md"
          variant="default"
          leftSection={<CategoryIcon size={16} />}
          onClick={onOpenCategories}
        >
          {t('catalog.categories')}
        </Button>
        {user && b2b_stoktakileri_goster && notInStock && <StockOnlyToggle />}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select
          label={t('catalog.sort')}
          data={sortOptions}
          value={sort}
          onChange={(value) => value && onSortChange(value as SortValue)}
          allowDeselect={false}
          w={262}
          size="sm"
          styles={{
            root: { display: 'flex', alignItems: 'center', gap: 8 },
            label: { whiteSpace: 'nowrap' },
          }}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          aria-label={t('catalog.view')}
          value={view}
          onChange={(value) => onViewChange(value as ListView)}
          data={[
            { value: 'grid', label: viewLabel(<GridIcon size={16} />, t('catalog.grid')) },
            { value: 'list', label: viewLabel(<ListIcon size={16} />, t('catalog.list')) },
          ]}
        />
      </Group>
    </Group>
  )
}
