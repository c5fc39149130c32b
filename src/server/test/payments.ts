import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import type { StartPaymentForm } from '../../contracts/payments'
import { turkishSortKey } from '../../domain/turkish-text'
import { SANDBOX_SMS_CODE, SANDBOX_TEST_CARDS } from '../integrations/payments/sandbox/test-cards'
import {
  DEFAULT_RECONCILER,
  type ReconcilerOptions,
  reconcilePayments,
} from '../modules/payments/payment-reconciler'
import { paymentsDepsOf } from '../modules/payments/payments.routes'
import { queryRows, setStoreSetting } from './db-helpers'
import type { TestApp, TestClient } from './test-app'

/** The sandbox's test cards by what they do. */
export const TEST_CARDS = {
  visa: SANDBOX_TEST_CARDS[0]!.number,
  master: SANDBOX_TEST_CARDS[1]!.number,
  troy: SANDBOX_TEST_CARDS[2]!.number,
  declined: SANDBOX_TEST_CARDS[3]!.number,
  threeDsFailure: SANDBOX_TEST_CARDS[4]!.number,
  technicalError: SANDBOX_TEST_CARDS[5]!.number,
}
export const TEST_CCV = '123'

/** A card form as the frame sends it (paymentType and the rest may be overridden). */
export function cardForm(overrides: Partial<StartPaymentForm> = {}): Record<string, unknown> {
  return {
    paymentType: 'pay',
    card: TEST_CARDS.visa,
    ccv: TEST_CCV,
    expire: '12/39',
    holder: 'Ahmet Yılmaz',
    amount: '150.00',
    description: 'Cari ödeme',
    ...overrides,
  }
}

/** Card plan prices shown (the card plan of seedAccounts is 'Kredi Kartı', priced in advencePrice3). */
export async function enableCardPlans(t: TestApp) {
  await setStoreSetting(t.database.db, 'showPaymentPlanPrice', true)
  const [plan] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from payment_plans where is_virtual order by id limit 1`,
  )
  return plan!.id
}

/** A product with `stock` units in one warehouse, sale price `price` and card-plan price `cardPrice` (TRY). */
export async function cardProduct(t: TestApp, opts: { price: string; cardPrice: string; stock: number }) {
  const db = t.database.db
  const [w] = await queryRows<{ id: number }>(
    db,
    sql`insert into warehouses (code, name, sort_order) values ('PW', 'Ödeme Depo', 0)
        on conflict (code) do update set name = excluded.name returning id`,
  )
  const warehouseId = w!.id
  const code = `P-${Math.random().toString(36).slice(2, 10)}`
  const [p] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (code, name, seo, currency_id, sale_price, advence_price3, tax_rate, quantity, name_sort)
        values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()},
          (select id from currencies where code = 'TRY'), ${opts.price}, ${opts.cardPrice}, 20, ${opts.stock},
          ${turkishSortKey(code)}) returning id`,
  )
  const [unit] = await queryRows<{ id: number }>(
    db,
    sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
        values (${p!.id}, 'Adet', 1, ${opts.price}, true, 0) returning id`,
  )
  await db.execute(
    sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${warehouseId}, ${opts.stock})`,
  )
  return { id: p!.id, unitId: unit!.id }
}

export const addToCart = (client: TestClient, p: { id: number; unitId: number }, quantity: number) =>
  client.send({
    method: 'POST',
    url: `/api/catalog/cart/${p.id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `quantity=${quantity}&productValue=${p.unitId}`,
  })

export const startPayment = (client: TestClient, form: Record<string, unknown>) =>
  client.send({ method: 'POST', url: '/api/payments/start', payload: form })

const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      unescapeHtml(m[2]!),
    ]),
  )
const unescapeHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/**
 * The sandbox's 3-D Secure challenge as a browser goes through it: the challenge page, the SMS code
 * posted, and the signed result the page would post to our callback (answered, not yet posted).
 */
export async function passChallenge(t: TestApp, redirectUrl: string, code = SANDBOX_SMS_CODE) {
  const page = await t.app.inject({ method: 'GET', url: redirectUrl })
  if (page.statusCode !== 200) throw new Error(`challenge page ${page.statusCode}`)
  const posted = await t.app.inject({
    method: 'POST',
    url: redirectUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `code=${encodeURIComponent(code)}`,
  })
  const form = resultForm(posted.body)
  if (!form) throw new Error(`no result form: ${posted.body.slice(0, 300)}`)
  return form
}

/**
 * The signed result form of the sandbox's 3-D Secure page (after the SMS code): the callback it posts
 * to and its hidden fields; null when the page has none.
 */
export function resultForm(html: string): { callbackUrl: URL; fields: Record<string, string> } | null {
  const action = /<form id="result" method="post" action="([^"]+)"/.exec(html)?.[1]
  if (!action) return null
  return { callbackUrl: new URL(unescapeHtml(action)), fields: hiddenFields(html) }
}

/** Posts a callback as the bank's page does: a cross-site form post, with no cookie and no CSRF token. */
export function postCallback(
  t: TestApp,
  fields: Record<string, string>,
  path = '/payment/callback/sandbox?lang=tr',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  })
}

/** What the callback page tells the parent window. */
export function frameMessage(res: LightMyRequestResponse): Record<string, unknown> {
  const json = /<script type="application\/json" id="payment-result">([\s\S]*?)<\/script>/.exec(res.body)?.[1]
  if (!json) throw new Error(`no frame message in: ${res.body.slice(0, 300)}`)
  return JSON.parse(json)
}

/** Start (sandbox), pass the challenge and post the callback: the whole card payment of a form. */
export async function paySandbox(
  t: TestApp,
  client: TestClient,
  form: Record<string, unknown>,
  code?: string,
) {
  const start = await startPayment(client, form)
  if (start.statusCode !== 200) return { start, callback: null, intentId: null }
  const { intentId, action } = start.json() as { intentId: string; action: { type: string; url: string } }
  const { callbackUrl, fields } = await passChallenge(t, action.url, code)
  const callback = await postCallback(t, fields, callbackUrl.pathname + callbackUrl.search)
  return { start, callback, intentId, fields }
}

/** One run of the payment reconciler of a test app, at its clock (stuck after `stuckAfterMs`). */
export function reconcileNow(t: TestApp, options: Partial<ReconcilerOptions> = {}, at = t.deps.now()) {
  return reconcilePayments(paymentsDepsOf(t.deps, t.app.log), at, {
    ...DEFAULT_RECONCILER,
    stuckAfterMs: 0,
    ...options,
  })
}

/** The trail of an intent as staff read it: "from→to by actor" per step. */
export async function trailOf(t: TestApp, intentId: string): Promise<string[]> {
  const rows = await queryRows<{ from_status: string | null; to_status: string; actor: string }>(
    t.database.db,
    sql`select from_status, to_status, actor from payment_intent_events where intent_id = ${intentId} order by id`,
  )
  return rows.map((r) => `${r.from_status ?? '∅'}→${r.to_status} ${r.actor}`)
}
