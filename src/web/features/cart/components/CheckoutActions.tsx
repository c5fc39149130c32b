import { Alert, Button, Card, Flex, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { Cart } from '../../../../contracts/cart'
import type { Money } from '../../../../contracts/common'
import type { CheckoutInfo } from '../../../../contracts/orders'
import { formatAmount, formatMoney } from '../../../../domain/money-format'
import { checkRiskLimit, type RiskCheck } from '../../../../domain/risk-limit'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon, CheckIcon, WhatsAppIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useCheckoutInfo } from '../../../lib/cart/checkout-info'
import { describeError } from '../../../lib/error-message'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { useMakeOffer, usePlaceOrder } from '../api/checkout-api'
import { cartSummaryText, whatsappShareUrl } from '../whatsapp-summary'
import { BranchSelect, PaymentPlanChoice, useOfferedPlans } from './CheckoutFields'

export const DESCRIPTION_MAX = 1000

/**
 * The risk limit checked before the click, by the same domain rule the server applies inside the
 * order: `used` (overdue balance and open orders) against the order's total in the TRY base.
 */
function riskOf(info: CheckoutInfo | undefined, orderBaseTotal: number): RiskCheck {
  if (!info) return { allowed: true }
  const { enforced, limit, used } = info.risk
  return checkRiskLimit({ enforced, riskLimit: limit, used, orderTotal: orderBaseTotal })
}

/** What the order will cost in the chosen plan (the server prices an order in its plan). */
function PlanTotal({ plan, total, updating }: { plan: string; total: Money; updating: boolean }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Group gap="xs" aria-live="polite" data-testid="plan-total">
      <Text size="sm">
        {t('checkout.planTotal', { plan })}{' '}
        <Text span fw={700} data-testid="plan-total-amount">
          {formatMoney(total, locale)}
        </Text>
      </Text>
      {updating && <Loader size="xs" aria-label={t('app.loading')} />}
    </Group>
  )
}

function RiskAlert({ risk, id }: { risk: RiskCheck; id: string }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  if (risk.allowed) return null
  const text =
    risk.reason === 'blocked'
      ? t('checkout.riskBlocked')
      : t('checkout.riskExceeded', {
          excess: formatAmount(risk.excess.toNumber(), locale),
          max: formatAmount(risk.maxOrder.toNumber(), locale),
        })
  return (
    <Alert color="red" icon={<AlertIcon />} title={t('checkout.riskTitle')} id={id} data-testid="risk-alert">
      {text}
    </Alert>
  )
}

/** A refused order or offer: the server's reason (stock, risk limit…) or our wording for the case. */
function FailureAlert({ title, error, onClose }: { title: string; error: unknown; onClose: () => void }) {
  const { t } = useTranslation()
  // 401 already went to the login page and 403 already showed its toast.
  if (!error || (isApiError(error) && error.handled)) return null
  return (
    <Alert
      color="red"
      icon={<AlertIcon />}
      title={title}
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.cancel')}
      onClose={onClose}
      data-testid="checkout-error"
    >
      {describeError(error, t)}
    </Alert>
  )
}

/** How the cart page holds its lines while the page moves on to the order or the offer list. */
export interface LeavingProps {
  /** The order (or offer) is made and the next page is on its way. */
  leaving?: boolean
  /** Called with the cart the order (or offer) was made of, just before the page moves on. */
  onLeave?: (cart: Cart) => void
}

/** The plan the cart page chose (CartPage holds it: its lines and summary are priced in it). */
export interface CheckoutActionsProps extends LeavingProps {
  /** The cart priced in the chosen plan; undefined while the plan's figures are on their way. */
  shown?: Cart | undefined
  planId?: number | undefined
  onPlanChange?: (planId: number) => void
}

/**
 * The cart page's checkout (spec/2 §2): payment plan, branch, note, then order (or pay, for a plan
 * paid by card), make an offer and send the cart by WhatsApp. While the order (or the offer) is saved
 * its button stays, busy and focused, beside a "saving" status; the other one is disabled. A refusal
 * keeps everything typed and chosen, and the focus where it was. A made order keeps the button busy
 * until the success page is there (the page shows the lines it was made of, never the emptied cart).
 */
