import { Button, Group, Loader, Modal, Select, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { useState } from 'react'
import { SearchIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useCategoryProducts, useSubcategories } from './fault-report-api'

const loading = (busy: boolean) => (busy ? <Loader size="xs" aria-hidden /> : undefined)

/**
 * One level of the cascade: the subcategories of `parent` (0: the base categories). A level under a
 * category without subcategories is not shown; a failed load leaves it empty (logged, spec/2 §8).
 */
function CategoryLevel(props: {
  parent: number
  level: number
  value: number | null
  onChange: (id: number | null) => void
}) {
  const { t } = useTranslation()
  const categories = useSubcategories(props.parent)
  const options = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))
  if (props.level > 0 && categories.isSuccess && options.length === 0) return null
  return (
    <Select
      label={
        props.level === 0
          ? t('faultReport.picker.baseCategory')
          : t('faultReport.picker.subCategory', { level: props.level })
      }
      placeholder={t('faultReport.picker.categoryPlaceholder')}
      data={options}
      value={props.value === null ? null : String(props.value)}
      onChange={(value) => props.onChange(value === null ? null : Number(value))}
      disabled={categories.isPending}
      rightSection={loading(categories.isPending)}
      aria-busy={categories.isPending || undefined}
      searchable
      allowDeselect={false}
      data-autofocus={props.level === 0 || undefined}
      data-testid={`fault-picker-level-${props.level}`}
    />
  )
}

/** The products of the last chosen category, once it has any; a leaf without products says so. */
function ProductLevel({ categoryId, onPick }: { categoryId: number; onPick: (code: string) => void }) {
  const { t } = useTranslation()
  const products = useCategoryProducts(categoryId)
  const children = useSubcategories(categoryId)
  if (products.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm" c="dimmed">
          {t('faultReport.picker.loading')}
        </Text>
      </Group>
    )
  }
  const options = (products.data ?? []).map((p) => ({ value: p.code, label: `${p.code} - ${p.name}` }))
  if (options.length === 0) {
    // A leaf with nothing in it; a category with subcategories goes on in the next select instead.
    return products.isSuccess && children.isSuccess && children.data.length === 0 ? (
      <Text size="sm" c="dimmed" data-testid="fault-picker-empty">
        {t('faultReport.picker.empty')}
      </Text>
    ) : null
  }
  return (
    <Select
      label={t('faultReport.picker.product')}
      placeholder={t('faultReport.picker.productPlaceholder')}
      data={options}
      value={null}
      onChange={(code) => {
        if (code) onPick(code)
      }}
      searchable
      limit={100}
      nothingFoundMessage={t('faultReport.picker.nothingFound')}
      data-testid="fault-picker-product"
    />
  )
}

/**
 * 'Ürün Seç' opens 'Ürün Seçiniz' (spec/2 §2 fault report picker): a base category, then a select per
 * subcategory level ('Kategori Seçiniz...'), then, once the chosen category has products, the product
 * ('Ürün Seçiniz...'). Picking one hands its code to the form and closes the modal. The chosen path is
 * kept, so opening it again starts where the user left off.
 */
export function FaultProductPicker({ onPick }: { onPick: (code: string) => void }) {
  const { t } = useTranslation()
  const [opened, { open, close }] = useDisclosure(false)
  const [path, setPath] = useState<number[]>([])
  const choose = (level: number, id: number | null) =>
    setPath((current) => (id === null ? current.slice(0, level) : [...current.slice(0, level), id]))
  const last = path.at(-1)
  return (
    <>
      <Button
        variant="default"
        leftSection={<SearchIcon size={16} />}
        onClick={open}
        data-testid="fault-picker-open"
      >
        {t('faultReport.picker.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('faultReport.picker.title')} size="lg">
        <Stack gap="md">
          {[0, ...path].map((parent, level) => (
            <CategoryLevel
              key={parent}
              parent={parent}
              level={level}
              value={path[level] ?? null}
              onChange={(id) => choose(level, id)}
            />
          ))}
          {last !== undefined && (
            <ProductLevel
              key={last}
              categoryId={last}
              onPick={(code) => {
                onPick(code)
                close()
              }}
            />
          )}
        </Stack>
      </Modal>
    </>
  )
}
