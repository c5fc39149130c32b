import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import {
  type ExchangeRateRow,
  type ExchangeRates,
  exchangeRateSettingsSchema,
  manualRateBodySchema,
} from '../../../../contracts/exchange-rates'
import { RATE_FIELDS, type RateField, rateText } from '../../../../domain/exchange-rates'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { rateSourceText } from '../../../lib/rate-source'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { useExchangeRates, useFetchRates, useSaveRateSettings, useSetManualRate } from './exchange-rates-api'

const X = 'exchangeRates'

/** The warning of a failed fetch: why, when, and since when the rates are those of the last success. */
function FetchStatus({ status }: { status: ExchangeRates['status'] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const lastSuccess = status.lastSuccessAt ? dates.dateTime(status.lastSuccessAt) : null
  return (
    <Stack gap="xs">
      {status.failing && (
        <Alert
          color="orange"
          variant="light"
          icon={<AlertIcon />}
          role="alert"
          title={t(`${X}.failedTitle`)}
          data-testid="rates-warning"
        >
          {t(`${X}.failedText`, {
            time: status.lastFailureAt ? dates.dateTime(status.lastFailureAt) : '—',
            reason: status.lastFailure ?? '—',
          })}{' '}
          {lastSuccess ? t(`${X}.failedSince`, { time: lastSuccess }) : t(`${X}.failedNever`)}
        </Alert>
      )}
      {/* The warning already says that no fetch has succeeded: not said twice. */}
      {(status.lastBulletinDate || !status.failing) && (
        <Text size="sm" c="gray.7" data-testid="rates-last">
          {status.lastBulletinDate
            ? t(`${X}.lastBulletin`, { date: dates.day(status.lastBulletinDate), time: lastSuccess ?? '—' })
            : t(`${X}.noBulletin`)}
        </Text>
      )}
    </Stack>
  )
}

function FetchButton() {
  const { t } = useTranslation()
  const dates = useDates()
  const fetchRates = useFetchRates()
  return (
    <Button
      loading={fetchRates.isPending}
      onClick={() =>
        fetchRates.mutate(undefined, {
          onSuccess: (result) =>
            notifications.show({
              color: 'green',
              message:
                result.rates.length > 0
                  ? t(`${X}.fetched`, { date: dates.day(result.bulletinDate), count: result.rates.length })
                  : t(`${X}.unchanged`, { date: dates.day(result.bulletinDate) }),
            }),
          onError: (error) => notifications.show({ color: 'red', message: describeError(error, t) }),
        })
      }
      data-testid="rates-fetch"
    >
      {t(`${X}.fetch`)}
    </Button>
  )
}

function SettingsForm({ saved }: { saved: ExchangeRates['settings'] }) {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const save = useSaveRateSettings()
  const [field, setField] = useState<RateField>(saved.field)
  const [markup, setMarkup] = useState(saved.markupPercent)
  const [error, setError] = useState<string | null>(null)
  const dirty = field !== saved.field || markup.trim().replace(',', '.') !== saved.markupPercent
  return (
    <form
      noValidate
      aria-label={t(`${X}.settings`)}
      onSubmit={(event) => {
        event.preventDefault()
        const parsed = exchangeRateSettingsSchema.safeParse({ field, markupPercent: markup })
        if (!parsed.success) return setError(t(`${X}.markupInvalid`))
        save.mutate(parsed.data, {
          onSuccess: (stored) => {
            setMarkup(stored.settings.markupPercent)
            notifications.show({ color: 'green', message: t(`${X}.settingsSaved`) })
          },
          onError: (failure) => notifications.show({ color: 'red', message: describeError(failure, t) }),
        })
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(`${X}.settings`)}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label={t(`${X}.field`)}
            data={RATE_FIELDS.map((value) => ({ value, label: t(`${X}.fields.${value}`) }))}
            value={field}
            allowDeselect={false}
            readOnly={!canWrite}
            onChange={(value) => value && setField(value as RateField)}
            w={240}
            data-testid="rates-field"
          />
          <TextInput
            label={t(`${X}.markup`)}
            description={t(`${X}.markupHint`)}
            value={markup}
            inputMode="decimal"
            readOnly={!canWrite}
            error={error}
            onChange={(event) => {
              setMarkup(event.currentTarget.value)
              setError(null)
            }}
            rightSection="%"
            w={200}
            data-testid="rates-markup"
          />
        </Group>
        {canWrite && (
          <Group>
            <Button type="submit" variant="light" disabled={!dirty} loading={save.isPending}>
              {t(`${X}.saveSettings`)}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  )
}

/** The modal form of a rate set by hand; pinned by default (docs/decisions.md, "Exchange rates from TCMB"). */
function ManualRateModal({ row, onClose }: { row: ExchangeRateRow | null; onClose: () => void }) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const set = useSetManualRate()
  const [rate, setRate] = useState('')
  const [pinned, setPinned] = useState(true)
  const [error, setError] = useState<string | null>(null)
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? t(`${X}.manualTitle`, { code: row.code }) : ''}
      data-testid="manual-rate-modal"
    >
      {row && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = manualRateBodySchema.safeParse({ rate, pinned })
            if (!parsed.success) return setError(t(`${X}.rateInvalid`))
            set.mutate(
              { code: row.code, ...parsed.data },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t(`${X}.manualSaved`, { code: row.code }) })
                  onClose()
                },
                onError: (failure) => setError(describeError(failure, t)),
              },
            )
          }}
        >
          <Stack gap="md">
            <TextInput
              label={t(`${X}.rateLabel`, { code: row.code })}
              description={t(`${X}.current`, { rate: rateText(row.rate, locale) })}
              placeholder={rateText(row.rate, locale)}
              value={rate}
              inputMode="decimal"
              error={error}
              data-autofocus
              onChange={(event) => {
                setRate(event.currentTarget.value)
                setError(null)
              }}
              data-testid="manual-rate-input"
            />
            <Checkbox
              label={t(`${X}.pin`)}
              description={t(`${X}.pinHint`)}
              checked={pinned}
              onChange={(event) => setPinned(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t(`${X}.cancel`)}
              </Button>
              <Button type="submit" loading={set.isPending}>
                {t(`${X}.saveRate`)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}

function SourceCell({ row }: { row: ExchangeRateRow }) {
  const { t } = useTranslation()
  const dates = useDates()
  if (row.isBase) return <Text size="sm">{t(`${X}.base`)}</Text>
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" data-testid="rate-source">
        {rateSourceText(t, dates, row)}
      </Text>
      {row.pinned && (
        <Badge size="sm" variant="light" color="grape">
          {t(`${X}.pinned`)}
        </Badge>
      )}
    </Group>
  )
}

