import { Badge, Box, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { AdminPaymentLink } from '../../../../contracts/back-office'
import type { StaffPayment } from '../../../../contracts/payments-staff'
import { formatMoney } from '../../../../domain/money-format'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { CopyableRef } from './CopyableRef'
import { OpenPaymentButton, type PaymentColumn, PaymentNote } from './PaymentRowParts'
import { PaymentStatusBadge } from './PaymentStatusBadge'

/** The columns of the payment links table, whose headers label the cards' values. */
export type LinkColumn = 'dealer' | 'amount' | 'status' | 'email' | 'createdAt' | 'expiresAt'

/** A labelled value of a card (the column header of the desktop table above its value), in a `dl`. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
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

/** The dealer at the top of a card: its name in bold, its code under it. */
function Dealer({ dealer }: { dealer: { name: string; code: string } }) {
  return (
    <Box>
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {dealer.name}
      </Text>
      <Text size="xs" c="dimmed">
        {dealer.code}
      </Text>
    </Box>
  )
}

/**
 * Phone: each card payment as a card with every column of the desktop table labelled, its reason under
 * its status and the button to its detail at the bottom.
 */
export function PaymentCards({
  payments,
  onOpen,
}: {
  payments: StaffPayment[]
  onOpen: (id: string) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const col = (key: PaymentColumn) => t(`staffPayments.payments.columns.${key}`)
  return (
    <PlainList label={t('staffPayments.payments.list')} data-testid="payment-cards">
      {payments.map((p) => (
        <Card
          key={p.id}
          component="li"
          withBorder
          padding="sm"
          data-testid="payment-row"
          data-status={p.status}
          style={
            p.status === 'needs_attention'
              ? { borderColor: 'var(--mantine-color-orange-6)', background: 'var(--mantine-color-orange-0)' }
              : undefined
          }
        >
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <PaymentStatusBadge status={p.status} />
              <Text size="sm" c="dimmed">
                {dates.dateTime(p.createdAt)}
              </Text>
            </Group>
            <PaymentNote payment={p} size="sm" />
            <Dealer dealer={p.dealer} />
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Field label={col('type')}>{t(`staffPayments.payments.type.${p.paymentType}`)}</Field>
              <Field label={col('order')}>{p.order?.no ?? '—'}</Field>
              <Field label={col('amount')}>{tl(p.amount)}</Field>
              <Field label={col('total')}>{tl(p.totalAmount)}</Field>
              <Field label={col('installment')}>
                {p.installment === 1 ? t('staffPayments.payments.single') : p.installment}
              </Field>
              <Field label={col('card')}>
                <Text span size="sm" ff="monospace">
                  {p.cardMasked}
                </Text>{' '}
                {p.cardHolder}
              </Field>
            </SimpleGrid>
            <Box component="dl" m={0}>
              <Field label={col('reference')}>
                <CopyableRef value={p.gatewayRef} size="sm" />
              </Field>
            </Box>
            <OpenPaymentButton payment={p} onOpen={onOpen} fullWidth />
          </Stack>
        </Card>
      ))}
    </PlainList>
  )
}

const linkStatusColor: Record<AdminPaymentLink['status'], string> = {
  open: 'blue',
  paid: 'green',
  expired: 'gray',
}

export function LinkStatusBadge({ status }: { status: AdminPaymentLink['status'] }) {
  const { t } = useTranslation()
  return (
    <Badge color={linkStatusColor[status]} variant="light">
      {t(`staffPayments.links.status.${status}`)}
    </Badge>
  )
}

/** Phone: each payment link as a card with every column of the desktop table labelled. */
export function PaymentLinkCards({ links }: { links: AdminPaymentLink[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const col = (key: LinkColumn) => t(`staffPayments.links.columns.${key}`)
  return (
    <PlainList label={t('staffPayments.links.list')} data-testid="link-cards">
      {links.map((link) => (
        <Card key={link.id} component="li" withBorder padding="sm" data-testid="link-row">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs">
              <LinkStatusBadge status={link.status} />
              <Text fw={700}>{formatMoney({ value: link.amount, currency: 'TRY' }, locale)}</Text>
            </Group>
            <Dealer dealer={link.dealer} />
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Field label={col('createdAt')}>{dates.dateTime(link.createdAt)}</Field>
              <Field label={col('expiresAt')}>{dates.dateTime(link.expiresAt)}</Field>
            </SimpleGrid>
            <Box component="dl" m={0}>
              <Field label={col('email')}>{link.email ?? '—'}</Field>
            </Box>
            {link.paidAt && (
              <Text size="sm" c="dimmed">
                {t('staffPayments.links.paidOn', { date: dates.dateTime(link.paidAt) })}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </PlainList>
  )
}