export function CheckoutActions({
  cart,
  shown,
  planId,
  onPlanChange = () => {},
  leaving = false,
  onLeave,
}: { cart: Cart } & CheckoutActionsProps) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const plans = useOfferedPlans()
  const [description, setDescription] = useState('')
  const order = usePlaceOrder((placed) => {
    onLeave?.(cart)
    navigate(localePath(`/siparis/${placed.id}`))
  })
  const offer = useMakeOffer(() => {
    onLeave?.(cart)
    navigate(localePath('/teklif/liste'))
  })
  // While the cart becomes an order (or an offer), and after, the figures are not asked again: the
  // answer's "cart is now empty" would start a request the next page throws away (aborted).
  const saving = order.isPending || offer.isPending || leaving
  const info = useCheckoutInfo(saving ? undefined : cart)
  // Made and on the way to the next page: still busy, so nothing can be clicked twice.
  const ordering = order.isPending || (leaving && order.isSuccess)
  const offering = offer.isPending || (leaving && offer.isSuccess)

  const plan = plans.find((p) => p.id === planId)
  const planTotals = plan && info.data?.plans.find((p) => p.id === plan.id)
  const risk = riskOf(info.data, planTotals?.baseTotal ?? cart.baseTotals.total.value)
  const paysByCard = plan?.isVirtual === true
  const busy = ordering || offering
  const offersAllowed = bootstrap.settings.b2b_teklif_ver_durum

  const submit = () => {
    if (paysByCard && plan) {
      // The card checkout (spec/2 §4): the plan in the address, the note in the navigation state.
      navigate(localePath(`/odeme/sepet?plan=${plan.id}`), { state: { description } })
      return
    }
    if (busy || !risk.allowed) return
    offer.reset()
    order.place({ description, advencePrice: plan ? String(plan.id) : undefined })
  }
  const makeOffer = () => {
    if (busy) return
    order.reset()
    offer.mutate(description)
  }

  // The WhatsApp text has the figures the page shows: those of the chosen plan.
  const summary =
    shown &&
    cartSummaryText(
      shown,
      {
        title: t('checkout.summaryTitle', { store: bootstrap.store.name }),
        subtotal: t('cart.subtotal'),
        tax: t('cart.tax'),
        total: t('cart.total'),
        baseTotal: t('cart.baseTotal'),
      },
      locale,
    )

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="checkout-title">
      <Title order={2} size="h4" id="checkout-title" mb="sm">
        {t('checkout.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          {plans.length > 0 && <PaymentPlanChoice plans={plans} value={planId} onChange={onPlanChange} />}
          {plan && planTotals && (
            <PlanTotal
              plan={plan.name}
              total={planTotals.total}
              updating={info.isPlaceholderData && !saving}
            />
          )}
          <BranchSelect />
          <Textarea
            label={t('checkout.description')}
            placeholder={t('checkout.descriptionPlaceholder')}
            name="description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            resize="vertical"
            description={t('checkout.descriptionCount', { count: description.length, max: DESCRIPTION_MAX })}
          />
          {!paysByCard && <RiskAlert risk={risk} id="checkout-risk" />}
          <FailureAlert title={t('checkout.orderFailed')} error={order.error} onClose={order.reset} />
          <FailureAlert title={t('checkout.offerFailed')} error={offer.error} onClose={offer.reset} />
          <Flex direction={{ base: 'column', xs: 'row' }} gap="sm" wrap="wrap" align={{ xs: 'center' }}>
            {paysByCard ? (
              <Button type="submit" disabled={offering}>
                {t('checkout.pay')}
              </Button>
            ) : (
              // Stays in place while the order is saved (busy, not disabled), so the focus stays on it.
              <BusyButton
                type="submit"
                leftSection={<CheckIcon size={16} />}
                busy={ordering}
                disabled={!risk.allowed || offering}
                aria-describedby={risk.allowed ? undefined : 'checkout-risk'}
              >
                {t('checkout.order')}
              </BusyButton>
            )}
            {ordering && (
              <Text size="sm" role="status" data-testid="order-saving">
                {t('checkout.saving')}
              </Text>
            )}
            {offersAllowed && (
              <BusyButton
                type="button"
                variant="light"
                onClick={makeOffer}
                disabled={ordering}
                busy={offering}
              >
                {t('checkout.offer')}
              </BusyButton>
            )}
            {summary ? (
              <Button
                component="a"
                href={whatsappShareUrl(summary)}
                target="_blank"
                rel="noopener noreferrer"
                variant="outline"
                color="green"
                leftSection={<WhatsAppIcon size={16} />}
              >
                {t('checkout.whatsapp')}
              </Button>
            ) : (
              // The plan's figures are on their way: nothing to share yet.
              <Button variant="outline" color="green" leftSection={<WhatsAppIcon size={16} />} disabled>
                {t('checkout.whatsapp')}
              </Button>
            )}
          </Flex>
        </Stack>
      </form>
    </Card>
  )
}
