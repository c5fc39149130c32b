import { Alert, NativeSelect, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core'
import { useSearchParams } from 'react-router'
import {
  SETTING_GROUPS,
  type SettingGroup,
  type SettingItem,
} from '../../../../contracts/store-settings-admin'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { SettingField } from './SettingField'
import { SettingsPreview } from './SettingsPreview'
import { StoreLogoField } from './StoreLogoField'
import { useStoreSettings } from './store-settings-api'

const N = 'storeSettings'
const isGroup = (value: string | null): value is SettingGroup =>
  value !== null && (SETTING_GROUPS as readonly string[]).includes(value)

function GroupPanel({ items, canWrite }: { items: SettingItem[]; canWrite: boolean }) {
  const { t } = useTranslation()
  return (
    <Stack gap="lg" pt="md">
      <SettingsPreview group={items[0]!.group} items={items} />
      {items[0]!.group === 'store' && <StoreLogoField canWrite={canWrite} />}
      {items.map((item) => (
        <Stack key={item.key} gap={2}>
          <SettingField item={item} canWrite={canWrite} />
          {item.dealerFacing && (
            // Under a switch the note lines up with the switch's own label and help.
            <Text size="xs" c="gray.7" pl={item.type === 'boolean' ? 48 : 0}>
              {t(`${N}.dealerFacing`)}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  )
}

function Settings() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const settings = useStoreSettings()
  const phone = usePhoneLayout()
  const [search, setSearch] = useSearchParams()
  const asked = search.get('grup')
  const group: SettingGroup = isGroup(asked) ? asked : 'store'
  const choose = (next: string | null) => {
    if (isGroup(next)) setSearch({ grup: next }, { replace: true })
  }

  if (settings.isError) {
    return <LoadError title={t(`${N}.error`)} error={settings.error} onRetry={() => settings.refetch()} />
  }
  if (!settings.data) {
    return (
      <Stack gap="sm" maw={640} role="status" aria-label={t(`${N}.loading`)}>
        <Skeleton height={32} />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  }
  const items = settings.data.items
  const readOnly = !canWrite && (
    <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
      {t('staff.roleReadOnlyText')}
    </Alert>
  )
  // Nine topics do not fit a phone's width as tabs: there the topic is a list to choose from.
  if (phone) {
    return (
      <Stack gap="md">
        {readOnly}
        <NativeSelect
          label={t(`${N}.section`)}
          data={SETTING_GROUPS.map((g) => ({ value: g, label: t(`${N}.groups.${g}`) }))}
          value={group}
          onChange={(event) => choose(event.currentTarget.value)}
        />
        <GroupPanel items={items.filter((item) => item.group === group)} canWrite={canWrite} />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      {readOnly}
      <Tabs value={group} onChange={choose} keepMounted={false}>
        <Paper withBorder={false} style={{ overflowX: 'auto' }}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {SETTING_GROUPS.map((g) => (
              <Tabs.Tab key={g} value={g} style={{ whiteSpace: 'nowrap' }}>
                {t(`${N}.groups.${g}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Paper>
        {SETTING_GROUPS.map((g) => (
          <Tabs.Panel key={g} value={g}>
            <GroupPanel items={items.filter((item) => item.group === g)} canWrite={canWrite} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}

/** /yonetim/ayarlar — every store setting by topic, each saved on its own, with a preview of what dealers see. */
export function StoreSettingsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${N}.title`)} description={t(`${N}.intro`)}>
      <Settings />
    </StaffLayout>
  )
}
