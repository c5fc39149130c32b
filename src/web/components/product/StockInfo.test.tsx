// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { defaultStoreSettings } from '../../../contracts/settings'
import { dealerBootstrap } from '../../test/fixtures'
import { renderWithProviders } from '../../test/render'
import { QuantityInput } from './QuantityInput'
import { StockInfo } from './StockInfo'
import type { StockTextForm } from './stock-text'

function stockText(mode: number, quantity: number | null, form: StockTextForm, locale: 'tr' | 'en' = 'tr') {
  const bootstrap = dealerBootstrap({ locale, settings: { ...defaultStoreSettings, stockInfoStatus: mode } })
  const { unmount } = renderWithProviders(<StockInfo quantity={quantity} unit="Adet" form={form} />, {
    bootstrap,
  })
  const element = screen.queryByTestId('stock-info')
  const result = element ? { text: element.textContent, kind: element.getAttribute('data-stock') } : null
  unmount()
  return result
}

describe('StockInfo', () => {
  it.each([
    // mode, quantity, detail page, list and cards, kind
    [0, 12, 'Bu ürün stoklarda 12 birim mevcuttur.', '12 Adet', 'exact'],
    [0, 1250, 'Bu ürün stoklarda 1.250 birim mevcuttur.', '1.250 Adet', 'exact'],
    [2, 5, 'Stokta Var', 'Var', 'available'],
    [4, -3, 'Stokta Var', 'Var', 'available'],
    [16, 25, 'Bu ürün stoklarda 10 birimden fazla mevcuttur.', '10+ Adet', 'moreThan'],
    [16, 7, 'Bu ürün stoklarda 7 birim mevcuttur.', '7 Adet', 'exact'],
    [0, 0, 'Stok sorunuz.', 'Stok Sorunuz', 'outOfStock'],
    [9, 4, 'Stok sorunuz.', 'Stok Sorunuz', 'outOfStock'],
  ])('mode %i with %i in stock', (mode, quantity, detail, list, kind) => {
    expect(stockText(mode, quantity, 'detail')).toEqual({ text: detail, kind })
    expect(stockText(mode, quantity, 'list')).toEqual({ text: list, kind })
  })

  it('shows nothing when the store hides stock (mode 1) or the visitor may not see it', () => {
    expect(stockText(1, 12, 'detail')).toBeNull()
    expect(stockText(1, 12, 'list')).toBeNull()
    expect(stockText(0, null, 'detail')).toBeNull()
    expect(stockText(0, null, 'list')).toBeNull()
  })

  it('speaks English under /en', () => {
    expect(stockText(0, 12, 'detail', 'en')?.text).toBe('12 units of this product are in stock.')
    expect(stockText(2, 12, 'list', 'en')?.text).toBe('Yes')
    expect(stockText(0, 0, 'list', 'en')?.text).toBe('Ask about stock')
  })
})

describe('QuantityInput on a list', () => {
  it('turns a non-numeric value or zero into 1 and never goes below 1', () => {
    const onChange = vi.fn()
    const { unmount } = renderWithProviders(
      <QuantityInput value={5} onChange={onChange} rule="list" label="Miktar" />,
    )
    const input = screen.getByRole('textbox', { name: 'Miktar' })
    fireEvent.change(input, { target: { value: 'x' } })
    fireEvent.change(input, { target: { value: '0' } })
    fireEvent.change(input, { target: { value: '250' } })
    expect(onChange.mock.calls).toEqual([[1], [1], [250]])
    unmount()
    renderWithProviders(<QuantityInput value={1} onChange={onChange} rule="list" label="Miktar" />)
    const decrease = screen.getByRole('button', { name: 'Miktarı azalt' })
    expect(decrease.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(decrease)
    expect(onChange).toHaveBeenCalledTimes(3)
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Miktar' }), { key: 'ArrowUp' })
    expect(onChange).toHaveBeenLastCalledWith(2)
  })
})
