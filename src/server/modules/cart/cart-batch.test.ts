import { describe, expect, it } from 'vitest'
import { defaultStoreSettings } from '../../../contracts/settings'
import { decideAdds } from './cart.service'

// One product with 30 in stock, in two units (Adet ×1, Koli ×12), none of it in the cart yet.
const stored = { id: 7, parentId: null, variantDimensions: null, salePrice: '10', stock: 30 }
const adet = { ...stored, unitId: 1, multiplier: 1, heldBaseUnits: 0, lineQuantity: 0 }
const koli = { ...stored, unitId: 2, multiplier: 12, heldBaseUnits: 0, lineQuantity: 0 }
// The default: the cart keeps to the stock (cartStockControl off), shown without an offset.
const settings = { ...defaultStoreSettings, cartStockControl: false, stockInfoStatus: 0 }

const outcome = (o: ReturnType<typeof decideAdds>['outcomes'][number]) => ('error' in o ? o.error.code : o)

describe('decideAdds: the adds of one batch, in order, on the cart as stored plus the adds before', () => {
  it('counts the earlier adds of the batch against the stock, across the units of a product', () => {
    const inputs = [
      { productId: 7, unitId: 2, quantity: 1 }, // 12 base units
      { productId: 7, unitId: 1, quantity: 10 }, // 22
      { productId: 7, unitId: 1, quantity: 10 }, // 32: over 30
      { productId: 7, unitId: 2, quantity: 1 }, // 34: over 30
      { productId: 7, unitId: 1, quantity: 8 }, // 30
    ]
    const { outcomes, added } = decideAdds(settings, inputs, [koli, adet, adet, koli, adet])
    expect(outcomes.map(outcome)).toEqual([
      { key: '7:2', upTo: 1 },
      { key: '7:1', upTo: 10 },
      'insufficient_stock',
      'insufficient_stock',
      { key: '7:1', upTo: 18 },
    ])
    expect([...added.values()]).toEqual([
      { productId: 7, unitId: 2, quantity: 1 },
      { productId: 7, unitId: 1, quantity: 18 },
    ])
  })

  it('starts from what the cart already holds, and answers a missing product on its own', () => {
    const held = { ...adet, heldBaseUnits: 24, lineQuantity: 0 }
    const heldKoli = { ...koli, heldBaseUnits: 24, lineQuantity: 2 }
    const inputs = [
      { productId: 7, unitId: 1, quantity: 6 }, // 24 + 6 = 30
      { productId: 99, unitId: 1, quantity: 1 },
      { productId: 7, unitId: 2, quantity: 1 }, // 30 + 12: over
    ]
    const { outcomes, added } = decideAdds(settings, inputs, [held, null, heldKoli])
    expect(outcomes.map(outcome)).toEqual([{ key: '7:1', upTo: 6 }, 'not_found', 'insufficient_stock'])
    expect([...added.values()]).toEqual([{ productId: 7, unitId: 1, quantity: 6 }])
  })
})
