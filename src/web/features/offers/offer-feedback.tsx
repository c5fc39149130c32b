import { Button, Group, List, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import type { TFunction } from 'i18next'
import { isApiError } from '../../lib/api-error'

/** A short confirmation (toast at the top, closes by itself after 5 s: spec/2 §9). */
export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message })
}

/**
 * A failed offer call shows the spec's text, unless the API client already reacted (401 → login page,
 * 403 → its own toast).
 */
export function notifyFailure(error: unknown, message: string): void {
  if (isApiError(error) && error.handled) return
  notifications.show({ color: 'red', message, autoClose: 8000 })
}

/**
 * An alert people must acknowledge (the spec's "alert"): a small modal with one or more messages and
 * an OK button that has the focus. It stays open across navigation (the modals live above the router).
 */
export function showAlert(t: TFunction, messages: string[], title?: string): void {
  const id = modals.open({
    title: title ?? t('alert.title'),
    centered: true,
    size: 'md',
    children: (
      <>
        {messages.length === 1 ? (
          <Text data-testid="offer-alert">{messages[0]}</Text>
        ) : (
          <List spacing={4} size="sm" data-testid="offer-alert">
            {messages.map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two lines may carry the same text
              <List.Item key={index}>{message}</List.Item>
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
