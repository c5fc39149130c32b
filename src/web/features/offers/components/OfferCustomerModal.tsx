import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import type { Offer, OfferCustomer } from '../../../../contracts/offers'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useSaveCustomer } from '../api/offers-api'

type Field = keyof OfferCustomer

const fields = [
  { name: 'customerName', label: 'name', type: 'text', autoComplete: 'name' },
  { name: 'customerCompanyName', label: 'companyName', type: 'text', autoComplete: 'organization' },
  { name: 'customerEmail', label: 'email', type: 'email', autoComplete: 'email' },
  { name: 'customerPhone', label: 'phone', type: 'tel', autoComplete: 'tel' },
] as const satisfies ReadonlyArray<{ name: Field; label: string; type: string; autoComplete: string }>

function initialValues(offer: Offer): OfferCustomer {
  return {
    customerName: offer.customerName ?? '',
    customerCompanyName: offer.customerCompanyName ?? '',
    customerEmail: offer.customerEmail ?? '',
    customerPhone: offer.customerPhone ?? '',
  }
}

/** The server names a field '{offerNo}.{field}' (the body is keyed by offer number). */
function fieldErrors(error: unknown, orderNo: string): Partial<Record<Field, string>> {
  if (!isApiError(error) || !error.fields) return {}
  const errors: Partial<Record<Field, string>> = {}
  for (const [key, message] of Object.entries(error.fields)) {
    const name = key.startsWith(`${orderNo}.`) ? key.slice(orderNo.length + 1) : key
    if (fields.some((f) => f.name === name)) errors[name as Field] = message
  }
  return errors
}

function CustomerForm({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const { t } = useTranslation()
  const save = useSaveCustomer()
  const [values, setValues] = useState(() => initialValues(offer))
  const wording = offer.customerName ? t('offers.customer.update') : t('offers.customer.add')
  const errors = save.isError ? fieldErrors(save.error, offer.orderNo) : {}
  const silent = save.isError && isApiError(save.error) && save.error.handled

  // No required fields (spec/2 §5): the e-mail and phone inputs only have their native types.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // The button stays enabled while saving (it keeps the focus), so Enter in a field must not resend.
    if (save.isPending) return
    save.mutate({ [offer.orderNo]: values }, { onSuccess: onClose })
  }

  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {save.isError && !silent && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="customer-error">
            {t('offers.customer.failed')}
          </Alert>
        )}
        {fields.map((field) => (
          <TextInput
            key={field.name}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            label={t(`offers.customer.${field.label}`)}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(event) => {
              const value = event.currentTarget.value
              setValues((current) => ({ ...current, [field.name]: value }))
            }}
            data-autofocus={field.name === 'customerName' || undefined}
          />
        ))}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <BusyButton type="submit" busy={save.isPending}>
            {wording}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  )
}

/**
 * 'Müşteri Ekle' / 'Müşteri Güncelle' (spec/2 §2): name, company name, e-mail and phone of the dealer's
 * own customer. Saving closes it and the list is fetched again; a failure keeps everything typed.
 */
export function OfferCustomerModal({
  offer,
  opened,
  onClose,
}: {
  offer: Offer
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const title = offer.customerName ? t('offers.customer.update') : t('offers.customer.add')
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {/* Mounted while open only: every opening starts from the offer's saved customer. */}
      {opened && <CustomerForm offer={offer} onClose={onClose} />}
    </Modal>
  )
}
