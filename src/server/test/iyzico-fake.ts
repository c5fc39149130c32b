import { createHmac, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { installmentTotal, monthlyAmount } from '../../domain/installments'

/**
 * A local stand-in for iyzico's API (no outside network in tests): the four calls the iyzico gateway
 * makes, with iyzico's documented request and response shapes, its IYZWSv2 request authorization
 * checked and its response signatures made (HMAC-SHA256 of fields joined by ':', keyed with the
 * merchant's secret key). `auth` chooses how the 3-D Secure auth (threedsPayment) answers.
 */
export type FakeAuthMode =
  | 'success'
  | 'declined'
  | 'other_amount'
  | 'bad_signature'
  | 'fraud'
  /** Takes the money, then answers later than the client waits (the answer is lost). */
  | 'no_answer'

export type IyzicoFake = {
  url: string
  apiKey: string
  secretKey: string
  /** Every call received: path and JSON body. */
  calls: Array<{ path: string; body: Record<string, unknown> }>
  /** Calls whose Authorization header was not a valid IYZWSv2 signature (must stay 0). */
  badAuthorization: number
  auth: FakeAuthMode
  /** iyzico's installment offers: count → commission percent. */
  installments: Record<number, number>
  /** How cancel and refund answer: 'ok', or a refusal as iyzico words one. */
  refunds: 'ok' | 'refused'
  /** How long a 'no_answer' completion waits before it answers (longer than the client's timeout). */
  noAnswerMs: number
  /** What iyzico charged per payment id (paid price), and whether it was given back. */
  charged: Map<string, { paidPrice: number; refunded: boolean }>
  close: () => Promise<void>
  /** The callback iyzico posts to callbackUrl after the bank's 3-D Secure page, signed. */
  callback: (input: {
    paymentId: string
    conversationId: string
    mdStatus: string
    status: string
  }) => Record<string, string>
}

const sign = (secret: string, fields: Array<string | number>) =>
  createHmac('sha256', secret).update(fields.map(String).join(':')).digest('hex')

const price = (value: unknown) => String(Number(value))

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      data += chunk
    })
    request.on('end', () => resolve(data))
    request.on('error', reject)
  })
}

