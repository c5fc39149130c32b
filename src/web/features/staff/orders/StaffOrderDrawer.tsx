import {
  Alert,
  Box,
  Button,
  Drawer,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { useEffect, useRef, useState } from 'react'
import {
  type StaffOrderDetail,
  type StaffOrderRow,
  staffOrderPatchSchema,
} from '../../../../contracts/staff-orders'
import { formatMoney } from '../../../../domain/money-format'
import { ORDER_NOTE_MAX, type OrderStatus } from '../../../../domain/order-status'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { OrderItemsTable } from '../../../components/order/OrderItemsTable'
import { OrderStatusHistory } from '../../../components/order/OrderStatusHistory'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { EntityHistory } from '../audit/EntityHistory'
import { useStaffCan } from '../use-staff-can'
import { OrderStatusBadge } from './OrderStatusBadge'
import { useMoveOrder, useStaffOrder } from './staff-orders-api'

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}

interface MoveValues {
  status: OrderStatus | null
  note: string
}

/**
 * The next step of the order: one of the statuses it may move to and a note for the dealer (required
 * for a cancellation), checked by the server's own contract before it is sent. A typed note is
 * "unsaved" (`onDirty`): the drawer asks before it lets it go.
 */
const noteTyped = (values: MoveValues) => values.note.trim() !== ''