function RateList({ rows, onEdit }: { rows: ExchangeRateRow[]; onEdit: (row: ExchangeRateRow) => void }) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const canWrite = useStaffCan('system:write')
  const phone = usePhoneLayout()
  const edit = (row: ExchangeRateRow) =>
    canWrite && !row.isBase ? (
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit(row)}
        aria-label={t(`${X}.editLabel`, { code: row.code })}
      >
        {t(`${X}.edit`)}
      </Button>
    ) : null
  if (rows.length === 0) {
    return (
      <Text py={32} ta="center" c="dimmed" data-testid="rates-empty">
        {t(`${X}.empty`)}
      </Text>
    )
  }
  if (phone) {
    return (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t(`${X}.listLabel`)}
      >
        {rows.map((row) => (
          <Card
            component="li"
            key={row.code}
            withBorder
            padding="sm"
            data-testid="rate-row"
            data-code={row.code}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Box style={{ minWidth: 0 }}>
                <Text fw={700}>
                  {row.code}{' '}
                  <Text span c="dimmed" size="sm">
                    {row.name}
                  </Text>
                </Text>
                <Text size="lg" ff="monospace" data-testid="rate-value">
                  {rateText(row.rate, locale)}
                </Text>
                <SourceCell row={row} />
              </Box>
              {edit(row)}
            </Group>
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover aria-label={t(`${X}.listLabel`)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${X}.columns.currency`)}</Table.Th>
            <Table.Th ta="right">{t(`${X}.columns.rate`)}</Table.Th>
            <Table.Th>{t(`${X}.columns.source`)}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t(`${X}.columns.actions`)}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.code} data-testid="rate-row" data-code={row.code}>
              <Table.Td>
                <Text fw={700} span>
                  {row.code}
                </Text>{' '}
                <Text span c="dimmed" size="sm">
                  {row.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right" ff="monospace" data-testid="rate-value">
                {rateText(row.rate, locale)}
              </Table.Td>
              <Table.Td>
                <SourceCell row={row} />
              </Table.Td>
              <Table.Td ta="right">{edit(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function RatesScreen() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const rates = useExchangeRates()
  const [editing, setEditing] = useState<ExchangeRateRow | null>(null)
  if (rates.isError && !rates.data) {
    return <LoadError title={t(`${X}.error`)} error={rates.error} onRetry={() => rates.refetch()} />
  }
  if (!rates.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t(`${X}.loading`)}>
        <Skeleton height={20} width="50%" />
        <Skeleton height={160} />
      </Stack>
    )
  }
  const { data } = rates
  return (
    <Stack gap="lg">
      <FetchStatus status={data.status} />
      {canWrite ? (
        <Group>
          <FetchButton />
        </Group>
      ) : (
        <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
          {t('staff.roleReadOnlyText')}
        </Alert>
      )}
      <RateList rows={data.currencies} onEdit={setEditing} />
      <SettingsForm key={`${data.settings.field}:${data.settings.markupPercent}`} saved={data.settings} />
      <ManualRateModal key={editing?.code ?? 'none'} row={editing} onClose={() => setEditing(null)} />
    </Stack>
  )
}

/** /yonetim/doviz-kurlari — the currencies' rates from the Central Bank's bulletin, or set by hand. */
export function ExchangeRatesPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${X}.title`)} description={t(`${X}.intro`)}>
      <RatesScreen />
    </StaffLayout>
  )
}
