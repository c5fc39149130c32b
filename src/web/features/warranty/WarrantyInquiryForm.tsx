import { Alert, Stack, Text, TextInput } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { WarrantyAnswer } from '../../../contracts/warranty'
import { checkSerialNumber } from '../../../domain/warranty'
import { BusyButton } from '../../components/BusyButton'
import { AlertIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { fullNavigate } from '../../lib/navigation'
import { useSession } from '../../lib/session-context'
import { inquireWarranty } from './warranty-api'
import { inquiryFailure } from './warranty-errors'
import { loginForWarranty } from './warranty-param'

/**
 * "Seri Numarası" and "Sorgula" (spec/2 §2, §4, §5): the button stays unavailable until the field has
 * been edited; a submitted inquiry ends in the answer (handed to `onAnswer`) or a message in the form.
 */
export function WarrantyInquiryForm({ onAnswer }: { onAnswer: (answer: WarrantyAnswer) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const location = useLocation()
  const input = useRef<HTMLInputElement>(null)
  const [serial, setSerial] = useState('')
  const [edited, setEdited] = useState(false)
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const inquiry = useMutation({ mutationFn: inquireWarranty })

  const fail = (kind: 'field' | 'form', text: string) => {
    setFieldError(kind === 'field' ? text : null)
    setFormError(kind === 'form' ? text : null)
    if (kind === 'field') input.current?.focus()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!edited || inquiry.isPending) return
    const check = checkSerialNumber(serial)
    if (!check.ok) {
      fail('field', t(check.reason === 'required' ? 'warranty.serialRequired' : 'warranty.invalidSerial'))
      return
    }
    setFieldError(null)
    setFormError(null)
    inquiry.mutate(check.serial, {
      onSuccess: onAnswer,
      onError: (error) => {
        const failure = inquiryFailure(error, t)
        if (failure.kind !== 'login') return fail(failure.kind, failure.text)
        const login = loginForWarranty(locale, location.pathname + location.search)
        if (login) fullNavigate(login)
      },
    })
  }

  return (
    <form onSubmit={submit} noValidate data-state={inquiry.isPending ? 'submitted' : 'idle'}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('warranty.intro')}
        </Text>
        <TextInput
          ref={input}
          label={t('warranty.serialNumber')}
          name="serialNumber"
          value={serial}
          error={fieldError}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          onChange={(event) => {
            setSerial(event.currentTarget.value)
            setEdited(true)
          }}
          data-autofocus
        />
        {formError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert" data-testid="warranty-error">
            {formError}
          </Alert>
        )}
        <BusyButton type="submit" busy={inquiry.isPending} inactive={!edited}>
          {t('warranty.submit')}
        </BusyButton>
      </Stack>
    </form>
  )
}
