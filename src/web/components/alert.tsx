import { Button, Group, List, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import type { TFunction } from 'i18next'
import { isApiError } from '../lib/api-error'
import { describeError } from '../lib/error-message'

/**
 * An alert people must acknowledge (the spec's "alert", as opposed to the 403 toast): a small modal
 * with one or more messages and an OK button that has the focus. It stays open across navigation (the
 * modals live above the router). `testId` names the message for tests.
 */
export function showAlert(
  t: TFunction,
  message: string | string[],
  options: { title?: string; testId?: string } = {},
): void {
  const messages = Array.isArray(message) ? message : [message]
  const testId = options.testId ?? 'cart-alert'
  const id = modals.open({
    title: options.title ?? t('alert.title'),
    centered: true,
    size: messages.length > 1 ? 'md' : 'sm',
    children: (
      <>
        {messages.length === 1 ? (
          <Text data-testid={testId}>{messages[0]}</Text>
        ) : (
          <List spacing={4} size="sm" data-testid={testId}>
            {messages.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two lines may carry the same text
              <List.Item key={index}>{text}</List.Item>
            ))}
          </List>
        )}
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
