import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { Locale } from '../../../contracts/common'
import type { Offer, OfferList } from '../../../contracts/offers'
import { formatMoney } from '../../../domain/money-format'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { useLocalePath, useSession } from '../../lib/session-context'
import { OfferCustomerModal } from './OfferCustomerModal'
import { OfferDetails } from './OfferDetails'
import { changedProfits, draftForAll, draftTotals, type PercentInput, type ProfitDraft } from './offer-draft'
import { notifyFailure, notifySuccess, showAlert } from './offer-feedback'
import { MailIcon, PencilIcon, PrinterIcon, UserPlusIcon } from './offer-icons'
import { useCancelOffer, useEditOffer, useMailOffer, useSaveProfits } from './offers-api'
import { printHtml } from './print-window'
import { buildQuoteForm, quoteTexts } from './quote-form'

const dateFormats = new Map<Locale, Intl.DateTimeFormat>()

/** '14.03.2026 12:30' (tr), '14/03/2026, 12:30' (en), in the browser's time zone. */
export function formatOfferDate(iso: string, locale: Locale): string {
  let format = dateFormats.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', {
      dateStyle: 'short',
      timeStyle: 'short',
    })
    dateFormats.set(locale, format)
  }
  return format.format(new Date(iso))
}

/** The customer cell: an add button without a customer name, else the company (or name) and an edit button. */
function CustomerCell({ offer, describedBy }: { offer: Offer; describedBy: string }) {
  const { t } = useTranslation()
  const [opened, setOpened] = useState(false)
  const shown = offer.customerCompanyName?.trim() || offer.customerName?.trim()
  const label = offer.customerName ? t('offers.customer.update') : t('offers.customer.add')
  // A cancelled offer's customer can no longer change (the server refuses it).
  const button = offer.isCancel ? null : (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        aria-describedby={describedBy}
        onClick={() => setOpened(true)}
        data-testid={offer.customerName ? 'customer-update' : 'customer-add'}
      >
        {offer.customerName ? <PencilIcon /> : <UserPlusIcon />}
      </ActionIcon>
    </Tooltip>
  )
  return (
    <>
      <Group gap={4} wrap="nowrap">
        {offer.customerName && (
          <Text size="sm" data-testid="offer-customer">
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
function MailButton({ offer, describedBy }: { offer: Offer; describedBy: string }) {
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
  return (
    <Tooltip
      label={reason ?? t('offers.mail')}
      withArrow
      multiline
      maw={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="light"
        size="input-xs"
        aria-label={t('offers.mailFor', { orderNo: offer.orderNo })}
        aria-describedby={describedBy}
        aria-disabled={reason ? true : undefined}
        data-disabled={reason ? true : undefined}
        loading={mail.isPending}
        onClick={send}
        data-testid="offer-mail"
      >
        <MailIcon />
      </ActionIcon>
    </Tooltip>
  )
}

/**
 * One offer of the list (spec/2 §2) and, while open, its lines. The percents typed here stay on this
 * row until Kaydet saves them (or the offer is cancelled).
 */
export function OfferRow({ offer, list }: { offer: Offer; list: OfferList }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const noId = useId()
  const detailsId = useId()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState<ProfitDraft>({})
  const [allPercent, setAllPercent] = useState<PercentInput>('')
  const cancel = useCancelOffer()
  const edit = useEditOffer()
  const save = useSaveProfits()

  const readOnly = offer.isCancel
  const totals = draftTotals(offer, readOnly ? {} : draft)
  const changes = readOnly ? {} : changedProfits(offer, draft)
  const dirty = Object.keys(changes).length > 0
  const busy = cancel.isPending || edit.isPending || save.isPending

  const saveProfits = () =>
    save.mutate(
      { [offer.orderNo]: changes },
      {
        onSuccess: () => {
          setDraft({})
          setAllPercent('')
          notifySuccess(t('offers.saved'))
        },
        onError: (error) => notifyFailure(error, t('offers.profitFailed')),
      },
    )

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t('offers.cancelTitle'),
      centered: true,
      children: <Text size="sm">{t('offers.cancelText', { orderNo: offer.orderNo })}</Text>,
      labels: { confirm: t('offers.cancelConfirm'), cancel: t('offers.cancelKeep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(offer.id, {
          onSuccess: () => {
            setDraft({})
            setAllPercent('')
          },
          onError: (error) => notifyFailure(error, t('offers.cancelFailed')),
        }),
    })

  const editOffer = () =>
    edit.mutate(offer.id, {
      onSuccess: (result) => {
        if (result.refused.length > 0) {
          showAlert(
            t,
            result.refused.map((line) =>
              t('offers.editRefusedLine', {
                name: line.product.name,
                code: line.product.code,
                message: line.messages.type,
              }),
            ),
            t('offers.editRefusedTitle'),
          )
        }
        navigate(localePath('/sepet'))
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return
        showAlert(t, [describeError(error, t)])
      },
    })

  const print = () => {
    const html = buildQuoteForm({
      offer,
      totals,
      seller: list.seller,
      logo: list.logo,
      origin: window.location.origin,
      locale,
      texts: quoteTexts(t),
    })
    if (!printHtml(html, `teklif-${offer.orderNo}`)) {
      notifications.show({ color: 'red', message: t('offers.printBlocked'), autoClose: 10_000 })
    }
  }

  const setAll = (value: PercentInput) => {
    setAllPercent(value)
    if (typeof value === 'number') setDraft(draftForAll(offer, value))
  }

  return (
    <>
      <Table.Tr data-testid="offer-row" data-offer-id={offer.id} aria-busy={busy || undefined}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm" fw={600} id={noId} data-testid="offer-no">
            {offer.orderNo}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="offer-date">
          {formatOfferDate(offer.date, locale)}
        </Table.Td>
        <Table.Td miw={160}>
          <CustomerCell offer={offer} describedBy={noId} />
        </Table.Td>
        <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="offer-row-total">
          {formatMoney(offer.total, locale)}
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="wrap" justify="flex-end">
            {open && !readOnly && (
              <Button
                size="xs"
                onClick={saveProfits}
                disabled={!dirty}
                loading={save.isPending}
                aria-label={t('offers.saveFor', { orderNo: offer.orderNo })}
              >
                {t('offers.save')}
              </Button>
            )}
            {readOnly ? (
              <Badge color="red" variant="light" data-testid="offer-cancelled">
                {t('offers.cancelled')}
              </Badge>
            ) : (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={confirmCancel}
                loading={cancel.isPending}
                aria-label={t('offers.cancelFor', { orderNo: offer.orderNo })}
              >
                {t('offers.cancel')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              onClick={editOffer}
              loading={edit.isPending}
              aria-label={t('offers.editFor', { orderNo: offer.orderNo })}
            >
              {t('offers.edit')}
            </Button>
            <Button
              size="xs"
              variant={open ? 'filled' : 'default'}
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={t(open ? 'offers.hideDetails' : 'offers.showDetails', { orderNo: offer.orderNo })}
            >
              {t('offers.details')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<PrinterIcon size={14} />}
              onClick={print}
              aria-label={t('offers.printFor', { orderNo: offer.orderNo })}
            >
              {t('offers.print')}
            </Button>
            <MailButton offer={offer} describedBy={noId} />
          </Group>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr data-testid="offer-detail-row">
          <Table.Td colSpan={5} bg="var(--mantine-color-gray-0)">
            <OfferDetails
              id={detailsId}
              offer={offer}
              draft={draft}
              totals={totals}
              readOnly={readOnly}
              dirty={dirty}
              allPercent={allPercent}
              onLineChange={(itemId, value) => setDraft((current) => ({ ...current, [itemId]: value }))}
              onAllChange={setAll}
            />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
