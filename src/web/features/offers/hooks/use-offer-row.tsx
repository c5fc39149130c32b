import { Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Offer, OfferList } from '../../../../contracts/offers'
import { showAlert } from '../../../components/alert'
import { useTranslation } from '../../../i18n/use-translation'
import { withAddErrors } from '../../../lib/add-errors'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { printHtml } from '../../../lib/print-window'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { useCancelOffer, useEditOffer, useSaveProfits } from '../api/offers-api'
import { changedProfits, draftForAll, draftTotals, type PercentInput, type ProfitDraft } from '../offer-draft'
import { notifyFailure, notifySuccess } from '../offer-feedback'
import { buildQuoteForm, quoteTexts } from '../quote-form'

/**
 * The state and actions of one offer of the list, shared by the table row (desktop) and the card
 * (phone). The percents typed stay here until Kaydet saves them (or the offer is cancelled).
 */
export function useOfferRow(offer: Offer, list: OfferList) {
  const { t } = useTranslation()
  const { locale, bootstrap } = useSession()
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
            { title: t('offers.editRefusedTitle'), testId: 'offer-alert' },
          )
        }
        // The cart marks each refused product with its add error too (spec/2 §8).
        const addErrors = result.refused.map((line) => ({
          productId: line.product.id,
          code: line.product.code,
          name: line.product.name,
          message: line.messages.type,
        }))
        navigate(localePath('/sepet'), { state: addErrors.length > 0 ? withAddErrors(addErrors) : null })
      },
      onError: (error) => {
        if (isApiError(error) && error.handled) return
        showAlert(t, describeError(error, t), { testId: 'offer-alert' })
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
      timeZone: bootstrap.settings.timeZone,
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

  return {
    offer,
    /** Ids of the offer number (describes the row's buttons) and of the open details. */
    noId,
    detailsId,
    open,
    toggleOpen: () => setOpen((o) => !o),
    readOnly,
    dirty,
    busy: cancel.isPending || edit.isPending || save.isPending,
    saving: save.isPending,
    cancelling: cancel.isPending,
    editing: edit.isPending,
    saveProfits,
    confirmCancel,
    editOffer,
    print,
    /** What the details (table or list) need. */
    details: {
      id: detailsId,
      offer,
      draft,
      totals,
      readOnly,
      dirty,
      allPercent,
      onLineChange: (itemId: number, value: PercentInput) =>
        setDraft((current) => ({ ...current, [itemId]: value })),
      onAllChange: setAll,
    },
  }
}

export type OfferRowState = ReturnType<typeof useOfferRow>
