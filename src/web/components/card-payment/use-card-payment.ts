import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { InstallmentPlan, PaymentResult, PaymentType } from '../../../contracts/payments'
import { digitsOf, type PayAlert, parsePayAmount, payFormAlert } from '../../../domain/card-form'
import { defaultInstallmentPlan, showsInstallmentTable } from '../../../domain/installments'
import { useTranslation } from '../../i18n/use-translation'
import { describeError } from '../../lib/error-message'
import { confirmPayment, paymentKeys, useBinLookup } from '../../lib/payments/payments-api'
import { useSession } from '../../lib/session-context'
import type { CardField, CardFieldRefs, CardValues } from './CardFields'
import type { StartForm } from './PaymentFrameModal'

/** What a page adds to the form the frame sends (spec/2 §7): the cart's plan, a note, ledger items, a link. */
export type PaymentExtras = Partial<
  Pick<StartForm, 'advencePrice' | 'description' | 'settleEntryIds' | 'linkToken'>
>

export interface CardPaymentOptions {
  paymentType: PaymentType
  /** TRY the payer cannot change ('order': the cart in its plan; 'link': the link's amount). */
  fixedAmount?: number | undefined
  /** What the amount field starts with when the payer types the amount ('pay'). */
  initialAmount?: string | undefined
  extra?: PaymentExtras | undefined
  /** Called once the server confirmed the payment succeeded. */
  onSucceeded: (result: PaymentResult) => void
}

const emptyCard: CardValues = { card: '', holder: '', expire: '', ccv: '' }

/** Which field the focus goes to for each alert ('form': the first one). */
const alertField: Record<PayAlert, CardField | 'amount'> = {
  form: 'card',
  card: 'card',
  holder: 'holder',
  ccv: 'ccv',
  amount: 'amount',
  expire: 'expire',
}

/**
 * The state of the card payment form: what was typed (kept through every alert and failure), the BIN
 * answer, the installment chosen, the alert, and the frame's form while the modal is open. A
 * 'payment_succeed' from the frame is only a claim: the server's record of the payment decides.
 */
export function useCardPayment({
  paymentType,
  fixedAmount,
  initialAmount,
  extra,
  onSucceeded,
}: CardPaymentOptions) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<CardValues>(emptyCard)
  const [amountText, setAmountText] = useState(initialAmount ?? '')
  const [chosenPlanId, setChosenPlanId] = useState<number>()
  const [alert, setAlert] = useState<PayAlert | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [frameForm, setFrameForm] = useState<StartForm | null>(null)
  const [confirming, setConfirming] = useState(false)
  const refs: CardFieldRefs & { amount: RefObject<HTMLInputElement | null> } = {
    card: useRef<HTMLInputElement>(null),
    holder: useRef<HTMLInputElement>(null),
    expire: useRef<HTMLInputElement>(null),
    ccv: useRef<HTMLInputElement>(null),
    amount: useRef<HTMLInputElement>(null),
  }
  const payButton = useRef<HTMLButtonElement>(null)
  const confirmation = useRef<AbortController | null>(null)
  useEffect(() => () => confirmation.current?.abort(), [])

  const digits = digitsOf(values.card)
  const binLookup = useBinLookup(digits)
  const bin = binLookup.data
  const amountFixed = fixedAmount !== undefined
  const amount = amountFixed ? parsePayAmount(fixedAmount.toFixed(2)) : parsePayAmount(amountText)
  const showTable =
    bin !== undefined &&
    bin.plans.length > 0 &&
    showsInstallmentTable(amount, bootstrap.settings.installmentLimit)
  const plan: InstallmentPlan | undefined = showTable
    ? (bin.plans.find((p) => p.id === chosenPlanId) ?? defaultInstallmentPlan(bin.plans))
    : undefined

  const focusPayButton = () => requestAnimationFrame(() => payButton.current?.focus())

  const change = (field: CardField, value: string) => {
    setValues((current) => (current[field] === value ? current : { ...current, [field]: value }))
    if (alert && alertField[alert] === field) setAlert(null)
  }
  const changeAmount = (value: string) => {
    setAmountText(value)
    if (alert === 'amount') setAlert(null)
  }

  const submit = () => {
    if (frameForm) return
    setFailure(null)
    const problem = payFormAlert({ ...values, amount: amountFixed ? amount : amountText })
    setAlert(problem)
    if (problem) {
      refs[alertField[problem]].current?.focus()
      return
    }
    setFrameForm({
      paymentType,
      card: digits,
      ccv: values.ccv,
      expire: values.expire,
      holder: values.holder.trim(),
      planId: plan?.id,
      installment: plan?.installment ?? 1,
      amount: paymentType === 'pay' ? amount : undefined,
      description: extra?.description?.trim() ?? '',
      advencePrice: extra?.advencePrice,
      settleEntryIds: extra?.settleEntryIds ?? [],
      linkToken: extra?.linkToken,
    })
  }

  // Closing the modal while the server is asked does not stop the question: a payment that went
  // through still leads to its summary, and one that did not still says why.
  const closeFrame = () => {
    setFrameForm(null)
    focusPayButton()
  }
  const fail = (message: string) => {
    closeFrame()
    setFailure(message || t('payment.failedGeneric'))
  }
  const claimSucceeded = async (intentId: string) => {
    if (confirmation.current) return
    const controller = new AbortController()
    confirmation.current = controller
    setConfirming(true)
    try {
      const result = await confirmPayment(intentId, controller.signal, undefined, extra?.linkToken)
      if (controller.signal.aborted) return
      if (result.succeed) {
        // The summary page shows this answer without asking again.
        queryClient.setQueryData(paymentKeys.result(result.id), result)
        setFrameForm(null)
        onSucceeded(result)
        return
      }
      fail(result.failureMessage ?? (result.status === 'pending' ? t('payment.notConfirmed') : ''))
    } catch (error) {
      if (!controller.signal.aborted) fail(describeError(error, t))
    } finally {
      if (confirmation.current === controller) confirmation.current = null
      setConfirming(false)
    }
  }

  return {
    values,
    change,
    amountText,
    changeAmount,
    amountFixed,
    amount,
    refs,
    payButton,
    bin,
    binLoading: binLookup.fetchStatus === 'fetching',
    showTable,
    plan,
    choosePlan: setChosenPlanId,
    alert,
    failure,
    dismissFailure: () => setFailure(null),
    submit,
    frame: { form: frameForm, confirming, close: closeFrame, fail, claimSucceeded },
  }
}
