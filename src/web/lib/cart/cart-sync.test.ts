import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import type { AddToCartResponse, Cart } from '../../../contracts/cart'
import { cartLine, cartOf } from '../../test/cart-fixtures'
import { acceptAddAnswer, cartKey } from './cart-sync'

/** The answer the server gives when `cart` is the cart after the add and `lineId` the changed line. */
function answerFor(cart: Cart, lineId: number): AddToCartResponse {
  const { items, ...summary } = cart
  return { item: items.find((l) => l.id === lineId)!, cart: summary }
}

function clientHolding(cart: Cart | undefined) {
  const client = new QueryClient()
  if (cart) client.setQueryData(cartKey, cart)
  const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue()
  return { client, invalidate }
}

describe('acceptAddAnswer', () => {
  const one = cartLine({ quantity: 2 })
  const other = cartLine({ id: 502, unitId: 12, quantity: 1 })

  it('replaces the line the add changed and takes the totals, without fetching', () => {
    const after = cartOf([{ ...one, quantity: 5 }, other])
    const { client, invalidate } = clientHolding(cartOf([one, other]))
    acceptAddAnswer(client, answerFor(after, one.id))
    expect(client.getQueryData(cartKey)).toEqual(after)
    expect(invalidate).not.toHaveBeenCalled()
  })

  it('appends a new line', () => {
    const after = cartOf([one, other])
    const { client, invalidate } = clientHolding(cartOf([one]))
    acceptAddAnswer(client, answerFor(after, other.id))
    expect(client.getQueryData(cartKey)).toEqual(after)
    expect(invalidate).not.toHaveBeenCalled()
  })

  it('fetches the cart again when the held lines do not add up to the answer (another device)', () => {
    const third = cartLine({ id: 503, unitId: 13, quantity: 4 })
    const after = cartOf([one, other, third])
    const { client, invalidate } = clientHolding(cartOf([one]))
    acceptAddAnswer(client, answerFor(after, third.id))
    expect(invalidate).toHaveBeenCalledWith({ queryKey: cartKey, refetchType: 'all' })
  })

  it('fetches the cart when none is held yet', () => {
    const { client, invalidate } = clientHolding(undefined)
    acceptAddAnswer(client, answerFor(cartOf([one]), one.id))
    expect(invalidate).toHaveBeenCalled()
    expect(client.getQueryData(cartKey)).toBeUndefined()
  })
})
