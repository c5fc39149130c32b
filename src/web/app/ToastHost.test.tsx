import { notifications } from '@mantine/notifications'
import { act, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../test/render'

afterEach(() => {
  act(() => notifications.clean())
})

describe('toasts', () => {
  it("name the close button of a shown notification (axe 'button-name')", async () => {
    renderWithProviders(<p>page</p>)
    act(() => {
      notifications.show({ message: 'Kaydedildi.' })
    })
    const toast = (await screen.findByText('Kaydedildi.')).closest('[role="alert"]') as HTMLElement
    const buttons = within(toast).getAllByRole('button')
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Kapat'])
  })
})
