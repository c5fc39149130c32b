import { Stepper } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'

/** The checkout's steps (spec/2 §2): cart preview, payment details, shopping summary. */
export const CHECKOUT_STEPS = ['preview', 'payment', 'summary'] as const

/**
 * The progress bar of the checkout. The steps are not buttons one can go to: the page's own buttons
 * move between them (a paid order has no way back to the card form).
 */
export function CheckoutSteps({ active }: { active: number }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('payment.steps.label')}>
      <Stepper active={active} size="sm" allowNextStepsSelect={false} data-testid="checkout-steps">
        {CHECKOUT_STEPS.map((step, index) => (
          <Stepper.Step
            key={step}
            label={t(`payment.steps.${step}`)}
            aria-current={index === active ? 'step' : undefined}
          />
        ))}
      </Stepper>
    </nav>
  )
}
