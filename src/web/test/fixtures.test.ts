import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { sessionUserSchema } from '../../contracts/account'
import { bootstrapSchema } from '../../contracts/bootstrap'
import { campaignProductSchema, campaignSchema } from '../../contracts/campaigns'
import { cartLineSchema, cartSchema } from '../../contracts/cart'
import {
  categoryTreeSchema,
  productDetailSchema,
  productListSchema,
  unitSchema,
} from '../../contracts/catalog'
import { offerItemSchema, offerListSchema, offerSchema } from '../../contracts/offers'
import { orderListSchema, orderSchema } from '../../contracts/orders'
import { cartLine, cartOf, emptyCart } from './cart-fixtures'
import { catalogProduct, categoryTree, productList, unit } from './catalog-fixtures'
import { campaign, dealer, dealerBootstrap, guestBootstrap, product } from './fixtures'
import { offer, offerItem, offerList } from './offer-fixtures'
import { testOrder, testOrderList } from './order-fixtures'

/** Every fixture factory of the web tests, with the contract schema of the answer it stands for. */
const factories: Array<[string, z.ZodType, () => unknown]> = [
  ['guestBootstrap', bootstrapSchema, () => guestBootstrap()],
  ['dealerBootstrap', bootstrapSchema, () => dealerBootstrap()],
  ['dealer', sessionUserSchema, () => dealer],
  ['product', campaignProductSchema, () => product()],
  ['campaign', campaignSchema, () => campaign()],
  ['unit', unitSchema, () => unit()],
  ['catalogProduct', productDetailSchema, () => catalogProduct()],
  ['productList', productListSchema, () => productList()],
  ['categoryTree', categoryTreeSchema, () => categoryTree],
  ['cartLine', cartLineSchema, () => cartLine()],
  ['cartLine in Koli', cartLineSchema, () => cartLine({ unitId: 12 })],
  ['cartOf', cartSchema, () => cartOf([cartLine(), cartLine({ id: 502 })])],
  ['cartOf in USD', cartSchema, () => cartOf([cartLine()], 'USD', 40)],
  ['emptyCart', cartSchema, () => emptyCart()],
  ['testOrder', orderSchema, () => testOrder()],
  ['testOrderList', orderListSchema, () => testOrderList([testOrder()])],
  ['offerItem', offerItemSchema, () => offerItem()],
  ['offer', offerSchema, () => offer()],
  ['offerList', offerListSchema, () => offerList()],
]

describe('The web test fixtures', () => {
  it.each(factories)('%s is what the API contract allows, unchanged by parsing', (_name, schema, make) => {
    const value = make()
    expect(schema.parse(value)).toEqual(value)
  })

  it('refuses a fixture that drifts from the contract', () => {
    const drifted = { quantity: '2' } as unknown as Parameters<typeof cartLine>[0]
    expect(() => cartLine(drifted)).toThrow()
    expect(() => testOrder({ status: 'lost' as never })).toThrow()
    expect(() => catalogProduct({ units: undefined as never })).toThrow()
  })
})
