import { Alert, Button, Divider, Modal, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useRef } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { useAmountHint } from '../../lib/amount-text'
import { BusyButton } from '../BusyButton'
import { AlertIcon, CheckIcon, WhatsAppIcon } from '../icons/Icons'
import { CopyIcon, LinkIcon, SendIcon } from './PaymentLinkIcons'
import { usePaymentLink } from './use-payment-link'

export type PaymentLinkModalProps = {
  opened: boolean
  onClose: () => void
  /** Open statement items the link's payment settles first. */
  settleEntryIds?: number[]
  /** The amount the amount field starts with, as people type it ('1250,50'). */
  initialAmount?: string
}

function PaymentLinkForm({
  settleEntryIds,
  initialAmount,
}: {
  settleEntryIds: number[]
  initialAmount: string
}) {
  const { t } = useTranslation()
  const amountHint = useAmountHint()
  const linkInput = useRef<HTMLInputElement>(null)
  const m = usePaymentLink(settleEntryIds, initialAmount)
  const working = m.status === 'working'

  const submit = (run: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void run()
  }

  return (
    <Stack gap="md" data-status={m.status}>
      <Text size="sm" c="dimmed">
        {t('paymentLink.intro')}
      </Text>

      <form onSubmit={submit(m.create)} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('paymentLink.amount')}
            description={amountHint}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={m.amount}
            error={m.errors.amount}
            onChange={(event) => m.setAmount(event.currentTarget.value)}
            data-autofocus
          />
          <BusyButton
            type="submit"
            busy={m.action === 'create'}
            inactive={working && m.action !== 'create'}
            leftSection={<LinkIcon />}
          >
            {t('paymentLink.create')}
          </BusyButton>
        </Stack>
      </form>

      {m.message && (
        <Alert
          color={m.status === 'success' ? 'green' : 'red'}
          variant="light"
          icon={m.status === 'success' ? <CheckIcon /> : <AlertIcon />}
          role={m.status === 'success' ? 'status' : 'alert'}
          data-testid="payment-link-message"
        >
          {m.message}
        </Alert>
      )}

      <Stack gap="xs">
        {m.link && (
          <TextInput
            ref={linkInput}
            label={t('paymentLink.link')}
            value={m.link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            data-testid="payment-link-url"
          />
        )}
        <Button variant="light" leftSection={<CopyIcon />} onClick={() => m.copy(linkInput.current)}>
          {t('paymentLink.copy')}
        </Button>
      </Stack>

      <Divider />

      <form onSubmit={submit(m.send)} noValidate>
        <Stack gap="xs">
          <TextInput
            label={t('paymentLink.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={m.email}
            error={m.errors.email}
            onChange={(event) => m.setEmail(event.currentTarget.value)}
          />
          <BusyButton
            type="submit"
            variant="outline"
            busy={m.action === 'send'}
            inactive={working && m.action !== 'send'}
            leftSection={<SendIcon />}
          >
            {t('paymentLink.send')}
          </BusyButton>
        </Stack>
      </form>

      <BusyButton
        color="green"
        variant="outline"
        busy={m.action === 'whatsapp'}
        inactive={working && m.action !== 'whatsapp'}
        leftSection={<WhatsAppIcon size={18} />}
        onClick={() => void m.shareOnWhatsApp()}
      >
        {t('paymentLink.whatsapp')}
      </BusyButton>
    </Stack>
  )
}

/**
 * The payment-link modal (spec/2 §2, §4, §8): an amount, a link made for it, copied, mailed or shared
 * on WhatsApp. Its body is mounted while open only, so closing it clears every field.
 */
export function PaymentLinkModal({
  opened,
  onClose,
  settleEntryIds = [],
  initialAmount = '',
}: PaymentLinkModalProps) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t('paymentLink.title')} centered>
      {opened && <PaymentLinkForm settleEntryIds={settleEntryIds} initialAmount={initialAmount} />}
    </Modal>
  )
}
