import { describe, expect, it } from 'vitest'
import { luhnValid } from '../../../../domain/payment-card'
import type { Db } from '../../../db/client'
import type { ThreeDsStart } from '../gateway'
import { SandboxGateway } from './sandbox-gateway'
import { SANDBOX_TEST_CARDS } from './test-cards'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const clock = new Date('2026-03-15T10:00:00Z')
/** These tests never reach the sandbox's books (sandbox-books.int.test.ts does). */
const noBooks = new Proxy({} as Db, {
  get() {
    throw new Error('the sandbox books were not expected here')
  },
})
const gateway = () => new SandboxGateway(SECRET, () => clock, noBooks)

const start = (number: string, totalAmount = '1045.00'): ThreeDsStart => ({
  intentId: 'a'.repeat(32),
  amount: '1000.00',
  totalAmount,
  currency: 'TRY',
  installment: 3,
  card: { number, ccv: '123', expire: '12/39', holder: 'Ahmet Yılmaz' },
  callbackUrl: 'http://localhost/payment/callback/sandbox?lang=tr',
  buyer: { id: 1, name: 'Firma', email: 'a@b.c', ip: '127.0.0.1', city: 'İstanbul', address: 'Adres' },
  description: '',
})

async function challenge(sandbox: SandboxGateway, number: string) {
  const started = await sandbox.startThreeDs(start(number))
  if (!started.ok || started.action.type !== 'redirect') throw new Error('no challenge')
  const token = started.action.url.split('/').pop()!
  return { token, ticket: sandbox.readTicket(token)! }
}

describe('the sandbox test cards', () => {
  it('are Luhn-valid, 16 digits, and name each outcome', () => {
    for (const card of SANDBOX_TEST_CARDS) expect(luhnValid(card.number), card.number).toBe(true)
    expect(new Set(SANDBOX_TEST_CARDS.map((c) => c.outcome))).toEqual(
      new Set(['success', 'insufficient_funds', 'three_ds_failed', 'technical_error']),
    )
  })
})

describe('SandboxGateway', () => {
  it('refuses the technical-error card at the start', async () => {
    const card = SANDBOX_TEST_CARDS.find((c) => c.outcome === 'technical_error')!
    expect(await gateway().startThreeDs(start(card.number))).toMatchObject({
      ok: false,
      code: 'technical_error',
    })
  })

  it('puts the masked card, never the number, in its signed ticket', async () => {
    const sandbox = gateway()
    const { token, ticket } = await challenge(sandbox, '4090210000000016')
    expect(ticket).toMatchObject({ cardMasked: '409021******0016', totalAmount: '1045.00', installment: 3 })
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString()).not.toContain('4090210000000016')
  })

  it('refuses a ticket that was changed, signed with another secret, or is older than 15 minutes', async () => {
    const sandbox = gateway()
    const { token } = await challenge(sandbox, '4090210000000016')
    const [body, signature] = token.split('.')
    const changed = Buffer.from(
      Buffer.from(body!, 'base64url').toString().replace('1045.00', '1.00'),
    ).toString('base64url')
    expect(sandbox.readTicket(`${changed}.${signature}`)).toBeNull()
    expect(new SandboxGateway(`${SECRET}x`, () => clock, noBooks).readTicket(token)).toBeNull()
    const later = new SandboxGateway(SECRET, () => new Date(clock.getTime() + 16 * 60_000), noBooks)
    expect(later.readTicket(token)).toBeNull()
    const inTime = new SandboxGateway(SECRET, () => new Date(clock.getTime() + 14 * 60_000), noBooks)
    expect(inTime.readTicket(token)).not.toBeNull()
  })

  it('signs a result it verifies; a changed amount or a flipped status is a bad signature', async () => {
    const sandbox = gateway()
    const { ticket } = await challenge(sandbox, '4090210000000016')
    const result = sandbox.resultOf(ticket, true)
    expect(await sandbox.verifyCallback(result)).toMatchObject({
      valid: true,
      approved: true,
      totalAmount: '1045.00',
      currency: 'TRY',
    })
    expect(await sandbox.verifyCallback({ ...result, amount: '1.00' })).toEqual({
      valid: false,
      reason: 'signature',
    })
    const failed = sandbox.resultOf(ticket, false)
    expect(await sandbox.verifyCallback({ ...failed, status: 'success', mdStatus: '1' })).toEqual({
      valid: false,
      reason: 'signature',
    })
    expect(await sandbox.verifyCallback({ intentId: 'x' })).toEqual({ valid: false, reason: 'malformed' })
  })

  it('fails 3-D Secure for a wrong code and for the 3-D Secure failure card', async () => {
    const sandbox = gateway()
    const ok = await challenge(sandbox, '4090210000000016')
    expect(await sandbox.verifyCallback(sandbox.resultOf(ok.ticket, false))).toMatchObject({
      valid: true,
      approved: false,
      failureCode: 'three_ds_failed',
    })
    const card = SANDBOX_TEST_CARDS.find((c) => c.outcome === 'three_ds_failed')!
    const failing = await challenge(sandbox, card.number)
    expect(await sandbox.verifyCallback(sandbox.resultOf(failing.ticket, true))).toMatchObject({
      approved: false,
    })
  })

  it('refuses to complete a result whose signature, intent or amount is not its own, before its books', async () => {
    const sandbox = gateway()
    const ok = await challenge(sandbox, '5571130000000011')
    const good = sandbox.resultOf(ok.ticket, true)
    const complete = (
      callbackData: Record<string, string>,
      totalAmount = '1045.00',
      intentId = 'a'.repeat(32),
    ) => sandbox.complete({ intentId, totalAmount, callbackData })
    expect(await complete({ ...good, amount: '1.00' })).toMatchObject({
      outcome: 'declined',
      code: 'signature',
    })
    expect(await complete(good, '1045.01')).toMatchObject({ outcome: 'declined', code: 'amount_mismatch' })
    expect(await complete(good, '1045.00', 'b'.repeat(32))).toMatchObject({
      outcome: 'declined',
      code: 'amount_mismatch',
    })
  })

  it('answers no BIN information (our BIN table answers)', async () => {
    expect(await gateway().binInfo()).toBeNull()
  })
})
