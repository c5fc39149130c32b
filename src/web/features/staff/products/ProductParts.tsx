import { Anchor, Badge, Stack, Text } from '@mantine/core'
import { Link, useLocation } from 'react-router'
import type { StaffProductRow } from '../../../../contracts/staff-products'
import { imageUrl } from '../../../components/image-url'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'

const P = 'staffProducts'

/** Whether dealers see the product ("Aktif") or not ("Pasif"). */
export function ProductActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge
      color={active ? 'green' : 'gray'}
      variant="light"
      style={{ whiteSpace: 'nowrap', overflow: 'visible' }}
    >
      {t(active ? `${P}.active` : `${P}.inactive`)}
    </Badge>
  )
}

/** The product's main image, small; its name beside it says what it shows. */
export function ProductThumb({ image, size = 40 }: { image: string | null; size?: number }) {
  return (
    <img
      src={imageUrl(image)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'contain', display: 'block', borderRadius: 4 }}
    />
  )
}

/** The editor's address of a product. */
export const editorPath = (id: number | 'yeni') => `/yonetim/urunler/${id}`

/**
 * The product's code as the link to its editor (a variant's family code under it, small). The list's
 * address goes with it, so the editor's way back finds the list as it was.
 */
export function ProductCodeLink({
  row,
}: {
  row: Pick<StaffProductRow, 'id' | 'code' | 'name' | 'parentCode'>
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { search } = useLocation()
  return (
    <Stack gap={0}>
      <Anchor
        component={Link}
        to={localePath(editorPath(row.id))}
        state={{ listSearch: search }}
        fw={600}
        size="sm"
        // The name starts with the code the link shows (WCAG 2.5.3, label in name).
        aria-label={t(`${P}.open`, { code: row.code, name: row.name })}
        data-product-opener={row.id}
      >
        {row.code}
      </Anchor>
      {row.parentCode && (
        <Text size="xs" c="gray.7">
          {t(`${P}.variantOf`, { code: row.parentCode })}
        </Text>
      )}
    </Stack>
  )
}
