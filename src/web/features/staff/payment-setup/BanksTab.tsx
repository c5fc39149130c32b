import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import type { SetupBank, SetupBankList, SetupInstallment } from '../../../../contracts/payment-setup'
import { formatAmount } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useLocalePath } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { useStaffCan } from '../use-staff-can'
import { fieldMessages } from './form-errors'
import {
  bodyOf,
  errorsByCount,
  InstallmentEditor,
  type InstallmentRowState,
  rowsOf,
} from './InstallmentEditor'
import { useBanks, useDeleteBank, useSaveBank, useSaveDefaultPlans } from './payment-setup-api'

const B = 'paymentSetup.banks'

/** "1 · 3 %3,30 · 6 %6,50": the counts offered, each with its commission (none for 0). */
function useTableText() {
  const { locale } = useDates()
  return (plans: readonly SetupInstallment[]) =>
    plans
      .map((p) => {
        const fee = Number(p.commissionFee)
        const text = fee === 0 ? `${p.installment}` : `${p.installment} %${formatAmount(fee, locale)}`
        return p.isDefault ? `${text}*` : text
      })
      .join(' · ')
}

type BankDraft = {
  code: string
  name: string
  logo: string
  issuerMatch: string[]
  sortOrder: number | string
}
const FIELDS = ['code', 'name', 'logo', 'issuerMatch', 'sortOrder'] as const

function BankForm({ bank, count, onDone }: { bank: SetupBank | null; count: number; onDone: () => void }) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const save = useSaveBank()
  const [draft, setDraft] = useState<BankDraft>({
    code: bank?.code ?? '',
    name: bank?.name ?? '',
    logo: bank?.logo ?? '',
    issuerMatch: bank?.issuerMatch ?? [],
    sortOrder: bank?.sortOrder ?? count,
  })
  const [rows, setRows] = useState<InstallmentRowState[]>(() =>
    rowsOf(bank?.plans ?? [{ id: 0, installment: 1, commissionFee: '0.00', isDefault: true }], locale),
  )
  const [fields, setFields] = useState<Record<string, string> | null>(null)
  const [sent, setSent] = useState<number[]>([])
  const [failure, setFailure] = useState<unknown>(null)
  const change = (patch: Partial<BankDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setFailure(null)
    setFields(null)
    const { plans, counts } = bodyOf(rows)
    setSent(counts)
    const common = {
      name: draft.name,
      logo: draft.logo.trim() || null,
      issuerMatch: draft.issuerMatch,
      sortOrder: Number(draft.sortOrder) || 0,
      plans,
    }
    save.mutate(
      { id: bank?.id ?? null, body: bank ? common : { ...common, code: draft.code.trim() } },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t(`${B}.saved`, { name: saved.name }) })
          onDone()
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return
          const known = fieldMessages(error, [...FIELDS, 'plans'])
          if (known) setFields(known)
          else setFailure(error)
        },
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate data-testid="bank-form">
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t(`${B}.name`)}
            required
            maxLength={100}
            data-autofocus
            value={draft.name}
            error={fields?.name}
            onChange={(event) => change({ name: event.currentTarget.value })}
          />
          <TextInput
            label={t(`${B}.code`)}
            description={bank ? t(`${B}.codeFixed`) : t(`${B}.codeHint`)}
            required
            maxLength={40}
            readOnly={bank !== null}
            value={draft.code}
            error={fields?.code}
            onChange={(event) => change({ code: event.currentTarget.value.toLowerCase() })}
          />
        </SimpleGrid>
        <TagsInput
          label={t(`${B}.issuerMatch`)}
          description={t(`${B}.issuerMatchHint`)}
          value={draft.issuerMatch}
          error={fields?.issuerMatch}
          onChange={(issuerMatch) => change({ issuerMatch })}
          maxTags={10}
          splitChars={[',', ';']}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t(`${B}.logo`)}
            description={t(`${B}.logoHint`)}
            maxLength={200}
            value={draft.logo}
            error={fields?.logo}
            onChange={(event) => change({ logo: event.currentTarget.value })}
          />
          <NumberInput
            label={t(`${B}.sortOrder`)}
            description={t(`${B}.sortOrderHint`)}
            min={0}
            max={10_000}
            allowDecimal={false}
            value={draft.sortOrder}
            error={fields?.sortOrder}
            onChange={(sortOrder) => change({ sortOrder })}
          />
        </SimpleGrid>
        <InstallmentEditor
          label={t(`${B}.table`)}
          rows={rows}
          onChange={setRows}
          errors={errorsByCount(fields, sent)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('paymentSetup.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('paymentSetup.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function DefaultPlansForm({ plans, onDone }: { plans: SetupInstallment[]; onDone: () => void }) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const save = useSaveDefaultPlans()
  const [rows, setRows] = useState(() => rowsOf(plans, locale))
  const [fields, setFields] = useState<Record<string, string> | null>(null)
  const [sent, setSent] = useState<number[]>([])
  const [failure, setFailure] = useState<unknown>(null)
  return (
    <form
      noValidate
      data-testid="default-plans-form"
      onSubmit={(event) => {
        event.preventDefault()
        setFailure(null)
        setFields(null)
        const body = bodyOf(rows)
        setSent(body.counts)
        save.mutate(
          { plans: body.plans },
          {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t(`${B}.defaultsSaved`) })
              onDone()
            },
            onError: (error) => {
              if (isApiError(error) && error.handled) return
              const known = fieldMessages(error, ['plans'])
              if (known) setFields(known)
              else setFailure(error)
            },
          },
        )
      }}
    >
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <InstallmentEditor
          label={t(`${B}.defaultsTable`)}
          rows={rows}
          onChange={setRows}
          errors={errorsByCount(fields, sent)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('paymentSetup.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('paymentSetup.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function BankActions({ bank, onEdit }: { bank: SetupBank; onEdit: (bank: SetupBank) => void }) {
  const { t } = useTranslation()
  const remove = useDeleteBank()
  const confirm = () =>
    modals.openConfirmModal({
      title: t(`${B}.deleteTitle`),
      centered: true,
      children: <Text size="sm">{t(`${B}.deleteText`, { name: bank.name, count: bank.binRanges })}</Text>,
      labels: { confirm: t(`${B}.delete`), cancel: t('paymentSetup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(bank.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t(`${B}.deleted`, { name: bank.name }) }),
          onError: (error) => {
            if (isApiError(error) && error.handled) return
            notifications.show({ color: 'red', message: describeError(error, t) })
          },
        }),
    })
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit(bank)}
        aria-label={t(`${B}.editLabel`, { name: bank.name })}
      >
        {t(`${B}.edit`)}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={confirm}
        aria-label={t(`${B}.deleteLabel`, { name: bank.name })}
      >
        {t(`${B}.delete`)}
      </Button>
    </Group>
  )
}

