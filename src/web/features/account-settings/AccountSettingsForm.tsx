import { Alert, PasswordInput, Stack, VisuallyHidden } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useId, useRef } from 'react'
import type { AccountSettingsRequest } from '../../../contracts/account-settings'
import { BusyButton } from '../../components/BusyButton'
import { AlertIcon, CheckIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { announce } from '../../lib/announce'
import { isApiError } from '../../lib/api-error'
import { saveErrorMessage, useSaveAccountSettings } from './account-settings-api'

type Field = keyof AccountSettingsRequest
const FIELDS: Field[] = ['currentPassword', 'password', 'passwordVerify']
const EMPTY: AccountSettingsRequest = { currentPassword: '', password: '', passwordVerify: '' }

/**
 * The account form (spec/2 §2, §4): the current password (our addition), "Şifre" and "Şifre Tekrar".
 * "Kaydet" is unavailable until a field has been edited; after a save the fields are emptied, the
 * success message shows and the form is unchanged again. The server checks the rules (spec/2 §5) and
 * its message is shown under the field it names, or above the form when it names none.
 */
export function AccountSettingsForm({ email }: { email: string }) {
  const { t } = useTranslation()
  const save = useSaveAccountSettings()
  const form = useForm<AccountSettingsRequest>({ initialValues: EMPTY })
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({})
  const unchangedHint = useId()
  const edited = form.isDirty()

  const submit = form.onSubmit((values) => {
    if (save.isPending || !edited) return
    save.mutate(values, {
      onSuccess: () => {
        form.reset()
        announce(t('accountSettings.saved'))
      },
      onError: (error) => {
        const fields = isApiError(error) ? error.fields : undefined
        const named = FIELDS.filter((field) => fields?.[field])
        if (!fields || named.length === 0) return
        form.setErrors(Object.fromEntries(named.map((field) => [field, fields[field]])))
        inputs.current[named[0]!]?.focus()
      },
    })
  })

  const message = save.isError ? saveErrorMessage(save.error, t) : null
  // A message about one field is shown under it (and goes as the field is edited), not twice.
  const serverFields = isApiError(save.error) ? save.error.fields : undefined
  const aboutAField = FIELDS.some((field) => serverFields?.[field])
  const passwordInput = (field: Field, autoComplete: string, description?: string) => (
    <PasswordInput
      ref={(node) => {
        inputs.current[field] = node
      }}
      label={t(`accountSettings.${field}`)}
      description={description}
      name={field}
      autoComplete={autoComplete}
      {...form.getInputProps(field)}
      // Mantine marks a password field's error only with data-invalid; assistive technology needs this.
      aria-invalid={form.errors[field] ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('accountSettings.showPassword') }}
    />
  )

  return (
    <form onSubmit={submit} noValidate aria-label={t('accountSettings.form')}>
      <Stack gap="md">
        {message && !aboutAField && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {message}
          </Alert>
        )}
        {save.isSuccess && !edited && (
          <Alert color="green" variant="light" icon={<CheckIcon />} data-testid="account-settings-saved">
            {t('accountSettings.saved')}
          </Alert>
        )}
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        {passwordInput('currentPassword', 'current-password', t('accountSettings.currentPasswordHint'))}
        {passwordInput('password', 'new-password', t('accountSettings.passwordHint'))}
        {passwordInput('passwordVerify', 'new-password')}
        <BusyButton
          type="submit"
          busy={save.isPending}
          inactive={!edited}
          aria-describedby={edited ? undefined : unchangedHint}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('accountSettings.save')}
        </BusyButton>
        {!edited && <VisuallyHidden id={unchangedHint}>{t('accountSettings.unchanged')}</VisuallyHidden>}
      </Stack>
    </form>
  )
}
