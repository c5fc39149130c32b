import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import { Link } from 'react-router'
import type { SetupPlan, SetupPlanList } from '../../../../contracts/payment-setup'
import { PLAN_PRICE_NAMES, type PlanPriceName } from '../../../../domain/payment-setup'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useLocalePath } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { useStaffCan } from '../use-staff-can'
import { fieldMessages } from './form-errors'
import { useDeletePlan, useOrderPlans, usePlans, useSavePlan } from './payment-setup-api'

const P = 'paymentSetup.plans'

type PlanValues = {
  name: string
  nameEn: string
  priceName: PlanPriceName
  isVirtual: boolean
  isDefault: boolean
}
const FIELDS = ['name', 'nameEn', 'priceName', 'isVirtual', 'isDefault'] as const

function PlanForm({ plan, onDone }: { plan: SetupPlan | null; onDone: () => void }) {
  const { t } = useTranslation()
  const save = useSavePlan()
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<PlanValues>({
    initialValues: {
      name: plan?.name ?? '',
      nameEn: plan?.nameEn ?? '',
      priceName: plan?.priceName ?? 'salePrice',
      isVirtual: plan?.isVirtual ?? false,
      isDefault: plan?.isDefault ?? false,
    },
    validate: { name: (value) => (value.trim() ? null : t(`${P}.nameRequired`)) },
  })
  const submit = form.onSubmit((values) => {
    setFailure(null)
    const body = { ...values, nameEn: values.nameEn.trim() || null }
    save.mutate(
      { id: plan?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t(`${P}.saved`, { name: saved.name }) })
          onDone()
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return
          const fields = fieldMessages(error, FIELDS)
          if (fields) form.setErrors(fields)
          else setFailure(error)
        },
      },
    )
  })
  return (
    <form onSubmit={submit} noValidate data-testid="plan-form">
      <Stack gap="sm">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <TextInput
          label={t(`${P}.name`)}
          required
          maxLength={100}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t(`${P}.nameEn`)}
          description={t(`${P}.nameEnHint`)}
          maxLength={100}
          {...form.getInputProps('nameEn')}
        />
        <NativeSelect
          label={t(`${P}.priceName`)}
          description={t(`${P}.priceNameHint`)}
          data={PLAN_PRICE_NAMES.map((value) => ({ value, label: t(`${P}.priceNames.${value}`) }))}
          {...form.getInputProps('priceName')}
        />
        <Switch
          label={t(`${P}.isVirtual`)}
          description={t(`${P}.isVirtualHint`)}
          {...form.getInputProps('isVirtual', { type: 'checkbox' })}
        />
        <Switch
          label={t(`${P}.isDefault`)}
          description={t(`${P}.isDefaultHint`)}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
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

/** Which plans charge each of the six prices: the sale price and the five plan price columns. */
function PriceColumns({ plans }: { plans: SetupPlan[] }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(`${P}.columnsTitle`)}
      </Title>
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 3 }}
        spacing="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {PLAN_PRICE_NAMES.map((name) => {
          const using = plans.filter((p) => p.priceName === name)
          return (
            <Card
              component="li"
              key={name}
              withBorder
              padding="xs"
              data-testid="price-column"
              data-column={name}
            >
              <Text size="sm" fw={600}>
                {t(`${P}.priceNames.${name}`)}
              </Text>
              <Text size="sm" c={using.length ? undefined : 'gray.7'}>
                {using.length ? using.map((p) => p.name).join(', ') : t(`${P}.unused`)}
              </Text>
            </Card>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}

function PlanBadges({ plan }: { plan: SetupPlan }) {
  const { t } = useTranslation()
  return (
    <Group gap={4} wrap="wrap">
      <Badge variant="light" color={plan.isVirtual ? 'grape' : 'gray'} tt="none">
        {t(plan.isVirtual ? `${P}.card` : `${P}.account`)}
      </Badge>
      {plan.isDefault && (
        <Badge variant="light" color="blue" tt="none">
          {t(`${P}.default`)}
        </Badge>
      )}
      {plan.paymentsPricing > 0 && (
        <Badge variant="light" color="orange" tt="none" title={t(`${P}.inFlightHint`)}>
          {t(`${P}.inFlight`, { count: plan.paymentsPricing })}
        </Badge>
      )}
    </Group>
  )
}

