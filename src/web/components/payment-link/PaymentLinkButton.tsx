import { Button, type ButtonProps } from '@mantine/core'
import { useState } from 'react'
import { amountForInput } from '../../../domain/amount'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { LinkIcon } from './PaymentLinkIcons'
import { PaymentLinkModal } from './PaymentLinkModal'

export type PaymentLinkButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'fullWidth'> & {
  /** Open statement items the link's payment settles first (the statement's ticked rows). */
  settleEntryIds?: number[]
  /** The amount the modal starts with (e.g. the sum of the ticked rows), TRY. */
  amount?: number | string
}

/**
 * "Ödeme Bağlantısı": opens the payment-link modal. Shown to dealers only, and only while the store has
 * payment links on (b2b_cari_odeme_baglantisi, spec/2 §6); otherwise it renders nothing. Used on the
 * pay-on-account page and the account statement.
 */
export function PaymentLinkButton({
  settleEntryIds,
  amount,
  variant = 'default',
  ...button
}: PaymentLinkButtonProps) {
  const { t } = useTranslation()
  const { user, bootstrap, locale } = useSession()
  const [opened, setOpened] = useState(false)
  if (user?.role !== 'dealer' || !bootstrap.settings.b2b_cari_odeme_baglantisi) return null
  return (
    <>
      <Button
        variant={variant}
        {...button}
        leftSection={<LinkIcon />}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        {t('paymentLink.button')}
      </Button>
      <PaymentLinkModal
        opened={opened}
        onClose={() => setOpened(false)}
        settleEntryIds={settleEntryIds}
        initialAmount={amountForInput(amount, locale)}
      />
    </>
  )
}
