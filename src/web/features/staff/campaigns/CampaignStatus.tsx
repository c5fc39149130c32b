import { Badge, Stack, Text } from '@mantine/core'
import type { CampaignStatus, StaffCampaignRow } from '../../../../contracts/staff-campaigns'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'

const S = 'staffCampaigns'
const COLORS: Record<CampaignStatus, string> = {
  shown: 'green',
  scheduled: 'blue',
  ended: 'orange',
  off: 'gray',
}

/** Whether dealers see the campaign now: shown, scheduled, ended or switched off. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={COLORS[status]} variant="light" tt="none" data-testid="campaign-status">
      {t(`${S}.status.${status}`)}
    </Badge>
  )
}

/** The dates a campaign is shown between, in the store's time zone; each open end said in words. */
export function CampaignDates({ campaign }: { campaign: Pick<StaffCampaignRow, 'startsAt' | 'endsAt'> }) {
  const { t } = useTranslation()
  const dates = useDates()
  if (!campaign.startsAt && !campaign.endsAt) {
    return (
      <Text size="sm" c="gray.7">
        {t(`${S}.dates.always`)}
      </Text>
    )
  }
  return (
    <Stack gap={0}>
      <Text size="sm">
        {t(`${S}.dates.from`, {
          date: campaign.startsAt ? dates.dateTime(campaign.startsAt) : t(`${S}.dates.open`),
        })}
      </Text>
      <Text size="sm">
        {t(`${S}.dates.until`, {
          date: campaign.endsAt ? dates.dateTime(campaign.endsAt) : t(`${S}.dates.open`),
        })}
      </Text>
    </Stack>
  )
}
