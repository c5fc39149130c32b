import { TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from '../../../i18n/use-translation'
import { FormModal, useFormFailure } from './FormModal'

export interface CodeName {
  code: string
  name: string
}

/**
 * A new record's code and name, or a record's new name (no code: a code is the ERP's key, given once).
 * `save` is the request; a refusal keeps what was typed and shows the server's messages under the
 * fields (409: the code is taken).
 */
export function CodeNameModal({
  title,
  submitLabel,
  codeLabel,
  nameLabel,
  initialName = '',
  withCode,
  save,
  onClose,
  testId,
}: {
  title: string
  submitLabel: string
  codeLabel?: string
  nameLabel: string
  initialName?: string
  withCode: boolean
  save: (values: CodeName) => Promise<unknown>
  onClose: () => void
  testId: string
}) {
  const { t } = useTranslation()
  const failure = useFormFailure(withCode ? ['code', 'name'] : ['name'])
  const [code, setCode] = useState('')
  const [name, setName] = useState(initialName)
  const [busy, setBusy] = useState(false)
  const submit = () => {
    if (!withCode && name.trim() === initialName) return onClose()
    failure.clear()
    setBusy(true)
    save({ code: code.trim(), name: name.trim() }).then(
      () => setBusy(false),
      (error: unknown) => {
        setBusy(false)
        failure.fail(error)
      },
    )
  }
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      onSubmit={submit}
      message={failure.message}
      testId={testId}
    >
      {withCode && (
        <TextInput
          label={codeLabel}
          description={t('catalogueSetup.codeHelp')}
          required
          data-autofocus
          value={code}
          maxLength={40}
          autoComplete="off"
          onChange={(event) => {
            setCode(event.currentTarget.value)
            failure.clear('code')
          }}
          error={failure.fields.code}
        />
      )}
      <TextInput
        label={nameLabel}
        required
        data-autofocus={withCode ? undefined : true}
        value={name}
        maxLength={200}
        onChange={(event) => {
          setName(event.currentTarget.value)
          failure.clear('name')
        }}
        error={failure.fields.name}
      />
    </FormModal>
  )
}
