import { Group, Stack, UnstyledButton } from '@mantine/core'
import { useState } from 'react'
import type { ProductDetail } from '../../../../contracts/catalog'
import { imageUrl, uploadedImageSources } from '../../../components/image-url'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'

const THUMB = 56

/**
 * The product page's picture: the main image, and when staff uploaded more than one, a row of small
 * ones under it to show each in its place (buttons, so the keyboard reaches them; the one shown is
 * pressed).
 */
export function ProductGallery({ product, height }: { product: ProductDetail; height: number }) {
  const { t } = useTranslation()
  const gallery = product.gallery ?? []
  const [shown, setShown] = useState<string | null>(null)
  const current = shown && gallery.includes(shown) ? shown : product.image
  const picture = <ProductImage file={current} alt={product.name} height={height} priority />
  if (gallery.length < 2) return picture
  return (
    <Stack gap="xs">
      {picture}
      <Group gap={6} role="group" aria-label={t('productImages.gallery')}>
        {gallery.map((name, i) => (
          <UnstyledButton
            key={name}
            onClick={() => setShown(name)}
            aria-pressed={name === current}
            aria-label={t('productImages.show', { n: i + 1 })}
            style={{
              border: `2px solid ${name === current ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-3)'}`,
              borderRadius: 4,
              padding: 2,
              lineHeight: 0,
            }}
          >
            <img
              src={uploadedImageSources(name, THUMB)?.webp ?? imageUrl(name)}
              alt=""
              width={THUMB}
              height={THUMB}
              loading="lazy"
              style={{ width: THUMB, height: THUMB, objectFit: 'contain' }}
            />
          </UnstyledButton>
        ))}
      </Group>
    </Stack>
  )
}
