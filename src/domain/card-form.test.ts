import { IMask } from 'react-imask'
import { describe, expect, it } from 'vitest'
import { CARD_MASK, CCV_MASK, cardPreviewNumber, EXPIRE_MASK, type PayForm, payFormAlert } from './card-form'

const complete: PayForm = {
  card: '4111 1111 1111 1111',
  holder: 'Ayşe Yılmaz',
  ccv: '123',
  expire: '12/29',
  amount: '1.234,50',
}

describe('payFormAlert: the pay alerts of spec/2 §5, in order', () => {
  it.each<[string, PayForm | null, ReturnType<typeof payFormAlert>]>([
    ['no form at all', null, 'form'],
    ['card empty', { ...complete, card: '' }, 'card'],
    ['card of 15 digits', { ...complete, card: '4111 1111 1111 111' }, 'card'],
    ['holder empty', { ...complete, holder: '' }, 'holder'],
    ['holder blank', { ...complete, holder: '   ' }, 'holder'],
    ['holder of one letter', { ...complete, holder: 'A' }, 'holder'],
    ['CCV empty', { ...complete, ccv: '' }, 'ccv'],
    ['CCV of 2 digits', { ...complete, ccv: '12' }, 'ccv'],
    ['amount empty', { ...complete, amount: '' }, 'amount'],
    ['amount 0', { ...complete, amount: '0' }, 'amount'],
    ['amount 0,00', { ...complete, amount: '0,00' }, 'amount'],
    ['amount negative', { ...complete, amount: '-50' }, 'amount'],
    ['amount not a number', { ...complete, amount: 'abc' }, 'amount'],
    ['expiry empty', { ...complete, expire: '' }, 'expire'],
    ['expiry of 4 characters', { ...complete, expire: '12/2' }, 'expire'],
    ['expiry month 13', { ...complete, expire: '13/29' }, 'expire'],
    ['expiry month 00', { ...complete, expire: '00/29' }, 'expire'],
    ['everything filled', complete, null],
  ])('%s → %s', (_case, form, alert) => {
    expect(payFormAlert(form)).toBe(alert)
  })

  it('names the first problem only, in the order card, holder, CCV, amount, expiry', () => {
    const empty: PayForm = { card: '', holder: '', ccv: '', expire: '', amount: '' }
    expect(payFormAlert(empty)).toBe('card')
    expect(payFormAlert({ ...empty, card: complete.card })).toBe('holder')
    expect(payFormAlert({ ...empty, card: complete.card, holder: 'Ali Veli' })).toBe('ccv')
    expect(payFormAlert({ ...empty, card: complete.card, holder: 'Ali Veli', ccv: '999' })).toBe('amount')
    expect(payFormAlert({ ...empty, card: complete.card, holder: 'Ali Veli', ccv: '999', amount: '1' })).toBe(
      'expire',
    )
  })
})

describe('cardPreviewNumber', () => {
  it.each([
    ['', '•••• •••• •••• ••••'],
    ['4111 11', '4111 11•• •••• ••••'],
    ['4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['41111111111111119999', '4111 1111 1111 1111'],
  ])('%j → %s', (card, shown) => {
    expect(cardPreviewNumber(card)).toBe(shown)
  })
})

describe('the masks (spec/2 §5: 9999 9999 9999 9999, 99/99, 999) as react-imask applies them', () => {
  const typed = (mask: string, text: string) => {
    const masked = IMask.createMask({ mask })
    masked.resolve(text)
    return masked.value
  }

  it.each([
    [CARD_MASK, '4111111111111111', '4111 1111 1111 1111'],
    [CARD_MASK, '41111', '4111 1'],
    [CARD_MASK, '4111-1111-1111-1111-99', '4111 1111 1111 1111'],
    [CARD_MASK, 'abcd', ''],
    [EXPIRE_MASK, '1229', '12/29'],
    [EXPIRE_MASK, '12/29', '12/29'],
    [EXPIRE_MASK, '1', '1'],
    [CCV_MASK, '12a34', '123'],
  ])('%s with %j → %j', (mask, text, shown) => {
    expect(typed(mask, text)).toBe(shown)
  })
})
