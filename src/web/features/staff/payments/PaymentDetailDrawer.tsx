import { Alert, Box, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useRef, useState } from 'react'
import type { StaffPaymentDetail } from '../../../../contracts/payments-staff'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import type tr from '../../../i18n/tr.json'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { useStaffCan } from '../use-staff-can'
import { CopyableRef } from './CopyableRef'
import { PaymentActionModal } from './PaymentActionModal'
import { PaymentStatusBadge } from './PaymentStatusBadge'
import { type StaffPaymentAction, useStaffPayment } from './payments-admin-api'
import { Field } from './StaffCards'

type Step = StaffPaymentDetail['events'][number]

/** Who took a step: the payer, the bank, the reconciler, or the staff member by name. */
function useStepActor() {
  const { t } = useTranslation()
  return (step: Step) => {
    if (step.actor === 'staff') return step.user ?? t('staffPayments.payments.detail.actor.staff')
    const actor = t(`staffPayments.payments.detail.actor.${step.actor}`)
    return step.user ? `${actor} (${step.user})` : actor
  }
}

/** The payment's history, oldest step first: when, from → to, who, why and from where. */
function Trail({ events }: { events: Step[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const actorOf = useStepActor()
  const d = 'staffPayments.payments.detail'
  const status = (s: Step['to']) => t(`staffPayments.payments.status.${s}`)
  if (events.length === 0) return <Text size="sm">{t(`${d}.trailEmpty`)}</Text>
  return (
    <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} data-testid="payment-trail">
      {events.map((step, i) => (
        <Box
          component="li"
          // The trail only grows at its end: a step's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          pl="md"
          pb="sm"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}
          data-testid="payment-step"
        >
          <Group justify="space-between" gap="xs" align="baseline">
            <Text size="sm" fw={600}>
              {step.from ? status(step.from) : t(`${d}.created`)} → {status(step.to)}
            </Text>
            <Text size="xs" c="dimmed">
              {dates.dateTime(step.at)}
            </Text>
          </Group>
          <Text size="sm">
            {t(`${d}.by`)}: {actorOf(step)}
          </Text>
          {step.reason && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t(`${d}.reason`)}: {step.reason}
            </Text>
          )}
          {step.ip && (
            <Text size="xs" c="dimmed">
              {t(`${d}.ip`)}:{' '}
              <Text span ff="monospace" size="xs">
                {step.ip}
              </Text>
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  )
}

function Detail({
  payment,
  headingRef,
  onAction,
}: {
  payment: StaffPaymentDetail
  headingRef: React.RefObject<HTMLHeadingElement | null>
  onAction: (action: StaffPaymentAction, button: HTMLButtonElement) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const canWrite = useStaffCan('payments:write')
  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const d = 'staffPayments.payments.detail'
  const f = (key: keyof typeof tr.staffPayments.payments.detail.fields) => t(`${d}.fields.${key}`)
  const a = 'staffPayments.payments.actions'
  return (
    <Stack gap="lg" data-testid="payment-detail">
      <Stack gap={6}>
        <Title order={3} size="h4" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
          {payment.dealer.name} · {tl(payment.totalAmount)}
        </Title>
        <Group gap="xs">
          <PaymentStatusBadge status={payment.status} />
          <Text size="xs" c="dimmed">
            {f('stateChangedAt')}: {dates.dateTime(payment.stateChangedAt)}
          </Text>
        </Group>
      </Stack>

      {payment.status === 'needs_attention' && (
        <Alert
          color="orange"
          variant="light"
          icon={<AlertIcon />}
          title={t(`${d}.attentionTitle`)}
          data-testid="payment-attention"
        >
          <Stack gap="sm">
            {payment.attentionReason && (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {payment.attentionReason}
              </Text>
            )}
            {canWrite && <Text size="sm">{t(`${d}.attentionHelp`)}</Text>}
            {canWrite && (
              <Group gap="sm">
                <Button
                  color="green"
                  onClick={(event) => onAction('book', event.currentTarget)}
                  aria-haspopup="dialog"
                >
                  {t(`${a}.book`)}
                </Button>
                <Button
                  color="red"
                  variant="outline"
                  onClick={(event) => onAction('refund', event.currentTarget)}
                  aria-haspopup="dialog"
                >
                  {t(`${a}.refund`)}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {(payment.status === 'failed' || payment.status === 'expired') && payment.failureMessage && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t(`${d}.failure`)}>
          {payment.failureMessage}
        </Alert>
      )}

      <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" m={0}>
        <Field label={f('dealer')}>
          {payment.dealer.name} ({payment.dealer.code})
        </Field>
        <Field label={f('type')}>{t(`staffPayments.payments.type.${payment.paymentType}`)}</Field>
        <Field label={f('amount')}>{tl(payment.amount)}</Field>
        <Field label={f('total')}>{tl(payment.totalAmount)}</Field>
        <Field label={f('installment')}>
          {payment.installment === 1 ? t('staffPayments.payments.single') : payment.installment}
        </Field>
        <Field label={f('order')}>{payment.order?.no ?? '—'}</Field>
        <Field label={f('card')}>
          <Text span size="sm" ff="monospace">
            {payment.cardMasked}
          </Text>{' '}
          {payment.cardHolder}
        </Field>
        <Field label={f('createdAt')}>{dates.dateTime(payment.createdAt)}</Field>
        <Field label={f('gatewayRef')}>
          <CopyableRef value={payment.gatewayRef} size="sm" />
        </Field>
        <Field label={f('refundRef')}>
          <CopyableRef value={payment.refundRef} size="sm" />
        </Field>
      </SimpleGrid>
      {/* 32 characters: a line of its own. */}
      <Box component="dl" m={0}>
        <Field label={f('id')}>
          <CopyableRef value={payment.id} size="sm" />
        </Field>
      </Box>

      <Stack gap="xs" component="section" aria-label={t(`${d}.trail`)}>
        <Title order={4} size="h5">
          {t(`${d}.trail`)}
        </Title>
        <Trail events={payment.events} />
      </Stack>
    </Stack>
  )
}

/**
 * One payment in a drawer: every field, the history of its steps and, while it needs attention, the
 * two decisions (each confirmed in a modal). Escape closes the modal first, then the drawer; the
 * screen gives the focus back to the row's button (`onClose`). After a decision the focus goes to the
 * drawer's heading, the button pressed being gone with the state it belonged to.
 */
export function PaymentDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const payment = useStaffPayment(id)
  const [action, setAction] = useState<StaffPaymentAction | null>(null)
  const actionButton = useRef<HTMLButtonElement | null>(null)
  const heading = useRef<HTMLHeadingElement | null>(null)
  const d = 'staffPayments.payments.detail'

  let content: React.ReactNode = null
  if (id === null) {
    content = null
  } else if (payment.data) {
    // Kept while a later read fails: the confirmation open over it stays put.
    content = (
      <>
        <Detail
          payment={payment.data}
          headingRef={heading}
          onAction={(next, button) => {
            actionButton.current = button
            setAction(next)
          }}
        />
        <PaymentActionModal
          payment={payment.data}
          action={action}
          onCancel={() => {
            setAction(null)
            setTimeout(() => actionButton.current?.focus(), 0)
          }}
          onDone={() => {
            setAction(null)
            setTimeout(() => heading.current?.focus(), 0)
          }}
        />
      </>
    )
  } else if (payment.isError) {
    content = <LoadError title={t(`${d}.error`)} error={payment.error} onRetry={() => payment.refetch()} />
  } else {
    content = (
      <Stack gap="sm" role="status" aria-label={t(`${d}.loading`)}>
        <Skeleton height={28} width="70%" />
        <Skeleton height={120} />
        <Skeleton height={200} />
      </Stack>
    )
  }

  return (
    <Drawer
      opened={id !== null}
      onClose={() => {
        setAction(null)
        onClose()
      }}
      title={t(`${d}.title`)}
      position="right"
      size={phone ? '100%' : 'lg'}
      // While the confirmation is open, Escape is the modal's alone.
      closeOnEscape={action === null}
      returnFocus={false}
      data-testid="payment-drawer"
    >
      {content}
    </Drawer>
  )
}
