import { Anchor, Group, Radio, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { Link } from 'react-router'
import type { StaffProduct } from '../../../../../contracts/staff-products'
import { useTranslation } from '../../../../i18n/use-translation'
import { useLocalePath } from '../../../../lib/session-context'
import { editorPath, ProductActiveBadge } from '../ProductParts'
import { useStaffProduct, useStaffProducts } from '../staff-products-api'
import { EditorSection, type SectionProps } from './EditorSection'
import { MAX_VARIANT_DIMENSIONS, type VariantKind } from './product-form'

const E = 'staffProducts.editor'
const V = `${E}.variants`
const KINDS: VariantKind[] = ['plain', 'parent', 'variant']

/** The parent product a variant names by code (found through the table's search), once typed. */
function useParentByCode(typed: string) {
  const [code] = useDebouncedValue(typed.trim(), 400)
  const list = useStaffProducts(
    { q: code, categoryId: null, brandId: null, active: null, sort: 'code', dir: 'asc', page: 1 },
    code !== '',
  )
  const row = list.data?.items.find((p) => p.code === code && p.parentCode === null)
  const parent = useStaffProduct(row?.id ?? null)
  const searched = code !== '' && list.data !== undefined && !list.isFetching
  return { code, parent: row ? (parent.data ?? null) : null, id: row?.id ?? null, missing: searched && !row }
}

function VariantFields({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const values = form.getValues()
  const found = useParentByCode(values.parentCode)
  const dimensions = found.parent?.variantDimensions ?? []
  const count = Math.max(1, Math.min(MAX_VARIANT_DIMENSIONS, dimensions.length || MAX_VARIANT_DIMENSIONS))
  return (
    <Stack gap="sm">
      <TextInput
        label={t(`${V}.parentCode`)}
        description={t(`${V}.parentCodeHint`)}
        required
        maxLength={80}
        autoComplete="off"
        readOnly={readOnly}
        {...form.getInputProps('parentCode')}
        data-testid="product-parent-code"
      />
      {found.id !== null && (
        <Text size="sm">
          {t(`${V}.parentIs`)}{' '}
          <Anchor component={Link} to={localePath(editorPath(found.id))}>
            {found.parent ? `${found.parent.name} (${found.parent.code})` : found.code}
          </Anchor>
        </Text>
      )}
      {found.missing && (
        <Text size="sm" c="orange.9">
          {t(`${V}.parentMissing`, { code: found.code })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {Array.from({ length: count }, (_, i) => (
          <TextInput
            // biome-ignore lint/suspicious/noArrayIndexKey: the values are the parent's dimensions, by position
            key={i}
            label={dimensions[i] ?? t(`${V}.value`, { n: i + 1 })}
            required={i === 0}
            maxLength={80}
            autoComplete="off"
            readOnly={readOnly}
            {...form.getInputProps(`variantValues.${i}`)}
            data-testid={`product-variant-value-${i}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** A parent's variants, each a link to its editor. */
function VariantList({ variants }: { variants: StaffProduct['variants'] }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  if (variants.length === 0) return <Text size="sm">{t(`${V}.noVariants`)}</Text>
  return (
    <Stack
      component="ul"
      gap={6}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t(`${V}.listTitle`)}
      data-testid="product-variants"
    >
      {variants.map((v) => (
        <Group component="li" key={v.id} gap="sm" wrap="wrap">
          <Anchor component={Link} to={localePath(editorPath(v.id))} fw={600} size="sm">
            {v.code}
          </Anchor>
          <Text size="sm">{v.values.join(' / ') || '—'}</Text>
          <ProductActiveBadge active={v.active} />
        </Group>
      ))}
    </Stack>
  )
}

/**
 * The product's family: a plain product, a parent naming its variants' dimensions (Renk, Beden; one
 * to three), or a variant naming its parent's code and its values in those dimensions. A parent
 * lists its variants.
 */
export function VariantsSection({
  form,
  readOnly,
  variants,
}: SectionProps & { variants: StaffProduct['variants'] | null }) {
  const { t } = useTranslation()
  const kind = form.getValues().variantKind
  return (
    <EditorSection title={t(`${E}.sections.variants`)} testId="editor-variants">
      {() => (
        <>
          <Radio.Group
            label={t(`${V}.kind`)}
            value={kind}
            onChange={(value) => form.setFieldValue('variantKind', value as VariantKind)}
          >
            <Group gap="lg" mt={6}>
              {KINDS.map((k) => (
                <Radio
                  key={k}
                  value={k}
                  label={t(`${V}.kinds.${k}`)}
                  disabled={readOnly}
                  data-testid={`product-kind-${k}`}
                />
              ))}
            </Group>
          </Radio.Group>
          {kind === 'parent' && (
            <TagsInput
              label={t(`${V}.dimensions`)}
              description={t(`${V}.dimensionsHint`)}
              required
              maxTags={MAX_VARIANT_DIMENSIONS}
              readOnly={readOnly}
              {...form.getInputProps('variantDimensions')}
              data-testid="product-variant-dimensions"
            />
          )}
          {kind === 'variant' && <VariantFields form={form} readOnly={readOnly} />}
          {kind === 'parent' && variants !== null && (
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {t(`${V}.listTitle`)}
              </Text>
              <VariantList variants={variants} />
            </Stack>
          )}
        </>
      )}
    </EditorSection>
  )
}
