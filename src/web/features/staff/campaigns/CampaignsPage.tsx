import { Alert, Anchor, Button, Card, Group, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import { Link } from 'react-router'
import type { Locale } from '../../../../contracts/common'
import type { StaffCampaignRow } from '../../../../contracts/staff-campaigns'
import { AlertIcon, PlusIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { announce } from '../../../lib/announce'
import { describeError } from '../../../lib/error-message'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { MoveButtons, moved } from '../catalogue-setup/MoveButtons'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { CampaignDates, CampaignStatusBadge } from './CampaignStatus'
import { useReorderCampaigns, useStaffCampaigns } from './campaigns-api'

const S = 'staffCampaigns'

/** The campaign's title as the link to its editor; the other language's title under it. */
function TitleLink({ campaign }: { campaign: StaffCampaignRow }) {
  const { locale } = useSession()
  const localePath = useLocalePath()
  const title = titleOf(campaign, locale)
  const other = locale === 'en' ? (campaign.nameEn ? campaign.name : null) : campaign.nameEn
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Anchor
        component={Link}
        to={localePath(`/yonetim/kampanyalar/${campaign.id}`)}
        fw={600}
        size="sm"
        style={{ overflowWrap: 'anywhere' }}
        data-testid="campaign-link"
      >
        {title}
      </Anchor>
      {other && (
        <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
          {other}
        </Text>
      )}
    </Stack>
  )
}

interface ListProps {
  items: StaffCampaignRow[]
  canWrite: boolean
  move: (index: number, delta: -1 | 1) => void
}

/** A campaign's title in the reader's language (English: its English title where it has one). */
const titleOf = (campaign: StaffCampaignRow, locale: Locale) =>
  (locale === 'en' && campaign.nameEn) || campaign.name

function Move({ items, move, index }: Pick<ListProps, 'items' | 'move'> & { index: number }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const campaign = items[index]!
  const name = titleOf(campaign, locale)
  return (
    <MoveButtons
      moveKey={`campaign-${campaign.id}`}
      index={index}
      count={items.length}
      upLabel={t(`${S}.moveUp`, { name })}
      downLabel={t(`${S}.moveDown`, { name })}
      onMove={(delta) => move(index, delta)}
    />
  )
}

function CampaignTable({ items, canWrite, move }: ListProps) {
  const { t } = useTranslation()
  const c = `${S}.columns`
  return (
    <DataTable<StaffCampaignRow>
      withTableBorder
      borderRadius="sm"
      striped
      aria-label={t(`${S}.listLabel`)}
      records={items}
      idAccessor="id"
      data-testid="campaigns-table"
      columns={[
        {
          accessor: 'sortOrder',
          title: '#',
          width: 50,
          textAlign: 'right',
          render: (_c, index) => index + 1,
        },
        { accessor: 'name', title: t(`${c}.title`), render: (campaign) => <TitleLink campaign={campaign} /> },
        {
          accessor: 'status',
          title: t(`${c}.status`),
          render: (campaign) => <CampaignStatusBadge status={campaign.status} />,
        },
        {
          accessor: 'startsAt',
          title: t(`${c}.dates`),
          noWrap: true,
          render: (campaign) => <CampaignDates campaign={campaign} />,
        },
        { accessor: 'productCount', title: t(`${c}.products`), textAlign: 'right', noWrap: true },
        ...(canWrite
          ? [
              {
                accessor: 'order',
                title: t(`${c}.order`),
                textAlign: 'right' as const,
                render: (_campaign: StaffCampaignRow, index: number) => (
                  <Group justify="flex-end">
                    <Move items={items} move={move} index={index} />
                  </Group>
                ),
              },
            ]
          : []),
      ]}
    />
  )
}

function CampaignCards({ items, canWrite, move }: ListProps) {
  const { t } = useTranslation()
  return (
    <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${S}.listLabel`)}>
      {items.map((campaign, index) => (
        <Card component="li" key={campaign.id} withBorder padding="sm" data-testid="campaign-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <TitleLink campaign={campaign} />
            <CampaignStatusBadge status={campaign.status} />
          </Group>
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" mt={6}>
            <Stack gap={2}>
              <CampaignDates campaign={campaign} />
              <Text size="sm" c="gray.7">
                {t(`${S}.productCount`, { count: campaign.productCount })}
              </Text>
            </Stack>
            {canWrite && <Move items={items} move={move} index={index} />}
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

function Campaigns() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const localePath = useLocalePath()
  const { locale } = useSession()
  const canWrite = useStaffCan('catalogue:write')
  const campaigns = useStaffCampaigns()
  const reorder = useReorderCampaigns()
  if (campaigns.isError && !campaigns.data) {
    return (
      <LoadError title={t(`${S}.loadError`)} error={campaigns.error} onRetry={() => campaigns.refetch()} />
    )
  }
  const items = campaigns.data?.items
  const move = (index: number, delta: -1 | 1) => {
    if (!items) return
    reorder.mutate(moved(items, index, delta), {
      onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
    })
    announce(
      t(`${S}.movedTo`, {
        name: titleOf(items[index]!, locale),
        position: index + delta + 1,
        count: items.length,
      }),
    )
  }
  return (
    <Stack gap="md">
      {!canWrite && (
        <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
          {t('staff.roleReadOnlyText')}
        </Alert>
      )}
      {canWrite && (
        <Group justify="flex-end">
          <Button
            component={Link}
            to={localePath('/yonetim/kampanyalar/yeni')}
            leftSection={<PlusIcon size={18} />}
            data-testid="campaign-new"
          >
            {t(`${S}.new`)}
          </Button>
        </Group>
      )}
      {!items ? (
        <Text size="sm" role="status">
          {t(`${S}.loading`)}
        </Text>
      ) : items.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t(`${S}.empty`)}
        </Text>
      ) : phone ? (
        <CampaignCards items={items} canWrite={canWrite} move={move} />
      ) : (
        <CampaignTable items={items} canWrite={canWrite} move={move} />
      )}
    </Stack>
  )
}

/** /yonetim/kampanyalar — the home page's campaigns in their order, with whether dealers see each now. */
export function CampaignsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${S}.title`)} description={t(`${S}.intro`)}>
      <Campaigns />
    </StaffLayout>
  )
}
