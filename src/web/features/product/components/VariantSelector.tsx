import { Alert, Group, Loader, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'
import { type VariantInfo, type VariantSelection, variantOptions } from '../variant-options'

export interface VariantSelectorProps {
  info: VariantInfo
  selection: VariantSelection
  onChoose: (dimension: number, value: string | null) => void
  busy: boolean
  failed: boolean
}

/** One select per dimension (1–3), offering only values that exist together among the children. */
export function VariantSelector({ info, selection, onChoose, busy, failed }: VariantSelectorProps) {
  const { t } = useTranslation()
  const options = variantOptions(info, selection)
  return (
    <Stack gap="xs" role="group" aria-label={t('product.variants')}>
      <SimpleGrid cols={{ base: 1, xs: Math.min(info.dimensions.length, 3) }} spacing="sm">
        {info.dimensions.map((dimension, index) => (
          <Select
            key={dimension}
            label={dimension}
            placeholder={t('product.choose')}
            data={options[index] ?? []}
            value={selection[index] ?? null}
            onChange={(value) => onChoose(index, value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid={`variant-${index}`}
          />
        ))}
      </SimpleGrid>
      {busy && (
        <Group gap="xs" role="status" data-testid="variant-busy">
          <Loader size="xs" />
          <Text size="sm">{t('product.variantBusy')}</Text>
        </Group>
      )}
      {failed && (
        <Alert color="red" variant="light" p="xs">
          {t('product.variantError')}
        </Alert>
      )}
    </Stack>
  )
}
