import { NumberInput, SimpleGrid, Text } from '@mantine/core'
import { useTranslation } from '../../../../i18n/use-translation'
import { BELOW, EditorSection, type SectionProps } from './EditorSection'

const E = 'staffProducts.editor'

/** The quantity in each warehouse (base units); a line left as it was is not sent. */
export function StockSection({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const stock = form.getValues().stock
  return (
    <EditorSection title={t(`${E}.sections.stock`)} hint={t(`${E}.hints.stock`)} testId="editor-stock">
      {() =>
        stock.length === 0 ? (
          <Text size="sm">{t(`${E}.noWarehouses`)}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md">
            {stock.map((line, i) => (
              <NumberInput
                key={line.warehouseCode}
                label={line.warehouseName}
                description={line.warehouseCode}
                inputWrapperOrder={BELOW}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="none"
                thousandSeparator={false}
                readOnly={readOnly}
                {...form.getInputProps(`stock.${i}.quantity`)}
                data-testid={`product-stock-${line.warehouseCode}`}
              />
            ))}
          </SimpleGrid>
        )
      }
    </EditorSection>
  )
}
