import { Stepper, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'

/** The checkout's steps (spec/2 §2): cart preview, payment details, shopping summary. */
export const CHECKOUT_STEPS = ['preview', 'payment', 'summary'] as const

/**
 * The progress bar of the checkout. The steps are not buttons one can go to: the page's own buttons
 * move between them (a paid order has no way back to the card form). On a phone the three labels do
 * not fit one row: only the active step's label is shown, the others are read by screen readers only.
 */
export function CheckoutSteps({ active }: { active: number }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  return (
    <nav aria-label={t('payment.steps.label')}>
      <Stepper
        active={active}
        size={phone ? 'xs' : 'sm'}
        allowNextStepsSelect={false}
        wrap={false}
        data-testid="checkout-steps"
        styles={phone ? { separator: { marginInline: 6 } } : undefined}
      >
        {CHECKOUT_STEPS.map((step, index) => {
          const label = t(`payment.steps.${step}`)
          return (
            <Stepper.Step
              key={step}
              label={phone && index !== active ? <VisuallyHidden>{label}</VisuallyHidden> : label}
              aria-current={index === active ? 'step' : undefined}
            />
          )
        })}
      </Stepper>
    </nav>
  )
}
