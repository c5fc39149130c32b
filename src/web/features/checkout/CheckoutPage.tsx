import { Alert, Button, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import type { PaymentPlan } from '../../../contracts/bootstrap'
import type { Cart } from '../../../contracts/cart'
import type { PaymentResult } from '../../../contracts/payments'
import { offeredPlans } from '../../../domain/payment-plan'
import { CardPaymentForm } from '../../components/card-payment/CardPaymentForm'
import { DealerGate } from '../../components/DealerGate'
import { AlertIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { useCart } from '../../lib/cart/cart-api'
import { useCheckoutInfo } from '../../lib/cart/checkout-info'
import { focusPageHeading } from '../../lib/page-heading'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { CheckoutPreview } from './components/CheckoutPreview'
import { CHECKOUT_STEPS, CheckoutSteps } from './components/CheckoutSteps'
import { descriptionFrom, readPlanParam } from './pay-params'

/** The card plan named in the address, when the store offers it and it is paid by card (virtual). */
function useCardPlan(): PaymentPlan | undefined {
  const { bootstrap } = useSession()
  const [search] = useSearchParams()
  const planId = readPlanParam(search)
  return offeredPlans(bootstrap.paymentPlans, bootstrap.settings.showPaymentPlanPrice).find(
    (plan) => plan.id === planId && plan.isVirtual,
  )
}

function Heading({ step }: { step: number }) {
  const { t } = useTranslation()
  const label = t(`payment.steps.${CHECKOUT_STEPS[step] ?? 'preview'}`)
  usePageTitle(label)
  return (
    <Title order={1} size="h2">
      {label}
    </Title>
  )
}

function Steps({ cart, plan }: { cart: Cart; plan: PaymentPlan }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const location = useLocation()
  const description = descriptionFrom(location.state)
  const info = useCheckoutInfo(cart)
  const [step, setStep] = useState(0)
  const planTotals = info.data?.plans.find((p) => p.id === plan.id)
  const planTotal = planTotals?.baseTotal
  const pending = planTotals === undefined || info.isPlaceholderData
  const toResult = (result: PaymentResult) => {
    navigate(localePath(`/odeme/sonuc/${encodeURIComponent(result.id)}`))
  }

  // The button pressed is gone with its step: the new step's heading takes the focus.
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of step only
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    focusPageHeading()
  }, [step])

  return (
    <Stack gap="lg">
      <Heading step={step} />
      <CheckoutSteps active={step} />
      {info.isError && (
        <LoadError title={t('payment.checkout.error')} error={info.error} onRetry={() => info.refetch()} />
      )}
      {step === 0 ? (
        <CheckoutPreview
          cart={cart}
          planName={plan.name}
          planTotals={pending ? undefined : planTotals}
          description={description}
          onBack={() => navigate(localePath('/sepet'))}
          onContinue={() => setStep(1)}
        />
      ) : (
        <CardPaymentForm
          paymentType="order"
          fixedAmount={planTotal ?? 0}
          amountPending={pending}
          extra={{ advencePrice: String(plan.id), description }}
          onSucceeded={toResult}
          // Still being settled: the result page says so and turns into the paid order by itself.
          onProcessing={toResult}
          secondaryAction={
            <Button variant="default" onClick={() => setStep(0)}>
              {t('payment.checkout.previous')}
            </Button>
          }
        />
      )}
    </Stack>
  )
}

function CheckoutFlow() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const plan = useCardPlan()
  const cart = useCart()
  if (!plan) {
    return (
      <Stack gap="md">
        <Heading step={0} />
        <Alert
          color="yellow"
          icon={<AlertIcon />}
          title={t('payment.checkout.wrongPlanTitle')}
          data-testid="wrong-plan"
        >
          <Text size="sm" mb="sm">
            {t('payment.checkout.wrongPlanText')}
          </Text>
          <Button component={Link} to={localePath('/sepet')} size="xs" variant="white">
            {t('payment.checkout.backToCart')}
          </Button>
        </Alert>
      </Stack>
    )
  }
  if (cart.isPending) {
    return (
      <Stack gap="md" role="status" aria-label={t('payment.checkout.loading')}>
        <Skeleton height={36} />
        <Skeleton height={80} />
        <Skeleton height={200} />
      </Stack>
    )
  }
  if (cart.isError) {
    return <LoadError title={t('payment.checkout.error')} error={cart.error} onRetry={() => cart.refetch()} />
  }
  if (cart.data.items.length === 0) {
    return (
      <Stack gap="md" data-testid="checkout-empty">
        <Heading step={0} />
        <Text>{t('payment.checkout.empty')}</Text>
        <Button component={Link} to={localePath('/urunler')} w="fit-content">
          {t('cart.goToProducts')}
        </Button>
      </Stack>
    )
  }
  return <Steps cart={cart.data} plan={plan} />
}

/**
 * /odeme/sepet?plan={id} — the checkout of a cart paid by card (spec/2 §2, §4): CheckoutPreview, then
 * CheckoutPayment; CheckoutSummary is /odeme/sonuc/{id}, reached once the server confirmed the payment.
 * The cart page hands over the order note in the navigation state.
 */
export function CheckoutPage() {
  const { t } = useTranslation()
  return (
    <DealerGate adminTitle={t('payment.dealerOnlyTitle')} adminText={t('payment.dealerOnlyText')}>
      <CheckoutFlow />
    </DealerGate>
  )
}
