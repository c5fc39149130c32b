import { describe, expect, it } from 'vitest'
import { readFrameMessage, trustedFrameMessage } from './frame-protocol'

describe('readFrameMessage', () => {
  it.each([
    [{ type: 'ready' }, { type: 'ready' }],
    [{ type: 'dialogClose', extra: 1 }, { type: 'dialogClose' }],
    [
      { type: 'loading', value: false },
      { type: 'loading', value: false },
    ],
    [{ type: 'loading', value: 'no' }, null],
    [
      { type: 'payment_succeed', intentId: 'pi_1' },
      { type: 'payment_succeed', intentId: 'pi_1' },
    ],
    [{ type: 'payment_succeed', intentId: '' }, null],
    [{ type: 'payment_succeed' }, null],
    [
      { type: 'payment_processing', intentId: 'pi_1' },
      { type: 'payment_processing', intentId: 'pi_1' },
    ],
    [{ type: 'payment_processing', intentId: '', extra: true }, null],
    [{ type: 'payment_processing', intentId: 7 }, null],
    [
      { type: 'payment_failed', intentId: 'pi_1', message: 'Yetersiz bakiye.' },
      { type: 'payment_failed', intentId: 'pi_1', message: 'Yetersiz bakiye.' },
    ],
    [{ type: 'payment_failed' }, { type: 'payment_failed', intentId: null, message: '' }],
    [{ type: 'start', form: {} }, null],
    ['payment_processing', null],
    [null, null],
  ])('%j reads as %j', (data, expected) => {
    expect(readFrameMessage(data)).toEqual(expected)
  })
})

describe('trustedFrameMessage', () => {
  const frame = {} as Window
  const origin = 'https://portal.example'
  const processing = { type: 'payment_processing', intentId: 'pi_1' }

  it('takes a message from the frame on our own origin', () => {
    expect(trustedFrameMessage({ origin, source: frame, data: processing }, frame, origin)).toEqual(
      processing,
    )
  })

  it('ignores the same message from another origin, another window or with no frame', () => {
    expect(
      trustedFrameMessage({ origin: 'https://evil.example', source: frame, data: processing }, frame, origin),
    ).toBeNull()
    expect(trustedFrameMessage({ origin, source: {} as Window, data: processing }, frame, origin)).toBeNull()
    expect(trustedFrameMessage({ origin, source: frame, data: processing }, null, origin)).toBeNull()
  })
})
