// @vitest-environment jsdom
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CartIcon, ChevronDownIcon } from './Icons'
import { MailIcon } from './OfferIcons'

describe('icons', () => {
  it('are hidden from assistive technology and drawn at the default size and stroke', () => {
    const { container } = render(
      <>
        <CartIcon />
        <MailIcon />
      </>,
    )
    const [cart, mail] = [...container.querySelectorAll('svg')]
    expect(cart?.getAttribute('aria-hidden')).toBe('true')
    expect(cart?.getAttribute('focusable')).toBe('false')
    expect(cart?.getAttribute('width')).toBe('20')
    expect(cart?.getAttribute('stroke-width')).toBe('1.75')
    expect(mail?.getAttribute('aria-hidden')).toBe('true')
    expect(mail?.getAttribute('width')).toBe('18')
  })

  it('take the size and class a control gives them', () => {
    const { container } = render(<ChevronDownIcon size={14} className="chevron" data-open />)
    const svg = container.querySelector('svg')
    expect(svg?.getAttribute('width')).toBe('14')
    expect(svg?.getAttribute('height')).toBe('14')
    expect(svg?.classList.contains('chevron')).toBe(true)
    expect(svg?.hasAttribute('data-open')).toBe(true)
  })
})
