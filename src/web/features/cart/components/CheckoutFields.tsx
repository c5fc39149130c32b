import { Badge, Group, NativeSelect, Radio, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { PaymentPlan } from '../../../../contracts/bootstrap'
import { offeredPlans } from '../../../../domain/payment-plan'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { useChangeBranch } from '../api/checkout-api'

/** The plans the dealer may choose from: none unless the store shows payment-plan prices. */
export function useOfferedPlans(): PaymentPlan[] {
  const { bootstrap } = useSession()
  return offeredPlans(bootstrap.paymentPlans, bootstrap.settings.showPaymentPlanPrice)
}

/** One radio per payment plan; a card-paid (virtual) plan says so beside its name. */
export function PaymentPlanChoice({
  plans,
  value,
  onChange,
}: {
  plans: PaymentPlan[]
  value: number | undefined
  onChange: (planId: number) => void
}) {
  const { t } = useTranslation()
  return (
    <Radio.Group
      label={t('checkout.paymentPlan')}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
    >
      <Stack gap={8} mt={6}>
        {plans.map((plan) => (
          <Radio
            key={plan.id}
            value={String(plan.id)}
            label={
              <Group gap={6} component="span">
                <span>{plan.name}</span>
                {plan.isVirtual && (
                  <Badge size="xs" variant="light" component="span">
                    {t('checkout.cardPlan')}
                  </Badge>
                )}
              </Group>
            }
          />
        ))}
      </Stack>
    </Radio.Group>
  )
}

/**
 * The branch the order is for, only for a customer with several branches. A change is stored as the
 * user's preference at once (the server reads it when the order is placed); a refusal puts the
 * previous choice back and says why.
 */
export function BranchSelect() {
  const { t } = useTranslation()
  const { user, preferences } = useSession()
  const change = useChangeBranch()
  const branches = user?.customer?.branches ?? []
  if (branches.length <= 1) return null
  const current = change.isPending ? change.variables : preferences.branch
  const onChange = (value: string) =>
    change.mutate(Number(value), {
      onError: (error) => {
        if (isApiError(error) && error.handled) return
        notifications.show({ color: 'red', message: describeError(error, t) })
      },
    })
  return (
    <NativeSelect
      label={t('checkout.branch')}
      value={current === null || current === undefined ? '' : String(current)}
      onChange={(event) => onChange(event.currentTarget.value)}
      disabled={change.isPending}
      data={[
        ...(current === null || current === undefined
          ? [{ value: '', label: t('checkout.branchPlaceholder'), disabled: true }]
          : []),
        ...branches.map((branch) => ({ value: String(branch.id), label: branch.name })),
      ]}
    />
  )
}