function PlanActions({
  plan,
  index,
  plans,
  onEdit,
}: {
  plan: SetupPlan
  index: number
  plans: SetupPlan[]
  onEdit: (plan: SetupPlan) => void
}) {
  const { t } = useTranslation()
  const order = useOrderPlans()
  const remove = useDeletePlan()
  const failed = (error: Error) => {
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', message: describeError(error, t) })
  }
  const move = (by: -1 | 1) => {
    const ids = plans.map((p) => p.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    order.mutate(ids, { onError: failed })
  }
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t(`${P}.deleteTitle`),
      centered: true,
      children: (
        <Text size="sm">
          {t(`${P}.deleteText`, { name: plan.name })}
          {plan.companies > 0 && ` ${t(`${P}.deleteCompanies`, { count: plan.companies })}`}
        </Text>
      ),
      labels: { confirm: t(`${P}.delete`), cancel: t('paymentSetup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(plan.id, {
          onSuccess: () =>
            notifications.show({ color: 'green', message: t(`${P}.deleted`, { name: plan.name }) }),
          onError: failed,
        }),
    })
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        onClick={() => move(-1)}
        disabled={index === 0 || order.isPending}
        aria-label={t(`${P}.moveUp`, { name: plan.name })}
      >
        ↑
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        onClick={() => move(1)}
        disabled={index === plans.length - 1 || order.isPending}
        aria-label={t(`${P}.moveDown`, { name: plan.name })}
      >
        ↓
      </ActionIcon>
      <Button
        size="compact-sm"
        variant="subtle"
        onClick={() => onEdit(plan)}
        aria-label={t(`${P}.editLabel`, { name: plan.name })}
      >
        {t(`${P}.edit`)}
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={confirmDelete}
        aria-label={t(`${P}.deleteLabel`, { name: plan.name })}
      >
        {t(`${P}.delete`)}
      </Button>
    </Group>
  )
}

function PlanList({ list, onEdit }: { list: SetupPlanList; onEdit: (plan: SetupPlan) => void }) {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const phone = usePhoneLayout()
  const plans = list.items
  const actions = (plan: SetupPlan, index: number) =>
    canWrite ? <PlanActions plan={plan} index={index} plans={plans} onEdit={onEdit} /> : null
  const name = (plan: SetupPlan) => (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {plan.name}
      </Text>
      <Text size="xs" c="gray.7" lang="en">
        {plan.nameEn ?? t(`${P}.noEnglish`)}
      </Text>
    </Stack>
  )
  if (phone) {
    if (plans.length === 0) return <Text c="gray.7">{t(`${P}.empty`)}</Text>
    return (
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t(`${P}.listLabel`)}
      >
        {plans.map((plan, index) => (
          <Card component="li" key={plan.id} withBorder padding="sm" data-testid="plan-row">
            <Stack gap={6}>
              {name(plan)}
              <Text size="sm">{t(`${P}.priceNames.${plan.priceName}`)}</Text>
              <PlanBadges plan={plan} />
              {actions(plan, index)}
            </Stack>
          </Card>
        ))}
      </Stack>
    )
  }
  return (
    <DataTable<SetupPlan>
      withTableBorder
      borderRadius="sm"
      striped
      aria-label={t(`${P}.listLabel`)}
      records={plans}
      idAccessor="id"
      noRecordsText={t(`${P}.empty`)}
      minHeight={plans.length ? undefined : 150}
      customRowAttributes={() => ({ 'data-testid': 'plan-row' })}
      columns={[
        { accessor: 'name', title: t(`${P}.columns.name`), render: name },
        {
          accessor: 'priceName',
          title: t(`${P}.columns.priceName`),
          render: (plan) => t(`${P}.priceNames.${plan.priceName}`),
        },
        {
          accessor: 'isVirtual',
          title: t(`${P}.columns.kind`),
          render: (plan) => <PlanBadges plan={plan} />,
        },
        { accessor: 'companies', title: t(`${P}.columns.companies`), textAlign: 'right' },
        {
          accessor: 'actions',
          title: t(`${P}.columns.actions`),
          textAlign: 'right',
          render: (plan) => actions(plan, plans.indexOf(plan)),
        },
      ]}
    />
  )
}

/** The payment plans: which price each charges, card or account, the default, their order. */
export function PlansTab() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const canWrite = useStaffCan('payments:write')
  const canSettings = useStaffCan('system:read')
  const plans = usePlans()
  const [editing, setEditing] = useState<SetupPlan | 'new' | null>(null)
  if (plans.isError && !plans.data)
    return <LoadError title={t(`${P}.error`)} error={plans.error} onRetry={() => plans.refetch()} />
  if (!plans.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t('paymentSetup.loading')}>
        <Skeleton height={24} width="40%" />
        <Skeleton height={160} />
      </Stack>
    )
  }
  const list = plans.data
  return (
    <Stack gap="lg">
      {!list.plansOffered && (
        <Alert color="blue" variant="light" icon={<AlertIcon />} data-testid="plans-not-offered">
          {t(`${P}.notOffered`)}{' '}
          {canSettings && (
            <Anchor component={Link} to={localePath('/yonetim/ayarlar?grup=ordering')}>
              {t('paymentSetup.toSettings')}
            </Anchor>
          )}
        </Alert>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Text size="sm" c="gray.7" maw={640}>
          {t(`${P}.intro`)}
        </Text>
        {canWrite && <Button onClick={() => setEditing('new')}>{t(`${P}.add`)}</Button>}
      </Group>
      <PlanList list={list} onEdit={setEditing} />
      <PriceColumns plans={list.items} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t(`${P}.addTitle`) : t(`${P}.editTitle`)}
      >
        {editing !== null && (
          <PlanForm
            key={editing === 'new' ? 'new' : editing.id}
            plan={editing === 'new' ? null : editing}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  )
}
