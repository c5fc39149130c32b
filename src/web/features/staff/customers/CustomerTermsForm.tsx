import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import {
  PAYMENT_TERM_MAX_DAYS,
  type StaffCustomerDetail,
  type StaffCustomerPatch,
  staffCustomerPatchSchema,
} from '../../../../contracts/staff-customers'
import { amountForInput } from '../../../../domain/amount'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes'
import { useChangeCustomer } from './staff-customers-api'

const T = 'staffCustomers.terms'

interface TermsValues {
  riskLimit: string
  profitPercent: number | string
  paymentTermDays: number | string
  salesUserId: string | null
  active: boolean
  /** '' for none: the store's default. */
  defaultPaymentPlanId: string
}

const FIELDS = [
  'riskLimit',
  'profitPercent',
  'paymentTermDays',
  'salesUserId',
  'active',
  'defaultPaymentPlanId',
] as const

function valuesOf(company: StaffCustomerDetail, locale: 'tr' | 'en'): TermsValues {
  return {
    // 0 is no amount but "no limit": amountForInput would leave the field empty.
    riskLimit: company.riskLimit === 0 ? '0' : amountForInput(company.riskLimit, locale),
    profitPercent: company.profitPercent,
    paymentTermDays: company.paymentTermDays,
    salesUserId: company.salesPerson ? String(company.salesPerson.id) : null,
    active: company.active,
    defaultPaymentPlanId: company.defaultPaymentPlanId === null ? '' : String(company.defaultPaymentPlanId),
  }
}

/** A number field's value as the contract reads it; text a number field could not read stays text. */
const numberOf = (value: number | string): number | string => {
  if (typeof value === 'number') return value
  const read = Number(value.replace(',', '.'))
  return value.trim() !== '' && Number.isFinite(read) ? read : value
}

/**
 * The company's terms: risk limit, price adjustment, payment terms, sales person, the payment plan
 * its dealers' cart starts in (one of the store's plans, or none: the store's default) and whether
 * it may sign in. Only the fields changed are sent, checked first with the contract the server checks with,
 * so a mistake is named on its field before any call; the server's own refusals land there too.
 */
export function CustomerTermsForm({
  company,
  canWrite,
}: {
  company: StaffCustomerDetail
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const { locale, bootstrap } = useSession()
  const save = useChangeCustomer(company.id)
  const form = useForm<TermsValues>({ initialValues: valuesOf(company, locale) })
  const dirty = form.isDirty()
  useUnsavedChangesWarning(dirty && canWrite)

  const submit = form.onSubmit((values) => {
    if (save.isPending) return
    const body: StaffCustomerPatch = {}
    if (form.isDirty('riskLimit')) body.riskLimit = values.riskLimit.trim()
    if (form.isDirty('profitPercent')) body.profitPercent = numberOf(values.profitPercent) as number
    if (form.isDirty('paymentTermDays')) body.paymentTermDays = numberOf(values.paymentTermDays) as number
    if (form.isDirty('salesUserId')) body.salesUserId = values.salesUserId ? Number(values.salesUserId) : null
    if (form.isDirty('active')) body.active = values.active
    if (form.isDirty('defaultPaymentPlanId'))
      body.defaultPaymentPlanId = values.defaultPaymentPlanId ? Number(values.defaultPaymentPlanId) : null
    if (Object.keys(body).length === 0) return
    const checked = staffCustomerPatchSchema.safeParse(body)
    if (!checked.success) {
      const errors: Record<string, string> = {}
      for (const issue of checked.error.issues) {
        const field = FIELDS.find((name) => name === issue.path[0])
        if (field) errors[field] = t(`${T}.errors.${field}`, { max: PAYMENT_TERM_MAX_DAYS })
      }
      form.setErrors(errors)
      return
    }
    save.mutate(body, {
      onSuccess: (stored) => {
        // The form starts again from the terms as stored, so nothing reads as changed.
        const next = valuesOf(stored, locale)
        form.setInitialValues(next)
        form.setValues(next)
        notifications.show({ color: 'green', message: t(`${T}.saved`, { name: stored.name }) })
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.fields) form.setErrors(failure.fields)
      },
    })
  })

  const serverFields = isApiError(save.error) ? save.error.fields : undefined
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-terms-title">
      <Title order={3} size="h4" id="customer-terms-title">
        {t(`${T}.title`)}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="customer-terms-title" data-testid="customer-terms">
        <Stack gap="md">
          {save.isError && !serverFields && !(isApiError(save.error) && save.error.handled) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeError(save.error, t)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <TextInput
              label={t(`${T}.riskLimit`)}
              description={t(`${T}.riskLimitHint`)}
              inputMode="decimal"
              autoComplete="off"
              readOnly={!canWrite}
              {...form.getInputProps('riskLimit')}
              data-testid="terms-risk-limit"
            />
            <NumberInput
              label={t(`${T}.profitPercent`)}
              description={t(`${T}.profitPercentHint`)}
              decimalScale={2}
              decimalSeparator={locale === 'tr' ? ',' : '.'}
              min={-99.99}
              max={999.99}
              clampBehavior="none"
              suffix=" %"
              readOnly={!canWrite}
              {...form.getInputProps('profitPercent')}
              data-testid="terms-profit-percent"
            />
            <NumberInput
              label={t(`${T}.paymentTermDays`)}
              description={t(`${T}.paymentTermDaysHint`, { max: PAYMENT_TERM_MAX_DAYS })}
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={PAYMENT_TERM_MAX_DAYS}
              clampBehavior="none"
              readOnly={!canWrite}
              {...form.getInputProps('paymentTermDays')}
              data-testid="terms-payment-days"
            />
            <Select
              label={t(`${T}.salesPerson`)}
              placeholder={t(`${T}.noSalesPerson`)}
              data={company.salesPeople.map((person) => ({ value: String(person.id), label: person.name }))}
              clearable={canWrite}
              readOnly={!canWrite}
              {...form.getInputProps('salesUserId')}
              data-testid="terms-sales-person"
            />
            <Select
              label={t(`${T}.paymentPlan`)}
              description={
                bootstrap.settings.showPaymentPlanPrice
                  ? t(`${T}.paymentPlanHint`)
                  : t(`${T}.paymentPlanHidden`)
              }
              // "None" is an option of its own: Mantine's clear button is hidden from assistive technology.
              data={[
                { value: '', label: t(`${T}.noPaymentPlan`) },
                ...bootstrap.paymentPlans.map((plan) => ({
                  value: String(plan.id),
                  label: plan.isVirtual ? t(`${T}.cardPlan`, { name: plan.name }) : plan.name,
                })),
              ]}
              allowDeselect={false}
              readOnly={!canWrite}
              {...form.getInputProps('defaultPaymentPlanId')}
              data-testid="terms-payment-plan"
            />
          </SimpleGrid>
          <Switch
            label={t(`${T}.active`)}
            description={t(`${T}.activeHint`)}
            disabled={!canWrite}
            {...form.getInputProps('active', { type: 'checkbox' })}
            data-testid="terms-active"
          />
          {canWrite && (
            <Group gap="sm">
              <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="terms-save">
                {t(`${T}.save`)}
              </Button>
              {dirty && (
                <Text size="sm" c="orange.9" role="status">
                  {t(`${T}.unsaved`)}
                </Text>
              )}
            </Group>
          )}
        </Stack>
      </form>
    </Stack>
  )
}
