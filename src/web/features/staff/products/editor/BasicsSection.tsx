import { Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core'
import { useTranslation } from '../../../../i18n/use-translation'
import { CategorySelect } from '../CategorySelect'
import { useStaffBrands } from '../catalogue-refs-api'
import { BELOW, EditorSection, type SectionProps } from './EditorSection'

const E = 'staffProducts.editor'

/** Code, names, category, brand and model, barcodes and codes, and whether dealers see it. */
export function BasicsSection({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const brands = useStaffBrands()
  const brandCode = form.getValues().brandCode
  const brand = brands.data?.items.find((b) => b.code === brandCode)
  // A model is written by its code: one without a code cannot be chosen here.
  const models = (brand?.models ?? []).flatMap((m) => (m.code ? [{ value: m.code, label: m.name }] : []))
  const combobox = { withinPortal: true }
  return (
    <EditorSection title={t(`${E}.sections.basics`)} testId="editor-basics">
      {() => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextInput
              label={t(`${E}.fields.code`)}
              required
              maxLength={80}
              autoComplete="off"
              readOnly={readOnly}
              {...form.getInputProps('code')}
              data-testid="product-code"
            />
            <TextInput
              label={t(`${E}.fields.name`)}
              required
              maxLength={200}
              autoComplete="off"
              readOnly={readOnly}
              {...form.getInputProps('name')}
              data-testid="product-name"
            />
            <TextInput
              label={t(`${E}.fields.nameEn`)}
              description={t(`${E}.hints.nameEn`)}
              inputWrapperOrder={BELOW}
              maxLength={200}
              autoComplete="off"
              lang="en"
              readOnly={readOnly}
              {...form.getInputProps('nameEn')}
              data-testid="product-name-en"
            />
            <CategorySelect
              by="code"
              label={t(`${E}.fields.category`)}
              required
              readOnly={readOnly}
              allowDeselect={false}
              {...form.getInputProps('categoryCode')}
              data-testid="product-category"
            />
            <Select
              label={t(`${E}.fields.brand`)}
              placeholder={t(`${E}.none`)}
              searchable
              clearable={!readOnly}
              readOnly={readOnly}
              nothingFoundMessage={t('staffProducts.nothingFound')}
              comboboxProps={combobox}
              data={(brands.data?.items ?? []).map((b) => ({
                value: b.code,
                label: `${b.name} (${b.code})`,
              }))}
              {...form.getInputProps('brandCode')}
              onChange={(value) => {
                form.setFieldValue('brandCode', value)
                form.setFieldValue('modelCode', null)
              }}
              data-testid="product-brand"
            />
            <Select
              label={t(`${E}.fields.model`)}
              placeholder={brandCode ? t(`${E}.none`) : t(`${E}.hints.modelNeedsBrand`)}
              searchable
              clearable={!readOnly}
              readOnly={readOnly || !brandCode}
              nothingFoundMessage={t('staffProducts.nothingFound')}
              comboboxProps={combobox}
              data={models}
              {...form.getInputProps('modelCode')}
              data-testid="product-model"
            />
            <TextInput
              label={t(`${E}.fields.barcode`)}
              maxLength={64}
              autoComplete="off"
              readOnly={readOnly}
              {...form.getInputProps('barcode')}
              data-testid="product-barcode"
            />
            <TextInput
              label={t(`${E}.fields.specialCode`)}
              description={t(`${E}.hints.specialCode`)}
              inputWrapperOrder={BELOW}
              maxLength={120}
              autoComplete="off"
              readOnly={readOnly}
              {...form.getInputProps('specialCode')}
              data-testid="product-special-code"
            />
          </SimpleGrid>
          <TagsInput
            label={t(`${E}.fields.equivalentCodes`)}
            description={t(`${E}.hints.equivalentCodes`)}
            maxTags={50}
            splitChars={[',', ' ', ';']}
            clearable={!readOnly}
            readOnly={readOnly}
            {...form.getInputProps('equivalentCodes')}
            data-testid="product-equivalent-codes"
          />
          <Switch
            label={t(`${E}.fields.isActive`)}
            description={t(`${E}.hints.isActive`)}
            disabled={readOnly}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
            data-testid="product-active"
          />
        </>
      )}
    </EditorSection>
  )
}
