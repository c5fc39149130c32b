import { Alert, Button, Group, Modal, Stack } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'

/**
 * A refused save as a form shows it: the server's message under each field it names, and the rest
 * (a field the form does not show, or no field at all) as one message above the buttons. A field
 * inside a shown one ('productIds.3') is shown under that one.
 */
export function useFormFailure(shown: readonly string[]) {
  const { t } = useTranslation()
  const [fields, setFields] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)
  const placeOf = (field: string) =>
    shown.includes(field)
      ? field
      : shown.filter((s) => field.startsWith(`${s}.`)).sort((a, b) => b.length - a.length)[0]
  return {
    fields,
    message,
    fail(error: unknown) {
      const named = isApiError(error) ? (error.fields ?? {}) : {}
      const mine: Record<string, string> = {}
      const others: string[] = []
      for (const [field, text] of Object.entries(named)) {
        const place = placeOf(field)
        if (place === undefined) others.push(text)
        else mine[place] ??= text
      }
      setFields(mine)
      setMessage(
        others.length > 0 ? others.join(' ') : Object.keys(mine).length > 0 ? null : describeError(error, t),
      )
    },
    /** Messages the form finds itself before asking the server, each under its field. */
    show(found: Record<string, string>) {
      setFields(found)
      setMessage(null)
    },
    /** A field typed in again: its message (and the general one) goes. */
    clear(field?: string) {
      setMessage(null)
      if (field === undefined) setFields({})
      else if (field in fields) setFields(({ [field]: _gone, ...rest }) => rest)
    },
  }
}

/**
 * Which form is open, if any. Each form is drawn only while open (its fields start afresh), so the
 * modal's own focus return, which needs it mounted closed, does not run: closing puts the focus back
 * on the button that opened it here instead.
 */
export function useDialog<T>() {
  const [dialog, setDialog] = useState<T | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  return {
    dialog,
    open(next: T) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setDialog(next)
    },
    close() {
      setDialog(null)
      const back = opener.current
      setTimeout(() => {
        if (back?.isConnected) back.focus()
      }, 0)
    },
  }
}

/**
 * A small form in a modal: its fields, the general error, cancel and save. The save button stays
 * enabled while saving (a disabled button drops the keyboard's focus) and ignores a second press.
 */
export function FormModal({
  opened,
  onClose,
  title,
  submitLabel,
  busy,
  onSubmit,
  message,
  children,
  testId,
}: {
  opened: boolean
  onClose: () => void
  title: string
  submitLabel: string
  busy: boolean
  onSubmit: () => void
  message: string | null
  children: ReactNode
  testId: string
}) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md">
      <form
        noValidate
        aria-label={title}
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault()
          if (!busy) onSubmit()
        }}
      >
        <Stack gap="sm">
          {children}
          {message && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <BusyButton type="submit" busy={busy}>
              {submitLabel}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
