import { Box, Paper, SegmentedControl, Stack, Text } from '@mantine/core'
import { useId, useState } from 'react'
import { campaignColumns, type SlidesPerView } from '../../../../domain/campaign'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import type { CampaignProduct } from './campaign-form'

const V = 'staffCampaigns.preview'
const SIZES = ['phone', 'tablet', 'desktop'] as const
type Size = (typeof SIZES)[number]
/** Roughly a screen of each size, scaled down. */
const WIDTHS: Record<Size, number> = { phone: 220, tablet: 400, desktop: 640 }

/**
 * What the home page shows of the campaign at one screen width: the first slides side by side, each
 * a column of `rows` cards (domain/campaign.ts lays them out the same way). Drawn from the fields as
 * typed, before saving.
 */
export function CampaignPreview({
  title,
  rows,
  perView,
  products,
}: {
  title: string
  rows: number
  perView: SlidesPerView
  products: CampaignProduct[]
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const [size, setSize] = useState<Size>('desktop')
  const columns = campaignColumns(products, rows)
  const slides = perView[size]
  // Empty places drawn as grey boxes, so the layout shows before any product is added.
  const shown = Array.from({ length: slides }, (_, i) => columns[i] ?? [])
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId} data-testid="campaign-preview">
      <Text id={headingId} fw={600} size="sm">
        {t(`${V}.title`)}
      </Text>
      <SegmentedControl
        size="xs"
        value={size}
        onChange={(value) => setSize(value as Size)}
        data={SIZES.map((s) => ({ value: s, label: t(`${V}.sizes.${s}`) }))}
        aria-label={t(`${V}.size`)}
        style={{ alignSelf: 'flex-start' }}
      />
      <Paper withBorder p="xs" w="100%" maw={WIDTHS[size]} bg="gray.0" aria-hidden="true">
        <Text size="xs" fw={700} mb={6} style={{ overflowWrap: 'anywhere' }}>
          {title || t(`${V}.untitled`)}
        </Text>
        <Box style={{ display: 'grid', gridTemplateColumns: `repeat(${slides}, minmax(0, 1fr))`, gap: 4 }}>
          {shown.map((column, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is its place in the carousel
            <Stack key={c} gap={4}>
              {Array.from({ length: rows }, (_, r) => {
                const product = column[r]
                return (
                  <Box
                    // biome-ignore lint/suspicious/noArrayIndexKey: a card is its place in the slide
                    key={r}
                    bg="white"
                    p={2}
                    style={{
                      border: '1px solid var(--mantine-color-gray-3)',
                      borderRadius: 4,
                      minHeight: 36,
                    }}
                  >
                    {product && (
                      <>
                        <ProductImage file={product.image} alt="" height={28} />
                        <Text size="9px" truncate>
                          {product.code}
                        </Text>
                      </>
                    )}
                  </Box>
                )
              })}
            </Stack>
          ))}
        </Box>
      </Paper>
      <Text size="xs" c="gray.7">
        {columns.length > slides
          ? t(`${V}.scrolls`, { slides, columns: columns.length })
          : t(`${V}.fits`, { columns: columns.length })}
      </Text>
    </Stack>
  )
}
