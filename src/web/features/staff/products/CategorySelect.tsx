import { Select, type SelectProps } from '@mantine/core'
import type { StaffCategory } from '../../../../contracts/staff-catalogue'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { categoryName, useStaffCategories } from './catalogue-refs-api'

/** Each level of the tree steps this far in. */
const INDENT_PX = 14

/**
 * A category picked from the tree (GET /yonetim/categories), each shown under its parent, stepped in
 * by its depth. The value is the category's id (`by="id"`, the table's filter) or its code (the
 * editor and the bulk move write categories by code).
 */
export function CategorySelect({
  by,
  ...props
}: { by: 'id' | 'code' } & Omit<SelectProps, 'data' | 'renderOption'>) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const categories = useStaffCategories()
  const items = categories.data?.items ?? []
  const depthOf = new Map<string, number>()
  const optionValue = (c: StaffCategory) => (by === 'id' ? String(c.id) : c.code)
  const data = items.map((c) => {
    depthOf.set(optionValue(c), c.depth)
    return {
      value: optionValue(c),
      label: by === 'code' ? `${categoryName(c, locale)} (${c.code})` : categoryName(c, locale),
    }
  })
  return (
    <Select
      searchable
      nothingFoundMessage={t('staffProducts.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      renderOption={({ option }) => (
        <span style={{ paddingLeft: (depthOf.get(option.value) ?? 0) * INDENT_PX }}>{option.label}</span>
      )}
    />
  )
}