export async function startIyzicoFake(): Promise<IyzicoFake> {
  const apiKey = 'sandbox-api-key'
  const secretKey = 'sandbox-secret-key'
  const payments = new Map<
    string,
    { conversationId: string; price: number; paidPrice: number; basketId: string }
  >()
  const fake: IyzicoFake = {
    url: '',
    apiKey,
    secretKey,
    calls: [],
    badAuthorization: 0,
    auth: 'success',
    installments: { 1: 0, 3: 6.25 },
    refunds: 'ok',
    noAnswerMs: 1500,
    charged: new Map(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
    callback: ({ paymentId, conversationId, mdStatus, status }) => ({
      status,
      paymentId,
      conversationId,
      mdStatus,
      signature: sign(secretKey, ['', conversationId, mdStatus, paymentId, status]),
    }),
  }

  const authorized = (request: IncomingMessage, path: string, raw: string) => {
    const header = String(request.headers.authorization ?? '')
    if (!header.startsWith('IYZWSv2 ')) return false
    const parts = Object.fromEntries(
      Buffer.from(header.slice(8), 'base64')
        .toString()
        .split('&')
        .map((p) => [p.slice(0, p.indexOf(':')), p.slice(p.indexOf(':') + 1)]),
    )
    const expected = createHmac('sha256', secretKey).update(`${parts.randomKey}${path}${raw}`).digest('hex')
    return parts.apiKey === apiKey && parts.signature === expected
  }

  const answer = (path: string, body: Record<string, unknown>): Record<string, unknown> => {
    const base = {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      conversationId: body.conversationId,
    }
    if (path === '/payment/3dsecure/initialize') {
      const paymentId = String(randomInt(10_000_000, 99_999_999))
      const conversationId = String(body.conversationId)
      payments.set(paymentId, {
        conversationId,
        price: Number(body.price),
        paidPrice: Number(body.paidPrice),
        basketId: String(body.basketId),
      })
      const html = `<!doctype html><html><body><form id="iyzico-3ds-form" action="https://bank.example/acs" method="post">
<input type="hidden" name="paymentId" value="${paymentId}"></form>
<script>document.getElementById("iyzico-3ds-form").submit();</script></body></html>`
      return {
        ...base,
        paymentId,
        threeDSHtmlContent: Buffer.from(html).toString('base64'),
        signature: sign(secretKey, [paymentId, conversationId]),
      }
    }
    if (path === '/payment/3dsecure/auth') {
      const payment = payments.get(String(body.paymentId))
      if (!payment || fake.auth === 'declined') {
        return {
          status: 'failure',
          errorCode: '10051',
          errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
          locale: 'tr',
        }
      }
      const paidPrice = fake.auth === 'other_amount' ? payment.paidPrice - 1 : payment.paidPrice
      if (fake.auth !== 'fraud') fake.charged.set(String(body.paymentId), { paidPrice, refunded: false })
      const fields = [
        body.paymentId as string,
        'TRY',
        payment.basketId,
        payment.conversationId,
        price(paidPrice),
        price(payment.price),
      ]
      return {
        ...base,
        conversationId: payment.conversationId,
        price: payment.price,
        paidPrice,
        installment: 1,
        paymentId: body.paymentId,
        fraudStatus: fake.auth === 'fraud' ? -1 : 1,
        basketId: payment.basketId,
        currency: 'TRY',
        mdStatus: 1,
        signature: fake.auth === 'bad_signature' ? sign('another-secret', fields) : sign(secretKey, fields),
      }
    }
    if (path === '/payment/detail') {
      const entry = [...payments.entries()].find(([, p]) => p.conversationId === body.paymentConversationId)
      if (!entry)
        return { status: 'failure', errorCode: '5115', errorMessage: 'Ödeme bulunamadı', locale: 'tr' }
      const [paymentId, payment] = entry
      const charge = fake.charged.get(paymentId)
      return {
        ...base,
        paymentId,
        price: payment.price,
        paidPrice: charge?.paidPrice ?? payment.paidPrice,
        currency: 'TRY',
        basketId: payment.basketId,
        installment: 1,
        fraudStatus: 1,
        paymentStatus: charge ? 'SUCCESS' : 'CALLBACK_THREEDS',
      }
    }
    if (path === '/payment/cancel' || path === '/v2/payment/refund') {
      const charge = fake.charged.get(String(body.paymentId))
      if (fake.refunds === 'refused' || !charge || charge.refunded) {
        return { status: 'failure', errorCode: '5093', errorMessage: 'İptal/iade yapılamaz', locale: 'tr' }
      }
      charge.refunded = true
      return { ...base, paymentId: body.paymentId, price: charge.paidPrice, currency: 'TRY' }
    }
    if (path === '/payment/bin/check') {
      return {
        ...base,
        binNumber: body.binNumber,
        cardType: 'CREDIT_CARD',
        cardAssociation: 'MASTER_CARD',
        cardFamily: 'Bonus',
        bankName: 'Garanti Bankası',
        bankCode: 62,
        commercial: 0,
      }
    }
    if (path === '/payment/iyzipos/installment') {
      const amount = Number(body.price)
      return {
        ...base,
        installmentDetails: [
          {
            binNumber: body.binNumber,
            price: amount,
            cardType: 'CREDIT_CARD',
            cardAssociation: 'MASTER_CARD',
            cardFamilyName: 'Bonus',
            force3ds: 0,
            bankCode: 62,
            bankName: 'Garanti Bankası',
            forceCvc: 0,
            commercial: 0,
            installmentPrices: Object.entries(fake.installments).map(([count, commission]) => {
              // Priced as the bank does, on decimals: the gateway reads the commission back from it.
              const total = installmentTotal(amount, commission)
              return {
                installmentNumber: Number(count),
                totalPrice: total.toNumber(),
                installmentPrice: monthlyAmount(total, Number(count)).toNumber(),
              }
            }),
          },
        ],
      }
    }
    return { status: 'failure', errorCode: '1', errorMessage: 'Not found' }
  }

  const server: Server = createServer(async (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!
    const raw = await readBody(request)
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
    fake.calls.push({ path, body })
    const ok = authorized(request, path, raw)
    if (!ok) fake.badAuthorization++
    const result = ok
      ? answer(path, body)
      : { status: 'failure', errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' }
    if (path === '/payment/3dsecure/auth' && fake.auth === 'no_answer') {
      await new Promise((resolve) => setTimeout(resolve, fake.noAnswerMs))
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(result))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
