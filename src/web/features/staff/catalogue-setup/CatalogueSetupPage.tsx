import { Alert, NativeSelect, Stack, Tabs } from '@mantine/core'
import { useSearchParams } from 'react-router'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { BrandsPanel } from './BrandsPanel'
import { CategoriesPanel } from './CategoriesPanel'
import { WarehousesPanel } from './WarehousesPanel'

const N = 'catalogueSetup'

/** The tabs, by their Turkish names in the address (`?sekme=`). */
const TABS = ['kategoriler', 'markalar', 'depolar'] as const
type Tab = (typeof TABS)[number]
const TAB_KEYS = { kategoriler: 'categories', markalar: 'brands', depolar: 'warehouses' } as const
const isTab = (value: string | null): value is Tab =>
  value !== null && (TABS as readonly string[]).includes(value)

function Panel({ tab, canWrite }: { tab: Tab; canWrite: boolean }) {
  if (tab === 'markalar') return <BrandsPanel canWrite={canWrite} />
  if (tab === 'depolar') return <WarehousesPanel canWrite={canWrite} />
  return <CategoriesPanel canWrite={canWrite} />
}

function Setup() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('catalogue:write')
  const phone = usePhoneLayout()
  const [search, setSearch] = useSearchParams()
  const asked = search.get('sekme')
  const tab: Tab = isTab(asked) ? asked : 'kategoriler'
  const choose = (next: string | null) => {
    if (isTab(next)) setSearch({ sekme: next }, { replace: true })
  }
  const label = (value: Tab) => t(`${N}.tabs.${TAB_KEYS[value]}`)
  const readOnly = !canWrite && (
    <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
      {t('staff.roleReadOnlyText')}
    </Alert>
  )
  // On a phone the part is a list to choose from, as on the settings screen.
  if (phone) {
    return (
      <Stack gap="md">
        {readOnly}
        <NativeSelect
          label={t(`${N}.section`)}
          data={TABS.map((value) => ({ value, label: label(value) }))}
          value={tab}
          onChange={(event) => choose(event.currentTarget.value)}
        />
        <Panel tab={tab} canWrite={canWrite} />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      {readOnly}
      <Tabs value={tab} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {label(value)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            <Panel tab={value} canWrite={canWrite} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}

/**
 * /yonetim/kategoriler — the catalogue's reference data: the category tree, the brands with their
 * models and the warehouses. Codes are the ERP's keys, given once; names and order change here.
 */
export function CatalogueSetupPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${N}.title`)} description={t(`${N}.intro`)}>
      <Setup />
    </StaffLayout>
  )
}
