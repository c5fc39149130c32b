import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams } from 'react-router'
import type { StaffCampaign } from '../../../../contracts/staff-campaigns'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes'
import { useFormFailure } from '../catalogue-setup/FormModal'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { CampaignPreview } from './CampaignPreview'
import { CampaignProducts } from './CampaignProducts'
import { CampaignStatusBadge } from './CampaignStatus'
import { instantOfField } from './campaign-dates'
import {
  type CampaignValues,
  campaignValuesOf,
  changedFields,
  createBody,
  newCampaignValues,
} from './campaign-form'
import { useChangeCampaign, useCreateCampaign, useStaffCampaign } from './campaigns-api'

const S = 'staffCampaigns'
const E = `${S}.editor`

/** The fields the server may name in a refusal, each shown under its own field. */
const FIELDS = [
  'name',
  'nameEn',
  'rowCount',
  'slidesPerView',
  'slidesPerView.phone',
  'slidesPerView.tablet',
  'slidesPerView.desktop',
  'startsAt',
  'endsAt',
  'active',
  'productIds',
] as const

const SIZES = ['phone', 'tablet', 'desktop'] as const
const ROWS = [1, 2, 3, 4].map(String)
const SLIDES = [1, 2, 3, 4, 5, 6, 7, 8].map(String)

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="sm" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

