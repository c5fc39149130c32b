import { useQueryClient } from '@tanstack/react-query'
import { type RefObject, useEffect, useRef, useState } from 'react'
import type { InstallmentPlan, PaymentResult, PaymentType } from '../../../contracts/payments'
import { parseAmount } from '../../../domain/amount'
import { digitsOf, type PayAlert, payFormAlert } from '../../../domain/card-form'
import { defaultInstallmentPlan, showsInstallmentTable } from '../../../domain/installments'
import { useTranslation } from '../../i18n/use-translation'
import { confirmPayment, paymentKeys, useBinLookup } from '../../lib/payments/payments-api'
import { useSession } from '../../lib/session-context'
import type { CardField, CardFieldRefs, CardValues } from './CardFields'
import type { FrameWaiting, StartForm } from './PaymentFrameModal'

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
  /**
   * Called when the bank approved (or the frame claimed a success) but the payment is still being
   * processed (or its callback still awaited) after the whole wait: the page shows where it stands.
   */
  onProcessing: (result: PaymentResult) => void
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
 * 'payment_succeed' or 'payment_processing' from the frame is only a claim: the server's record of the
 * payment decides, asked about until it is settled or about two minutes have passed. Only a failed or
 * expired payment reads as a failure; one still processing then goes to `onProcessing`, and one whose
 * result cannot be had at all is a notice that it is being checked (never "failed": the bank may
 * have taken the money).
 */
export function useCardPayment({
  paymentType,
  fixedAmount,
  initialAmount,
  extra,
  onSucceeded,
  onProcessing,
}: CardPaymentOptions) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const queryClient = useQueryClient()
  const [values, setValues] = useState<CardValues>(emptyCard)
  const [amountText, setAmountText] = useState(initialAmount ?? '')
  const [chosenPlanId, setChosenPlanId] = useState<number>()
  const [alert, setAlert] = useState<PayAlert | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [unconfirmed, setUnconfirmed] = useState(false)
  const [frameForm, setFrameForm] = useState<StartForm | null>(null)
  const [waiting, setWaiting] = useState<FrameWaiting | null>(null)
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
  // The typed amount by the one grammar of typed amounts; what is not one counts as 0 (spec/2 §5).
  const typed = parseAmount(amountText)
  const amount = amountFixed ? fixedAmount.toFixed(2) : typed.ok ? typed.amount : '0.00'
  /** Why the typed amount is refused, once something is typed. */
  const amountRefusal = amountFixed || typed.ok || typed.reason === 'empty' ? null : typed.reason
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
    setUnconfirmed(false)
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
  const claim = async (intentId: string, kind: FrameWaiting) => {
    if (confirmation.current) {
      // Already asking: a later word from the bank that it approved is shown all the same.
      if (kind === 'processing') setWaiting('processing')
      return
    }
    const controller = new AbortController()
    confirmation.current = controller
    setWaiting(kind)
    try {
      const result = await confirmPayment(intentId, {
        signal: controller.signal,
        linkToken: extra?.linkToken,
        onUpdate: (answer) => {
          if (answer.status === 'processing' && !controller.signal.aborted) setWaiting('processing')
        },
      })
      if (controller.signal.aborted) return
      // The result page shows this answer without asking again.
      queryClient.setQueryData(paymentKeys.result(result.id), result)
      if (result.succeed) {
        setFrameForm(null)
        onSucceeded(result)
      } else if (result.status === 'failed' || result.status === 'expired') {
        fail(result.failureMessage ?? '')
      } else {
        setFrameForm(null)
        onProcessing(result)
      }
    } catch {
      if (controller.signal.aborted) return
      closeFrame()
      setUnconfirmed(true)
    } finally {
      if (confirmation.current === controller) confirmation.current = null
      setWaiting(null)
    }
  }

  return {
    values,
    change,
    amountText,
    changeAmount,
    amountFixed,
    amount,
    amountRefusal,
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
    unconfirmed,
    dismissUnconfirmed: () => setUnconfirmed(false),
    submit,
    frame: {
      form: frameForm,
      waiting,
      close: closeFrame,
      fail,
      claimSucceeded: (intentId: string) => claim(intentId, 'confirming'),
      claimProcessing: (intentId: string) => claim(intentId, 'processing'),
    },
  }
}
