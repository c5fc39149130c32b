// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { defaultStoreSettings } from '../../../contracts/settings'
import { catalogProduct } from '../../test/catalog-fixtures'
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

describe('StockInfo of a product', () => {
  it('shows the stock of a product without a price too (several units): its button asks for the price', () => {
    const product = catalogProduct({
      salePrice: { value: 0, currency: 'TRY' },
      quantity: 982,
      stock: { kind: 'exact', quantity: 982 },
    })
    renderWithProviders(<StockInfo product={product} unit="Adet" form="detail" />, {
      bootstrap: dealerBootstrap(),
    })
    const line = screen.getByTestId('stock-info')
    expect(line.textContent).toBe('Bu ürün stoklarda 982 birim mevcuttur.')
    expect(line.getAttribute('data-stock')).toBe('exact')
  })

  it('says there is none with a safety margin above the stock (mode 9: 3 − 5)', () => {
    const bootstrap = dealerBootstrap({ settings: { ...defaultStoreSettings, stockInfoStatus: 9 } })
    renderWithProviders(
      <StockInfo
        product={catalogProduct({ quantity: 3, stock: { kind: 'outOfStock' } })}
        unit="Adet"
        form="list"
      />,
      { bootstrap },
    )
    expect(screen.getByTestId('stock-info').textContent).toBe('Stok Sorunuz')
  })

  it('shows the stock of a priced product', () => {
    renderWithProviders(<StockInfo product={catalogProduct()} unit="Adet" form="list" />, {
      bootstrap: dealerBootstrap(),
    })
    expect(screen.getByTestId('stock-info').textContent).toBe('12 Adet')
  })
})

describe('QuantityInput on a list', () => {
  it('keeps what is typed: a valid amount is passed on, zero or text shows the rule and is not', () => {
    const onChange = vi.fn()
    const onProblem = vi.fn()
    const { unmount } = renderWithProviders(
      <QuantityInput value={5} onChange={onChange} rule="list" label="Miktar" onProblem={onProblem} />,
    )
    const input = screen.getByRole('textbox', { name: 'Miktar' }) as HTMLInputElement
    for (const typed of ['x', '0', '-3', '100001']) {
      fireEvent.change(input, { target: { value: typed } })
      fireEvent.blur(input)
      expect(input.value).toBe(typed)
      expect(screen.getByTestId('quantity-problem').textContent).toBe(
        'Miktar 1 ile 100.000 arasında bir tam sayı olmalıdır.',
      )
    }
    fireEvent.change(input, { target: { value: '250' } })
    expect(onChange.mock.calls).toEqual([[250]])
    expect(onProblem).toHaveBeenLastCalledWith(null)
    expect(onProblem).toHaveBeenCalledWith('Miktar 1 ile 100.000 arasında bir tam sayı olmalıdır.')
    expect(screen.queryByTestId('quantity-problem')).toBeNull()
    unmount()
    renderWithProviders(<QuantityInput value={1} onChange={onChange} rule="list" label="Miktar" />)
    const decrease = screen.getByRole('button', { name: 'Miktarı azalt' })
    expect(decrease.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(decrease)
    expect(onChange).toHaveBeenCalledTimes(1)
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Miktar' }), { key: 'ArrowUp' })
    expect(onChange).toHaveBeenLastCalledWith(2)
  })

  it('on the product page steps from the amount the spec rule takes of what is typed', () => {
    const onChange = vi.fn()
    renderWithProviders(<QuantityInput value={5} onChange={onChange} rule="detail" label="Miktar" />)
    const input = screen.getByRole('textbox', { name: 'Miktar' }) as HTMLInputElement
    // Negative: the previous amount stays, + steps from it.
    fireEvent.change(input, { target: { value: '-3' } })
    expect(onChange).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Miktarı artır' }))
    expect(onChange).toHaveBeenLastCalledWith(6)
    // Not a number: 1, and − stops there.
    fireEvent.change(input, { target: { value: 'abc' } })
    fireEvent.click(screen.getByRole('button', { name: 'Miktarı azalt' }))
    expect(onChange).toHaveBeenLastCalledWith(1)
  })
})
