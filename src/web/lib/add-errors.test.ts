import { describe, expect, it } from 'vitest'
import { addErrorsOf, withAddErrors } from './add-errors'

const refused = { productId: 9, code: 'V-9', name: 'Vida', message: 'Bu üründen 5 adet bulunmamaktadır!' }

describe('addErrorsOf', () => {
  it.each([
    ['the state withAddErrors made', withAddErrors([refused]), [refused]],
    [
      'a product no longer in the catalogue',
      withAddErrors([{ ...refused, productId: null }]),
      [{ ...refused, productId: null }],
    ],
    ['no state', null, []],
    ['another page’s state', { description: 'not' }, []],
    ['a malformed entry', { addErrors: [refused, { productId: '9', code: 'x' }] }, [refused]],
    ['not a list', { addErrors: 'x' }, []],
  ])('%s', (_case, state, errors) => {
    expect(addErrorsOf(state)).toEqual(errors)
  })
})