function BankList({ list, onEdit }: { list: SetupBankList; onEdit: (bank: SetupBank) => void }) {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const phone = usePhoneLayout()
  const tableText = useTableText()
  const name = (bank: SetupBank) => (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {bank.name}
      </Text>
      <Text size="xs" c="gray.7">
        {bank.code}
      </Text>
    </Stack>
  )
  const words = (bank: SetupBank) => (
    <Group gap={4} wrap="wrap">
      {bank.issuerMatch.map((word) => (
        <Badge key={word} variant="outline" color="gray" tt="none">
          {word}
        </Badge>
      ))}
    </Group>
  )
  if (phone) {
    if (list.banks.length === 0) return <Text c="gray.7">{t(`${B}.empty`)}</Text>
    return (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t(`${B}.listLabel`)}
      >
        {list.banks.map((bank) => (
          <Card component="li" key={bank.id} withBorder padding="sm" data-testid="bank-row">
            <Stack gap={6}>
              {name(bank)}
              {words(bank)}
              <Text size="sm">{t(`${B}.ranges`, { count: bank.binRanges })}</Text>
              <Text size="sm" ff="monospace">
                {tableText(bank.plans) || t(`${B}.noPlans`)}
              </Text>
              {canWrite && <BankActions bank={bank} onEdit={onEdit} />}
            </Stack>
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <DataTable<SetupBank>
      withTableBorder
      borderRadius="sm"
      striped
      aria-label={t(`${B}.listLabel`)}
      records={list.banks}
      idAccessor="id"
      noRecordsText={t(`${B}.empty`)}
      minHeight={list.banks.length ? undefined : 150}
      customRowAttributes={() => ({ 'data-testid': 'bank-row' })}
      columns={[
        { accessor: 'name', title: t(`${B}.columns.name`), render: name },
        { accessor: 'issuerMatch', title: t(`${B}.columns.issuerMatch`), render: words },
        { accessor: 'binRanges', title: t(`${B}.columns.binRanges`), textAlign: 'right' },
        {
          accessor: 'plans',
          title: t(`${B}.columns.plans`),
          render: (bank) => (
            <Text size="sm" ff="monospace">
              {tableText(bank.plans) || t(`${B}.noPlans`)}
            </Text>
          ),
        },
        {
          accessor: 'actions',
          title: t(`${B}.columns.actions`),
          textAlign: 'right',
          render: (bank) => (canWrite ? <BankActions bank={bank} onEdit={onEdit} /> : null),
        },
      ]}
    />
  )
}

/** The installment limit lives on the settings screen: shown here, changed there. */
function InstallmentLimit({ value }: { value: string }) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const localePath = useLocalePath()
  const canSettings = useStaffCan('system:read')
  return (
    <Card withBorder padding="sm" data-testid="installment-limit">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t(`${B}.limitTitle`)}
          </Text>
          <Text size="sm">
            {Number(value) > 0
              ? t(`${B}.limitValue`, { amount: `${formatAmount(Number(value), locale)} ₺` })
              : t(`${B}.limitNone`)}
          </Text>
        </Stack>
        {canSettings ? (
          <Anchor component={Link} to={localePath('/yonetim/ayarlar?grup=ordering')} size="sm">
            {t(`${B}.limitLink`)}
          </Anchor>
        ) : (
          <Text size="xs" c="gray.7">
            {t(`${B}.limitOwner`)}
          </Text>
        )}
      </Group>
    </Card>
  )
}

/** Banks with their installment plans, the store's default plans, and the installment limit. */
export function BanksTab() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const banks = useBanks()
  const phone = usePhoneLayout()
  const tableText = useTableText()
  const [editing, setEditing] = useState<SetupBank | 'new' | 'defaults' | null>(null)
  if (banks.isError && !banks.data)
    return <LoadError title={t(`${B}.error`)} error={banks.error} onRetry={() => banks.refetch()} />
  if (!banks.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t('paymentSetup.loading')}>
        <Skeleton height={48} />
        <Skeleton height={160} />
      </Stack>
    )
  }
  const list = banks.data
  const title =
    editing === 'new'
      ? t(`${B}.addTitle`)
      : editing === 'defaults'
        ? t(`${B}.defaultsTitle`)
        : editing
          ? t(`${B}.editTitle`, { name: editing.name })
          : ''
  return (
    <Stack gap="lg">
      <InstallmentLimit value={list.installmentLimit} />
      {list.gatewayQuotes && (
        <Alert color="blue" variant="light" icon={<AlertIcon />} data-testid="gateway-quotes">
          {t(`${B}.gatewayQuotes`)}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="gray.7" maw={640}>
          {t(`${B}.intro`)}
        </Text>
        {canWrite && <Button onClick={() => setEditing('new')}>{t(`${B}.add`)}</Button>}
      </Group>
      <BankList list={list} onEdit={setEditing} />
      <Card withBorder padding="sm" data-testid="default-plans">
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h5">
              {t(`${B}.defaultsTitle`)}
            </Title>
            <Text size="sm" c="gray.7">
              {t(`${B}.defaultsHint`)}
            </Text>
            <Text size="sm" ff="monospace">
              {tableText(list.defaultPlans) || t(`${B}.noPlans`)}
            </Text>
          </Stack>
          {canWrite && (
            <Button variant="light" size="compact-md" onClick={() => setEditing('defaults')}>
              {t(`${B}.defaultsEdit`)}
            </Button>
          )}
        </Group>
      </Card>
      <Text size="xs" c="gray.7">
        {t(`${B}.legend`)}
      </Text>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={title}
        size="lg"
        fullScreen={phone}
      >
        {editing === 'defaults' ? (
          <DefaultPlansForm plans={list.defaultPlans} onDone={() => setEditing(null)} />
        ) : editing !== null ? (
          <BankForm
            key={editing === 'new' ? 'new' : editing.id}
            bank={editing === 'new' ? null : editing}
            count={list.banks.length}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>
    </Stack>
  )
}
