import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { useState } from 'react'
import { useTranslation } from '../../../i18n/use-translation'
import { CategorySelect } from './CategorySelect'
import { useStaffBrands } from './catalogue-refs-api'
import { useProductFilters } from './use-product-filters'

const F = 'staffProducts.filters'

/** The table's search, category, brand and status; each change starts again at the first page. */
export function ProductFilters() {
  const { t } = useTranslation()
  const { filters, change } = useProductFilters()
  const brands = useStaffBrands()
  const [q, setQ] = useState(filters.q)
  const sendQ = useDebouncedCallback((value: string) => change({ q: value.trim() }), 350)
  const active = filters.active === null ? 'all' : String(filters.active)
  const width = { base: '100%', sm: 220 }
  return (
    <Group
      component="form"
      role="search"
      aria-label={t(`${F}.label`)}
      align="flex-end"
      gap="sm"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault()
        change({ q: q.trim() })
      }}
    >
      <TextInput
        label={t(`${F}.q`)}
        placeholder={t(`${F}.qPlaceholder`)}
        value={q}
        maxLength={100}
        onChange={(event) => {
          setQ(event.currentTarget.value)
          sendQ(event.currentTarget.value)
        }}
        w={{ base: '100%', sm: 260 }}
        data-testid="products-filter-q"
      />
      <CategorySelect
        by="id"
        label={t(`${F}.category`)}
        placeholder={t(`${F}.any`)}
        clearable
        value={filters.categoryId === null ? null : String(filters.categoryId)}
        onChange={(value) => change({ categoryId: value ? Number(value) : null })}
        w={width}
        data-testid="products-filter-category"
      />
      <Select
        label={t(`${F}.brand`)}
        placeholder={t(`${F}.any`)}
        searchable
        clearable
        nothingFoundMessage={t('staffProducts.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        data={(brands.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
        value={filters.brandId === null ? null : String(filters.brandId)}
        onChange={(value) => change({ brandId: value ? Number(value) : null })}
        w={width}
        data-testid="products-filter-brand"
      />
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id="products-filter-active">
          {t(`${F}.active`)}
        </Text>
        <SegmentedControl
          aria-labelledby="products-filter-active"
          value={active}
          onChange={(value) => change({ active: value === 'all' ? null : value === 'true' })}
          data={[
            { value: 'all', label: t(`${F}.all`) },
            { value: 'true', label: t(`${F}.activeOnly`) },
            { value: 'false', label: t(`${F}.inactiveOnly`) },
          ]}
          data-testid="products-filter-active"
        />
      </Stack>
    </Group>
  )
}
