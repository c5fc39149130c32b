import { describe, expect, it } from 'vitest'
import { allocateStock, type WarehouseStock } from './warehouse-allocation'

// Product 1 in three warehouses, listed in the store's warehouse order (10 first).
const stocks: WarehouseStock[] = [
  { productId: 1, warehouseId: 10, quantity: 5 },
  { productId: 1, warehouseId: 20, quantity: 8 },
  { productId: 1, warehouseId: 30, quantity: 3 },
  { productId: 2, warehouseId: 10, quantity: 4 },
]

describe('allocateStock', () => {
  it.each([
    [
      'from the first warehouse when it has enough',
      [{ productId: 1, baseUnits: 4 }],
      [[{ warehouseId: 10, quantity: 4 }]],
    ],
    ['exactly the first warehouse', [{ productId: 1, baseUnits: 5 }], [[{ warehouseId: 10, quantity: 5 }]]],
    [
      'on to the next warehouse',
      [{ productId: 1, baseUnits: 9 }],
      [
        [
          { warehouseId: 10, quantity: 5 },
          { warehouseId: 20, quantity: 4 },
        ],
      ],
    ],
    [
      'everything there is',
      [{ productId: 1, baseUnits: 16 }],
      [
        [
          { warehouseId: 10, quantity: 5 },
          { warehouseId: 20, quantity: 8 },
          { warehouseId: 30, quantity: 3 },
        ],
      ],
    ],
    [
      'more than there is (an offset or cartStockControl let it pass): never below zero',
      [{ productId: 1, baseUnits: 20 }],
      [
        [
          { warehouseId: 10, quantity: 5 },
          { warehouseId: 20, quantity: 8 },
          { warehouseId: 30, quantity: 3 },
        ],
      ],
    ],
    ['only the line’s own product', [{ productId: 2, baseUnits: 6 }], [[{ warehouseId: 10, quantity: 4 }]]],
    ['a product without warehouse stock takes nothing', [{ productId: 3, baseUnits: 2 }], [[]]],
    [
      'two lines of one product share its warehouses (2 boxes of 6, then 5 single)',
      [
        { productId: 1, baseUnits: 12 },
        { productId: 1, baseUnits: 5 },
      ],
      [
        [
          { warehouseId: 10, quantity: 5 },
          { warehouseId: 20, quantity: 7 },
        ],
        [
          { warehouseId: 20, quantity: 1 },
          { warehouseId: 30, quantity: 3 },
        ],
      ],
    ],
    [
      'lines of different products do not touch each other',
      [
        { productId: 2, baseUnits: 4 },
        { productId: 1, baseUnits: 1 },
      ],
      [[{ warehouseId: 10, quantity: 4 }], [{ warehouseId: 10, quantity: 1 }]],
    ],
  ])('%s', (_label, lines, expected) => {
    expect(allocateStock(lines, stocks)).toEqual(expected)
  })

  it('skips a warehouse at or below zero', () => {
    const odd: WarehouseStock[] = [
      { productId: 1, warehouseId: 10, quantity: -3 },
      { productId: 1, warehouseId: 20, quantity: 0 },
      { productId: 1, warehouseId: 30, quantity: 2 },
    ]
    expect(allocateStock([{ productId: 1, baseUnits: 2 }], odd)).toEqual([[{ warehouseId: 30, quantity: 2 }]])
  })

  it('leaves the stock it was given as it was', () => {
    const before = structuredClone(stocks)
    allocateStock([{ productId: 1, baseUnits: 16 }], stocks)
    expect(stocks).toEqual(before)
  })
})
