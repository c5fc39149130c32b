import { Stack, Title } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'
import classes from './ProductDescription.module.css'

/** The product's description HTML, sanitized by the server before it is stored and served. */
export function ProductDescription({ html }: { html: string | null }) {
  const { t } = useTranslation()
  if (!html?.trim()) return null
  return (
    <Stack component="section" gap="xs" aria-labelledby="product-description">
      <Title order={2} size="h4" id="product-description">
        {t('product.description')}
      </Title>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes descriptions (docs/design.md §7) */}
      <div className={classes.description} dangerouslySetInnerHTML={{ __html: html }} />
    </Stack>
  )
}