function MoveForm({
  detail,
  onDirty,
  onMoved,
}: {
  detail: StaffOrderDetail
  onDirty: (dirty: boolean) => void
  onMoved: () => void
}) {
  const { t } = useTranslation()
  const move = useMoveOrder()
  const m = 'staffOrders.move'
  const form = useForm<MoveValues>({
    initialValues: { status: detail.next[0] ?? null, note: '' },
    // Told in the typing's own event: an effect runs in a later task, and an Escape pressed right
    // after the last key came first, closing the drawer with the note in it.
    onValuesChange: (values) => onDirty(noteTyped(values)),
    validate: (values) => {
      const parsed = staffOrderPatchSchema.safeParse({ status: values.status, note: values.note })
      if (!parsed.success) return { status: t(`${m}.statusRequired`) }
      if (values.status === 'cancelled' && !values.note.trim()) return { note: t(`${m}.reasonRequired`) }
      return {}
    },
  })
  // And as it is when the form appears (a drawer opened on another order starts clean).
  const dirty = noteTyped(form.values)
  useEffect(() => onDirty(dirty), [dirty, onDirty])
  // Once the order has moved (here or by someone else), the choice starts again at its first next step.
  const firstNext = detail.next[0] ?? null
  // biome-ignore lint/correctness/useExhaustiveDependencies: the order's status is the trigger
  useEffect(() => {
    form.setFieldValue('status', firstNext)
  }, [detail.order.status])

  if (detail.cancelPending) {
    return (
      <Alert color="yellow" icon={<AlertIcon />} data-testid="order-cancel-pending">
        {t(`${m}.cancelPending`)}
      </Alert>
    )
  }
  if (detail.next.length === 0) return <Text size="sm">{t(`${m}.finished`)}</Text>
  const cancelling = form.values.status === 'cancelled'
  // Its cancellation goes through the refund of its card payment (the bank may refuse it).
  const paidCancel = cancelling && detail.paidByCard
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (!values.status) return
        const note = values.note.trim()
        move.mutate(
          { id: detail.order.id, body: { status: values.status, ...(note ? { note } : {}) } },
          {
            onSuccess: (answer) => {
              notifications.show({
                color: 'green',
                message: t(`${m}.done`, {
                  orderNo: answer.order.orderNo,
                  status: t(`orders.status.${answer.order.status}`),
                }),
              })
              form.setFieldValue('note', '')
              onMoved()
            },
            onError: (error) => {
              if (isApiError(error) && error.fields?.note) form.setFieldError('note', error.fields.note)
            },
          },
        )
      })}
      data-testid="order-move-form"
    >
      <Stack gap="sm">
        <Select
          label={t(`${m}.next`)}
          data={detail.next.map((s) => ({ value: s, label: t(`orders.status.${s}`) }))}
          allowDeselect={false}
          required
          {...form.getInputProps('status')}
          data-testid="order-move-status"
        />
        <Textarea
          label={cancelling ? t(`${m}.reason`) : t(`${m}.note`)}
          placeholder={cancelling ? undefined : t(`${m}.notePlaceholder`)}
          required={cancelling}
          rows={3}
          maxLength={ORDER_NOTE_MAX}
          {...form.getInputProps('note')}
          data-testid="order-move-note"
        />
        {paidCancel && (
          <Alert
            color="yellow"
            icon={<AlertIcon />}
            title={t(`${m}.paidCancelTitle`)}
            data-testid="order-paid-cancel"
          >
            {t(`${m}.paidCancel`)}
          </Alert>
        )}
        {move.isError && !(isApiError(move.error) && move.error.fields?.note) && (
          <Alert color="red" icon={<AlertIcon />} role="alert">
            {describeError(move.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={move.isPending} data-testid="order-move-submit">
            {paidCancel ? t(`${m}.refundAndCancel`) : t(`${m}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function Detail({
  detail,
  headingRef,
  onDirty,
}: {
  detail: StaffOrderDetail
  headingRef: React.RefObject<HTMLHeadingElement | null>
  onDirty: (dirty: boolean) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const canMove = useStaffCan('sales:write')
  const { order } = detail
  const d = 'staffOrders.detail'
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
            {t(`${d}.title`, { orderNo: order.orderNo })}
          </Title>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Text size="sm">
          {detail.dealer.code} – {detail.dealer.name}
        </Text>
        <Text size="xs" c="dimmed">
          {dates.dateTime(order.date)}
        </Text>
      </Stack>
      <SimpleGrid
        component="dl"
        cols={2}
        spacing="sm"
        verticalSpacing="xs"
        m={0}
        aria-label={t(`${d}.facts`)}
      >
        <Fact label={t(`${d}.creator`)}>{order.creator}</Fact>
        <Fact label={t(`${d}.branch`)}>{order.branch ?? t(`${d}.none`)}</Fact>
        <Fact label={t(`${d}.plan`)}>
          {order.paymentPlan}
          {detail.paidByCard ? ` · ${t('staffOrders.paidByCard')}` : ''}
        </Fact>
        <Fact label={t('staffOrders.columns.total')}>{formatMoney(order.total, locale)}</Fact>
        <Fact label={t(`${d}.erp`)}>{detail.erpDocumentNo ?? t(`${d}.none`)}</Fact>
        <Fact label={t(`${d}.note`)}>{order.description}</Fact>
      </SimpleGrid>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('staffOrders.move.title')}
        </Title>
        {canMove ? (
          <MoveForm detail={detail} onDirty={onDirty} onMoved={() => onDirty(false)} />
        ) : (
          <Text size="sm">{t('staffOrders.move.readOnly')}</Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t(`${d}.history`)}
        </Title>
        <OrderStatusHistory
          history={detail.history.map((change) => ({
            ...change,
            by: change.by ?? (change.byStaff ? null : t(`${d}.byDealer`)),
          }))}
          label={t(`${d}.history`)}
          emptyText={t(`${d}.noHistory`)}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t(`${d}.lines`)}
        </Title>
        <OrderItemsTable
          order={order}
          imageSize={40}
          label={t('orders.itemsOf', { orderNo: order.orderNo })}
        />
      </Stack>
      <EntityHistory entity="order" entityId={order.id} headingOrder={4} />
    </Stack>
  )
}

/**
 * The question a typed note raises when the drawer is asked to close: drawn inside the drawer (a
 * second dialog over it would fight it for the focus), with the focus on "go back".
 */
function UnsavedNote({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const { t } = useTranslation()
  const keep = useRef<HTMLButtonElement | null>(null)
  useEffect(() => keep.current?.focus(), [])
  const u = 'staffOrders.unsaved'
  return (
    <Alert color="yellow" icon={<AlertIcon />} title={t(`${u}.title`)} mb="md" data-testid="order-unsaved">
      <Stack gap="sm">
        <Text size="sm">{t(`${u}.text`)}</Text>
        <Group gap="sm">
          <Button ref={keep} variant="default" onClick={onKeep}>
            {t(`${u}.keep`)}
          </Button>
          <Button color="red" variant="light" onClick={onDiscard}>
            {t(`${u}.discard`)}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

/**
 * One order in a drawer: its facts, the next step, its history and its lines. Closing it (Escape, the
 * close button) with a typed note asks first; asked again, it goes back to the note. The screen gives
 * the focus back to the row's button.
 */
export function StaffOrderDrawer({ row, onClose }: { row: StaffOrderRow | null; onClose: () => void }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const detail = useStaffOrder(row?.id ?? null)
  const heading = useRef<HTMLHeadingElement | null>(null)
  const [dirty, setDirty] = useState(false)
  const [asking, setAsking] = useState(false)
  const d = 'staffOrders.detail'

  const close = () => {
    if (!dirty) onClose()
    else setAsking((now) => !now)
  }
  const discard = () => {
    setAsking(false)
    setDirty(false)
    onClose()
  }

  let content: React.ReactNode = null
  if (row === null) content = null
  else if (detail.data) content = <Detail detail={detail.data} headingRef={heading} onDirty={setDirty} />
  else if (detail.isError)
    content = <LoadError title={t(`${d}.error`)} error={detail.error} onRetry={() => detail.refetch()} />
  else
    content = (
      <Stack gap="sm" role="status" aria-label={t(`${d}.loading`)}>
        <Skeleton height={28} width="70%" />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    )

  return (
    <Drawer
      opened={row !== null}
      onClose={close}
      title={row ? row.orderNo : ''}
      position="right"
      size={phone ? '100%' : 'xl'}
      returnFocus={false}
      data-testid="order-drawer"
    >
      {asking && <UnsavedNote onKeep={() => setAsking(false)} onDiscard={discard} />}
      {content}
    </Drawer>
  )
}
