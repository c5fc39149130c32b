import { Button, Group, Stack } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { PlusIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { BulkActions, type BulkKind } from './BulkActions'
import { BulkProgress } from './BulkProgress'
import { ProductFilters } from './ProductFilters'
import { editorPath } from './ProductParts'
import { ProductsList } from './ProductsList'

const P = 'staffProducts'

/**
 * /yonetim/urunler — every product, variants too: searched, filtered and sorted in the address, each
 * row opening its editor. Those who write the catalogue add products and run bulk actions on the
 * filter's products.
 */
export function StaffProductsPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const canWrite = useStaffCan('catalogue:write')
  const [bulk, setBulk] = useState<{ jobId: number; kind: BulkKind } | null>(null)
  return (
    <StaffLayout title={t(`${P}.title`)} description={t(`${P}.description`)}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <ProductFilters />
          {canWrite && (
            <Group gap="sm" wrap="wrap">
              <BulkActions onStarted={(jobId, kind) => setBulk({ jobId, kind })} />
              <Button
                component={Link}
                to={localePath(editorPath('yeni'))}
                leftSection={<PlusIcon size={18} />}
                data-testid="product-new"
              >
                {t(`${P}.new`)}
              </Button>
            </Group>
          )}
        </Group>
        {bulk && (
          <BulkProgress key={bulk.jobId} jobId={bulk.jobId} kind={bulk.kind} onClose={() => setBulk(null)} />
        )}
        <ProductsList />
      </Stack>
    </StaffLayout>
  )
}
