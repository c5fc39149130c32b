import { ActionIcon, Badge, Button, type ButtonProps, Group, Text, Tooltip } from '@mantine/core'
import { useState } from 'react'
import { BusyButton } from '../../../components/BusyButton'
import { MailIcon, PencilIcon, PrinterIcon, UserPlusIcon } from '../../../components/icons/OfferIcons'
import { useTranslation } from '../../../i18n/use-translation'
import { useMailOffer } from '../api/offers-api'
import type { OfferRowState } from '../hooks/use-offer-row'
import { notifyFailure, notifySuccess } from '../offer-feedback'
import { OfferCustomerModal } from './OfferCustomerModal'

/** Small buttons in the table's action column; touch-sized ones that share a wrapping row on a phone. */
const sizing = (phone?: boolean): ButtonProps & { style?: { flexGrow: number } } =>
  phone ? { size: 'md', style: { flexGrow: 1 } } : { size: 'xs' }

interface PartProps {
  row: OfferRowState
  phone?: boolean
}

/**
 * The customer: an add button without a customer name, else the company (or name) and an edit button.
 * On a phone the button carries its text beside the icon.
 */
export function CustomerCell({ row: { offer, noId }, phone }: PartProps) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  const shown = offer.customerCompanyName?.trim() || offer.customerName?.trim()
  const label = offer.customerName ? t('offers.customer.update') : t('offers.customer.add')
  const icon = offer.customerName ? <PencilIcon /> : <UserPlusIcon />
  const common = {
    'aria-describedby': noId,
    onClick: () => setOpened(true),
    'data-testid': offer.customerName ? 'customer-update' : 'customer-add',
  }
  // A cancelled offer's customer can no longer change (the server refuses it).
  let button = null
  if (!offer.isCancel) {
    button = phone ? (
      <Button variant="light" size="md" leftSection={icon} {...common}>
        {label}
      </Button>
    ) : (
      <Tooltip label={label} withArrow>
        <ActionIcon variant="subtle" aria-label={label} {...common}>
          {icon}
        </ActionIcon>
      </Tooltip>
    )
  }
  return (
    <>
      <Group
        gap={phone ? 'xs' : 4}
        wrap={phone ? 'wrap' : 'nowrap'}
        justify={phone ? 'space-between' : undefined}
      >
        {offer.customerName && (
          <Text
            size="sm"
            data-testid="offer-customer"
            style={phone ? { overflowWrap: 'anywhere' } : undefined}
          >
            {shown}
          </Text>
        )}
        {button}
        {!offer.customerName && offer.isCancel && (
          <Text size="sm" c="dimmed" aria-hidden="true">
            –
          </Text>
        )}
      </Group>
      <OfferCustomerModal offer={offer} opened={opened} onClose={() => setOpened(false)} />
    </>
  )
}

/** The mail button: a tooltip says why it is off when the offer is cancelled or has no e-mail address. */
export function MailButton({ row: { offer, noId }, phone }: PartProps) {
  const { t } = useTranslation()
  const mail = useMailOffer()
  const reason = offer.isCancel
    ? t('offers.mailCancelled')
    : offer.customerEmail
      ? null
      : t('offers.mailNoEmail')
  const send = () => {
    if (reason || mail.isPending) return
    mail.mutate(offer.id, {
      onSuccess: () => notifySuccess(t('offers.mailSent')),
      onError: (error) => notifyFailure(error, t('offers.mailFailed')),
    })
  }
  const common = {
    'aria-label': t('offers.mailFor', { orderNo: offer.orderNo }),
    'aria-describedby': noId,
    'aria-disabled': reason ? true : undefined,
    'data-disabled': reason ? true : undefined,
    loading: mail.isPending,
    onClick: send,
    'data-testid': 'offer-mail',
  }
  return (
    <Tooltip
      label={reason ?? t('offers.mail')}
      withArrow
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      {phone ? (
        <Button variant="light" leftSection={<MailIcon />} {...sizing(phone)} {...common}>
          {t('offers.mail')}
        </Button>
      ) : (
        <ActionIcon variant="light" size="input-xs" {...common}>
          <MailIcon />
        </ActionIcon>
      )}
    </Tooltip>
  )
}

/** Kaydet: saves the changed percents (off until one changed). */
export function SaveButton({ row, phone }: PartProps) {
  const { t } = useTranslation()
  return (
    <BusyButton
      {...sizing(phone)}
      onClick={row.saveProfits}
      inactive={!row.dirty && !row.saving}
      busy={row.saving}
      aria-label={t('offers.saveFor', { orderNo: row.offer.orderNo })}
    >
      {t('offers.save')}
    </BusyButton>
  )
}

export function CancelledBadge({ phone }: { phone?: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge color="red" variant="light" size={phone ? 'lg' : undefined} data-testid="offer-cancelled">
      {t('offers.cancelled')}
    </Badge>
  )
}

/** İptal, after a confirmation. */
export function CancelButton({ row, phone }: PartProps) {
  const { t } = useTranslation()
  return (
    <BusyButton
      {...sizing(phone)}
      variant="light"
      color="red"
      onClick={row.confirmCancel}
      busy={row.cancelling}
      aria-label={t('offers.cancelFor', { orderNo: row.offer.orderNo })}
    >
      {t('offers.cancel')}
    </BusyButton>
  )
}

/** Düzenle: the offer's lines back into the cart. */
export function EditButton({ row, phone }: PartProps) {
  const { t } = useTranslation()
  return (
    <BusyButton
      {...sizing(phone)}
      variant="light"
      onClick={row.editOffer}
      busy={row.editing}
      aria-label={t('offers.editFor', { orderNo: row.offer.orderNo })}
    >
      {t('offers.edit')}
    </BusyButton>
  )
}

/** Detay: opens and closes the lines. */
export function DetailsButton({ row, phone }: PartProps) {
  const { t } = useTranslation()
  return (
    <Button
      {...sizing(phone)}
      variant={row.open ? 'filled' : 'default'}
      onClick={row.toggleOpen}
      aria-expanded={row.open}
      aria-controls={row.open ? row.detailsId : undefined}
      aria-label={t(row.open ? 'offers.hideDetails' : 'offers.showDetails', { orderNo: row.offer.orderNo })}
    >
      {t('offers.details')}
    </Button>
  )
}

/** Yazdır: the printable quote in its own window. */
export function PrintButton({ row, phone }: PartProps) {
  const { t } = useTranslation()
  return (
    <Button
      {...sizing(phone)}
      variant="default"
      leftSection={<PrinterIcon size={phone ? 18 : 14} />}
      onClick={row.print}
      aria-label={t('offers.printFor', { orderNo: row.offer.orderNo })}
    >
      {t('offers.print')}
    </Button>
  )
}
