import { Button, Group, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import type { TFunction } from 'i18next'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'

/**
 * An alert people must acknowledge (the spec's "alert", as opposed to the 403 toast): a small modal
 * with the message and an OK button that has the focus.
 */
export function showAlert(t: TFunction, message: string): void {
  const id = modals.open({
    title: t('alert.title'),
    centered: true,
    size: 'sm',
    children: (
      <>
        <Text data-testid="cart-alert">{message}</Text>
        <Group justify="flex-end" mt="md">
          <Button data-autofocus onClick={() => modals.close(id)}>
            {t('alert.ok')}
          </Button>
        </Group>
      </>
    ),
  })
}

/**
 * What a failed cart call shows (spec/1 §8): nothing for a network failure (the caller re-syncs the
 * cart) or when the API client already reacted (401 → login, 403 → toast); otherwise an alert with the
 * server's message, or our own wording when it sent none.
 */
export function reportCartError(t: TFunction, error: unknown): void {
  if (isApiError(error) && (error.handled || error.status === 0)) return
  showAlert(t, describeError(error, t))
}
