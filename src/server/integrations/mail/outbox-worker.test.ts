import { describe, expect, it } from 'vitest'
import { shortMailError } from './outbox-worker'

describe('shortMailError', () => {
  it.each([
    [
      'a refused recipient: code and the reply',
      Object.assign(new Error("Can't send mail - all recipients were rejected: 550 Mailbox unavailable"), {
        code: 'EENVELOPE',
        response: '550 Mailbox unavailable',
      }),
      'EENVELOPE: 550 Mailbox unavailable',
    ],
    [
      'only the first line of a long reply',
      Object.assign(new Error('x'), { code: 'EMESSAGE', response: '554 5.7.1 Rejected\r\nsee https://help' }),
      'EMESSAGE: 554 5.7.1 Rejected',
    ],
    [
      'no user:password of a URL',
      new Error('connect failed to smtp://mailer:s3cret@mail.example.com:587'),
      'connect failed to smtp://mail.example.com:587',
    ],
    ['not an Error at all', 'boom', 'boom'],
  ])('%s', (_name, error, expected) => {
    expect(shortMailError(error)).toBe(expected)
  })

  it('stays short', () => {
    expect(shortMailError(new Error('x'.repeat(2000)))).toHaveLength(300)
  })
})
