import { Anchor, Breadcrumbs, Text } from '@mantine/core'
import { Link } from 'react-router'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'

/** Home › category › product. */
export function ProductBreadcrumbs({
  category,
  name,
}: {
  category: { name: string; slug: string } | null
  name: string
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <nav aria-label={t('catalog.breadcrumbs')}>
      <Breadcrumbs separatorMargin={6} styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}>
        <Anchor component={Link} to={localePath('/')} size="sm">
          {t('catalog.home')}
        </Anchor>
        {category && (
          <Anchor component={Link} to={localePath(`/${category.slug}`)} size="sm">
            {category.name}
          </Anchor>
        )}
        <Text size="sm" c="dimmed" aria-current="page" lineClamp={1}>
          {name}
        </Text>
      </Breadcrumbs>
    </nav>
  )
}
