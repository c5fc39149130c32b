// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { dayIn } from '../../../domain/date-format'
import { guestBootstrap } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { Footer } from './Footer'

const store = guestBootstrap().store

describe('Footer', () => {
  it.each([
    ['tr', 'Toptan Dağıtım A.Ş.', 'Toptan Dağıtım A.Ş. Tüm hakları saklıdır.'],
    ['en', 'Toptan Dağıtım A.Ş.', 'Toptan Dağıtım A.Ş. All rights reserved.'],
    ['tr', 'Demo Toptan', 'Demo Toptan. Tüm hakları saklıdır.'],
  ] as const)('writes one period after the name (%s, %s)', (locale, name, sentence) => {
    renderWithProviders(<Footer />, {
      bootstrap: guestBootstrap({ locale, store: { ...store, name } }),
      route: locale === 'en' ? '/en' : '/',
    })
    // The year in the store's time zone (the default, Istanbul's), whatever the machine's is.
    const year = dayIn(new Date(), 'Europe/Istanbul').slice(0, 4)
    expect(screen.getByText(`© ${year} ${sentence}`)).toBeTruthy()
    expect(document.body.textContent).not.toContain('..')
  })
})