/** The editor: every field, saved together; a new campaign is created, a stored one sends only what changed. */
function CampaignEditor({
  campaign,
  start,
  canWrite,
}: {
  campaign: StaffCampaign | null
  start: CampaignValues
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const { timeZone } = bootstrap.settings
  const navigate = useNavigate()
  const localePath = useLocalePath()
  const location = useLocation()
  const create = useCreateCampaign()
  const change = useChangeCampaign(campaign?.id ?? 0)
  const failure = useFormFailure(FIELDS)
  const [saved, setSaved] = useState(start)
  const [values, setValues] = useState(start)
  const form = useRef<HTMLFormElement>(null)
  const changes = changedFields(saved, values, timeZone)
  const dirty = Object.keys(changes).length > 0
  useUnsavedChangesWarning(canWrite && dirty)

  // A campaign just created opens here with the keyboard's focus back on the save button.
  const created = (location.state as { created?: boolean } | null)?.created === true
  useEffect(() => {
    if (created) form.current?.querySelector<HTMLElement>('[data-testid="campaign-save"]')?.focus()
  }, [created])

  const set = <K extends keyof CampaignValues>(key: K, value: CampaignValues[K], field: string = key) => {
    setValues((current) => ({ ...current, [key]: value }))
    failure.clear(field)
  }
  const busy = create.isPending || change.isPending
  const submit = () => {
    if (busy) return
    failure.clear()
    // The server refuses an end not after the start with a plain "invalid": said here in words first.
    const [from, until] = [instantOfField(values.startsAt, timeZone), instantOfField(values.endsAt, timeZone)]
    if (from && until && Date.parse(until) <= Date.parse(from)) {
      failure.show({ endsAt: t(`${E}.endsBeforeStart`) })
      return
    }
    if (campaign === null) {
      create.mutate(createBody(values, timeZone), {
        onSuccess: (made) => {
          notifications.show({ color: 'green', message: t(`${E}.created`, { name: made.name }) })
          navigate(localePath(`/yonetim/kampanyalar/${made.id}`), { replace: true, state: { created: true } })
        },
        onError: (error) => failure.fail(error),
      })
      return
    }
    if (!dirty) {
      notifications.show({ message: t(`${E}.nothingChanged`) })
      return
    }
    change.mutate(changes, {
      onSuccess: (stored) => {
        const next = campaignValuesOf(stored, timeZone)
        setSaved(next)
        setValues(next)
        notifications.show({ color: 'green', message: t(`${E}.saved`, { name: stored.name }) })
      },
      onError: (error) => failure.fail(error),
    })
  }
  const fieldError = (field: (typeof FIELDS)[number]) => failure.fields[field]
  const perViewError = (size: (typeof SIZES)[number]) =>
    fieldError(`slidesPerView.${size}`) ?? (size === 'phone' ? fieldError('slidesPerView') : undefined)

  return (
    <form
      ref={form}
      noValidate
      aria-label={campaign ? t(`${E}.formLabel`, { name: campaign.name }) : t(`${E}.newTitle`)}
      onSubmit={(event) => {
        event.preventDefault()
        if (canWrite) submit()
      }}
      data-testid="campaign-form"
    >
      <Stack gap="md" maw={880}>
        <Section title={t(`${E}.titles`)}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t(`${E}.name`)}
              required
              value={values.name}
              maxLength={200}
              readOnly={!canWrite}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={fieldError('name')}
              data-testid="campaign-name"
            />
            <TextInput
              label={t(`${E}.nameEn`)}
              description={t(`${E}.nameEnHelp`)}
              value={values.nameEn}
              maxLength={200}
              readOnly={!canWrite}
              onChange={(event) => set('nameEn', event.currentTarget.value)}
              error={fieldError('nameEn')}
              data-testid="campaign-name-en"
            />
          </SimpleGrid>
        </Section>

        <Section title={t(`${E}.schedule`)}>
          <Text size="sm" c="gray.7">
            {t(`${E}.scheduleHelp`, { zone: timeZone })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(['startsAt', 'endsAt'] as const).map((field) => (
              <Stack key={field} gap={4}>
                <TextInput
                  type="datetime-local"
                  label={t(`${E}.${field}`)}
                  value={values[field]}
                  readOnly={!canWrite}
                  onChange={(event) => set(field, event.currentTarget.value)}
                  error={fieldError(field)}
                  data-testid={`campaign-${field}`}
                />
                {canWrite && values[field] !== '' && (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => set(field, '')}
                  >
                    {t(`${E}.clear.${field}`)}
                  </Anchor>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          <Switch
            label={t(`${E}.active`)}
            description={t(`${E}.activeHelp`)}
            checked={values.active}
            disabled={!canWrite}
            onChange={(event) => set('active', event.currentTarget.checked)}
            error={fieldError('active')}
            data-testid="campaign-active"
          />
        </Section>

        <Section title={t(`${E}.layout`)}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <NativeSelect
              label={t(`${E}.rows`)}
              data={ROWS}
              value={String(values.rowCount)}
              disabled={!canWrite}
              onChange={(event) => set('rowCount', Number(event.currentTarget.value))}
              error={fieldError('rowCount')}
              data-testid="campaign-rows"
            />
            {SIZES.map((size) => (
              <NativeSelect
                key={size}
                label={t(`${E}.perView.${size}`)}
                data={SLIDES}
                value={String(values.slidesPerView[size])}
                disabled={!canWrite}
                onChange={(event) =>
                  set(
                    'slidesPerView',
                    { ...values.slidesPerView, [size]: Number(event.currentTarget.value) },
                    `slidesPerView.${size}`,
                  )
                }
                error={perViewError(size)}
                data-testid={`campaign-per-view-${size}`}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="gray.7">
            {t(`${E}.layoutHelp`)}
          </Text>
          <CampaignPreview
            // The title the reader's own language would show on the home page.
            title={(locale === 'en' && values.nameEn.trim()) || values.name}
            rows={values.rowCount}
            perView={values.slidesPerView}
            products={values.products}
          />
        </Section>

        <Section title={t(`${E}.productsTitle`, { count: values.products.length })}>
          <CampaignProducts
            products={values.products}
            onChange={(products) => set('products', products, 'productIds')}
            canWrite={canWrite}
            error={fieldError('productIds')}
          />
        </Section>

        {failure.message && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" title={t(`${E}.notSaved`)}>
            {failure.message}
          </Alert>
        )}
        {canWrite && (
          <Group gap="sm">
            <BusyButton type="submit" busy={busy} data-testid="campaign-save">
              {campaign ? t(`${E}.save`) : t(`${E}.create`)}
            </BusyButton>
            {dirty && campaign && (
              <Button
                variant="subtle"
                onClick={() => {
                  setValues(saved)
                  failure.clear()
                }}
              >
                {t(`${E}.undo`)}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  )
}

function BackLink() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Anchor component={Link} to={localePath('/yonetim/kampanyalar')} size="sm" data-testid="campaign-back">
      {t(`${E}.back`)}
    </Anchor>
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" role="status" aria-label={t(`${E}.loading`)} maw={880}>
      <Skeleton height={120} />
      <Skeleton height={160} />
      <Skeleton height={200} />
    </Stack>
  )
}

function NotFound() {
  const { t } = useTranslation()
  return (
    <Alert
      color="yellow"
      icon={<AlertIcon />}
      title={t(`${E}.notFoundTitle`)}
      data-testid="campaign-not-found"
    >
      {t(`${E}.notFoundText`)}
    </Alert>
  )
}

function ReadOnlyNote() {
  const { t } = useTranslation()
  return (
    <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
      {t('staff.roleReadOnlyText')}
    </Alert>
  )
}

function StoredCampaign({ id }: { id: number }) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const canWrite = useStaffCan('catalogue:write')
  const campaign = useStaffCampaign(id)
  if (campaign.isError && !campaign.data) {
    if (isApiError(campaign.error) && campaign.error.status === 404) return <NotFound />
    return <LoadError title={t(`${E}.loadError`)} error={campaign.error} onRetry={() => campaign.refetch()} />
  }
  if (!campaign.data) return <Loading />
  return (
    <Stack gap="md">
      {!canWrite && <ReadOnlyNote />}
      <CampaignEditor
        key={campaign.data.id}
        campaign={campaign.data}
        start={campaignValuesOf(campaign.data, bootstrap.settings.timeZone)}
        canWrite={canWrite}
      />
    </Stack>
  )
}

/**
 * /yonetim/kampanyalar/yeni and /yonetim/kampanyalar/{id} — one campaign of the home page: its titles,
 * dates, layout and products in order. Those who only read the catalogue see it without a save button.
 */
export function CampaignEditorPage() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { id } = useParams()
  const campaignId = id === undefined ? null : /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN
  const canWrite = useStaffCan('catalogue:write')
  const campaign = useStaffCampaign(Number.isNaN(campaignId) ? null : campaignId)
  const stored = campaign.data
  const title =
    campaignId === null
      ? t(`${E}.newTitle`)
      : stored
        ? (locale === 'en' && stored.nameEn) || stored.name
        : t(`${E}.titleLoading`)
  return (
    <StaffLayout title={title} description={stored ? t(`${E}.codeLine`, { code: stored.code }) : undefined}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" maw={880}>
          <BackLink />
          {stored && <CampaignStatusBadge status={stored.status} />}
        </Group>
        {campaignId === null ? (
          canWrite ? (
            <CampaignEditor key="new" campaign={null} start={newCampaignValues()} canWrite />
          ) : (
            <ReadOnlyNote />
          )
        ) : Number.isNaN(campaignId) ? (
          <NotFound />
        ) : (
          <StoredCampaign id={campaignId} />
        )}
      </Stack>
    </StaffLayout>
  )
}
