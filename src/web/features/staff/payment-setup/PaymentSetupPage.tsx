import { Alert, NativeSelect, Paper, Stack, Tabs } from '@mantine/core'
import { useSearchParams } from 'react-router'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { BanksTab } from './BanksTab'
import { BinTab } from './BinTab'
import { GatewayTab } from './GatewayTab'
import { PlansTab } from './PlansTab'

const P = 'paymentSetup'

/** The tabs, by the word the address carries (?sekme=…). */
const SECTIONS = ['planlar', 'bankalar', 'bin', 'pos'] as const
type Section = (typeof SECTIONS)[number]
const isSection = (value: string | null): value is Section =>
  value !== null && (SECTIONS as readonly string[]).includes(value)

function Panel({ section }: { section: Section }) {
  if (section === 'planlar') return <PlansTab />
  if (section === 'bankalar') return <BanksTab />
  if (section === 'bin') return <BinTab />
  return <GatewayTab />
}

function Setup() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const phone = usePhoneLayout()
  const [search, setSearch] = useSearchParams()
  const asked = search.get('sekme')
  const section: Section = isSection(asked) ? asked : 'planlar'
  const choose = (next: string | null) => {
    if (isSection(next)) setSearch({ sekme: next }, { replace: true })
  }
  const readOnly = !canWrite && (
    <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
      {t('staff.roleReadOnlyText')}
    </Alert>
  )
  // Four tabs do not fit a phone's width with their words: there the section is a list to choose from.
  if (phone) {
    return (
      <Stack gap="md">
        {readOnly}
        <NativeSelect
          label={t(`${P}.section`)}
          data={SECTIONS.map((s) => ({ value: s, label: t(`${P}.tabs.${s}`) }))}
          value={section}
          onChange={(event) => choose(event.currentTarget.value)}
          data-testid="payment-setup-section"
        />
        <Panel section={section} />
      </Stack>
    )
  }
  return (
    <Stack gap="md">
      {readOnly}
      <Tabs value={section} onChange={choose} keepMounted={false}>
        <Paper withBorder={false} style={{ overflowX: 'auto' }}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {SECTIONS.map((s) => (
              <Tabs.Tab key={s} value={s} style={{ whiteSpace: 'nowrap' }}>
                {t(`${P}.tabs.${s}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Paper>
        {SECTIONS.map((s) => (
          <Tabs.Panel key={s} value={s} pt="md">
            <Panel section={s} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  )
}

/**
 * /yonetim/odeme-ayarlari — the payment setup: payment plans and the price column each charges, banks
 * with their installment plans, the BIN list import (preview, then apply) and the virtual POS.
 */
export function PaymentSetupPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${P}.title`)} description={t(`${P}.intro`)}>
      <Setup />
    </StaffLayout>
  )
}
