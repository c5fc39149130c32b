import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { turkishSortKey } from '../../domain/turkish-text'
import { type Database, openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { FAULT_POINTS, type FaultPoint, ORDER_CANCEL_FAULT_POINTS } from '../fault-points'
import { translate } from '../http/messages'
import { SANDBOX_SMS_CODE } from '../integrations/payments/sandbox/test-cards'
import { type AppProcess, Browser, bundleServer, startAppProcess } from '../test/app-process'
import { queryRows, setStoreSetting } from '../test/db-helpers'
import { ADMIN, DEALER, DEALER2, seedAccounts } from '../test/fixtures'
import { resultForm, TEST_CARDS, TEST_CCV } from '../test/payments'
import { createPgliteAt } from '../test/test-database'
import { findPostgresBin, startThrowawayCluster, type ThrowawayCluster } from '../test/throwaway-cluster'

/**
 * SLOW FAULT TEST: the real server process is killed with SIGKILL — and, on PostgreSQL, its
 * own throw-away cluster is stopped with `pg_ctl stop -m immediate` — at random moments while two
 * dealers order, make offers, cancel and pay by card (the cart, and amounts on account, through the
 * sandbox's 3-D Secure page and signed callback). After each round the app (and the cluster) come
 * back, every request that got no answer is sent again (an order with its same Idempotency-Key, a
 * lost callback as the bank re-posts it: the same signed body), and SQL checks: no order or offer
 * without lines, totals equal to their lines, the stock ledger balanced per product and warehouse,
 * every acknowledged order/offer/cancel present exactly once, a retried key one order, and one paid
 * order or ledger credit of its amount per succeeded payment intent, none without one.
 *
 * PGlite pass: the app writes to its own DATA_DIR and is killed there; the test reopens that
 * directory after every kill, which is what proves PGlite's durability after a crash. PostgreSQL pass:
 * a cluster of the test's own (initdb on a free port), never the shared server. Also there: with the
 * database down the app answers 503 within 5 s and is back by itself within 10 s of its return.
 *
 * Card payments are also killed at each of their steps (src/server/fault-points.ts): after the
 * 'authorized' commit, after the 'capturing' commit (stock held, bank not asked), inside the bank's
 * completion before and after it takes the money, and after its answer before the booking. The app is
 * started with one point armed in turn, and its first payment of the round goes there. After the
 * restart the app's reconciler (every second, for payments stuck 5 s) settles what was left: every
 * intent the bank charged (the sandbox's books) has exactly one order or ledger credit, every other
 * none, and the stock held by unsettled payments is counted in the stock balance.
 *
 * After the rounds, staff cancel a card-paid order with the app armed at each point of that
 * cancellation (ORDER_CANCEL_FAULT_POINTS): after the refunding step commits, and inside the bank's
 * refund after it gave the money back. The restarted app's reconciler finishes it exactly once.
 *
 * FAULT_SEED=<n> replays a run (the seed is printed); FAULT_ROUNDS=<n> changes the number of rounds:
 * 10 by default, the size for every run: the odd rounds arm the five payment fault points one each,
 * the even ones kill at a random moment (on PostgreSQL the app, the database and both in turn).
 * FAULT_ROUNDS=50 is the full run, where each point is armed five times and card payments of both
 * kinds must have been acknowledged. FAULT_DEBUG=1 prints each round (fault, timings, requests left to retry).
 */
const root = process.cwd()
const onPostgres = process.env.TEST_DB === 'postgres'
const pgBin = onPostgres ? findPostgresBin() : null
if (onPostgres && !pgBin) {
  const onCi = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI ?? '')
  if (onCi) throw new Error('the crash test needs initdb/pg_ctl (/usr/lib/postgresql/*/bin or PG_BIN) on CI')
  console.info('Crash test, PostgreSQL pass: no initdb/pg_ctl here (set PG_BIN); skipped.')
}
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 10)
const SEED = Number(process.env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31))

const PRODUCTS = 4
/** Base units per warehouse: small first warehouses, so orders take from several. */
const INITIAL_STOCK = [6, 10, 2000]
/** Card-paid orders the staff-cancellation tests cancel: asked for, though not by the rounds. */
const staffCancelledOrders = new Set<number>()

type Fault = 'app' | 'db' | 'both'

/** What the client saw: acknowledged (2xx), refused (4xx: nothing was written), or no answer. */
type Outcome =
  | { kind: 'ok'; body: unknown }
  | { kind: 'refused'; status: number; body: unknown }
  | { kind: 'lost'; why: string }

type Pending =
  | { kind: 'order'; dealer: number; key: string }
  | { kind: 'offer'; dealer: number }
  | { kind: 'cancel'; dealer: number; orderId: number }
  /** A card payment whose 3-D Secure page got no answer: the payer posts the SMS code again. */
  | { kind: 'challenge'; dealer: number; intentId: string; url: string }
  /** A card payment whose callback got no answer: the bank posts the same signed body again. */
  | { kind: 'callback'; dealer: number; intentId: string }

type PaymentType = 'order' | 'pay'

/** A card payment the server started (its start was answered), and how far the client saw it go. */
type Payment = {
  type: PaymentType
  dealer: number
  /** The signed result of the 3-D Secure page: what the callback posts (and the bank re-posts). */
  signed?: { path: string; fields: Record<string, string> }
  /** What the callback page told the frame, once it answered ('processing': the bank's answer was lost). */
  told?: 'succeeded' | 'failed' | 'processing'
}

/** The client side's record: what it was told, and what it must not have been told. */
type Model = {
  ackedOrders: Map<number, { key: string; dealer: number }>
  refusedKeys: Set<string>
  attemptedKeys: Set<string>
  ackedOffers: Set<number>
  offerAttempts: number
  ackedCancels: Set<number>
  attemptedCancels: Set<number>
  /** Card payments by intent id, once their start was answered. */
  payments: Map<string, Payment>
  pending: Pending[]
  /** Answers that break the rules whatever happened: a 500, or a request that hung. */
  violations: string[]
}

describe.skipIf(onPostgres && !pgBin)('crash and connection faults (slow fault test)', () => {
  const work = path.join(root, '.tmp', `fault-${randomBytes(4).toString('hex')}`)
  const dataDir = path.join(work, 'data')
  let bundle: string
  let cluster: ThrowawayCluster | null = null
  let databaseUrl: string | undefined
  let env: Record<string, string>
  let app: AppProcess | null = null
  const productIds: number[] = []
  const unitIds: number[] = []
  let warehouseIds: number[] = []

  /** The test's own connection: a fresh one each time (the cluster comes and goes; PGlite is the app's). */
  async function withDatabase<T>(fn: (database: Database) => Promise<T>): Promise<T> {
    const database = databaseUrl
      ? await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') })
    try {
      return await fn(database)
    } finally {
      await database.close()
    }
  }

  beforeAll(async () => {
    console.info(`crash test (${onPostgres ? 'PostgreSQL' : 'PGlite'}): FAULT_SEED=${SEED}, ${ROUNDS} rounds`)
    mkdirSync(dataDir, { recursive: true })
    bundle = await bundleServer(work)
    if (onPostgres) {
      cluster = await startThrowawayCluster(pgBin!)
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      await admin.query('CREATE DATABASE toptan')
      await admin.end()
      databaseUrl = cluster.url.replace(/\/postgres$/, '/toptan')
    }
    if (!databaseUrl) await (await createPgliteAt(path.join(dataDir, 'pgdata'))).close()
    await withDatabase(async (database) => {
      if (databaseUrl) await runMigrations(database, root)
      const fx = await seedAccounts(database.db)
      const rows = await queryRows<{ id: number }>(
        database.db,
        sql`insert into warehouses (code, name, sort_order) values ('F1','Bir',0), ('F2','İki',1), ('F3','Üç',2) returning id`,
      )
      warehouseIds = rows.map((r) => r.id)
      for (let i = 0; i < PRODUCTS; i++) {
        const code = `FAULT-${i}`
        const total = INITIAL_STOCK.reduce((a, b) => a + b, 0)
        const [p] = await queryRows<{ id: number }>(
          database.db,
          sql`insert into products (code, name, seo, currency_id, sale_price, advence_price3, tax_rate, quantity, name_sort)
              values (${code}, ${`Ürün ${code}`}, ${code.toLowerCase()}, ${fx.currencies.try.id}, '10', '11', 20, ${total}, ${turkishSortKey(code)})
              returning id`,
        )
        const [u] = await queryRows<{ id: number }>(
          database.db,
          sql`insert into product_units (product_id, value, multiplier, default_price, is_default, sort_order)
              values (${p!.id}, 'Adet', 1, '10', true, 0) returning id`,
        )
        for (const [w, quantity] of INITIAL_STOCK.entries()) {
          await database.db.execute(
            sql`insert into product_stocks (product_id, warehouse_id, quantity) values (${p!.id}, ${warehouseIds[w]!}, ${quantity})`,
          )
        }
        productIds.push(p!.id)
        unitIds.push(u!.id)
      }
      // The card plan ('Kredi Kartı', priced in advence_price3) offered: a cart can be paid by card.
      await setStoreSetting(database.db, 'showPaymentPlanPrice', true)
    })
    env = {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      DEMO_DATA: '0',
      SERVER_RENDER: '0',
      CACHE_SECONDS: '0',
      LOG_LEVEL: 'error',
      PAYMENT_GATEWAY: 'sandbox',
      // Payments left half-way are settled soon after a restart (5 s: far above any step's own time).
      PAYMENT_RECONCILE_AFTER_SECONDS: '5',
      PAYMENT_RECONCILE_EVERY_SECONDS: '1',
      // Two dealers pay many times from one address with one card: the card-testing limits stay out.
      PAYMENT_START_LIMITS: 'ip=1000000/60,bin=1000000/60,user=1000000/10,link=1000000/10',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }
  }, 120_000)

  afterAll(async () => {
    if (app) await kill(app)
    await cluster?.destroy()
    rmSync(work, { recursive: true, force: true })
  })

  /** The fault point the running app process kills itself at (null: none armed). */
  let armed: FaultPoint | null = null
  const startApp = async (point: FaultPoint | null = null) => {
    armed = point
    app = await startAppProcess(bundle, point ? { ...env, FAULT_KILL_AT: point } : env, dataDir)
    return app
  }

  it.skipIf(!onPostgres)(
    'answers 503 within 5 s while the database is down, and recovers by itself within 10 s of its return',
    async () => {
      const server = await startApp()
      const dealer = await Browser.login(server.url, DEALER)
      const orders = (locale: string) =>
        timed(() => dealer.request('/api/catalog/orders', { headers: { 'accept-language': locale } }))
      expect((await orders('tr')).res.status).toBe(200)

      await cluster!.crash()
      for (const locale of ['tr', 'en'] as const) {
        const { res, ms } = await orders(locale)
        expect(res.status).toBe(503)
        expect(ms).toBeLessThan(5000)
        expect(res.headers.get('retry-after')).toBe('5')
        expect(await res.json()).toEqual({
          error: { code: 'unavailable', messages: { type: translate(locale, 'error.unavailable') } },
        })
      }
      const write = await timed(() =>
        dealer.request('/api/catalog/cart', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': 'outage-0001' },
          body: '{}',
        }),
      )
      expect([write.res.status, write.ms < 5000]).toEqual([503, true])
      const health = await timed(() => fetch(`${server.url}/healthz`))
      expect([health.res.status, health.ms < 5000]).toEqual([503, true])

      await cluster!.start()
      const back = Date.now()
      let status = 0
      while (Date.now() - back < 10_000) {
        status = (await orders('tr')).res.status
        if (status === 200) break
        await sleep(200)
      }
      expect(status).toBe(200)
      expect(Date.now() - back).toBeLessThan(10_000)
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(server.child.exitCode).toBeNull()
    },
    60_000,
  )

  it(`keeps every acknowledged write and no half-written document through ${ROUNDS} rounds of kills`, async () => {
    const random = mulberry32(SEED)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!
    const model: Model = {
      ackedOrders: new Map(),
      refusedKeys: new Set(),
      attemptedKeys: new Set(),
      ackedOffers: new Set(),
      offerAttempts: 0,
      ackedCancels: new Set(),
      attemptedCancels: new Set(),
      payments: new Map(),
      pending: [],
      violations: [],
    }
    if (!app || app.child.exitCode !== null) await startApp()
    const dealers = [await Browser.login(app!.url, DEALER), await Browser.login(app!.url, DEALER2)]
    const faults = { app: 0, db: 0, both: 0 }
    const armedRounds = Object.fromEntries(FAULT_POINTS.map((p) => [p, 0])) as Record<FaultPoint, number>
    const pointHits = Object.fromEntries(FAULT_POINTS.map((p) => [p, 0])) as Record<FaultPoint, number>
    let lastAcked: { key: string; id: number; dealer: number } | null = null
    /** The last card payment told succeeded: its callback is posted again after each round. */
    let lastPaid: string | null = null

    /** Answers received this round: the fault comes after a random number of them (any machine speed). */
    let answered = 0
    let onAnswer = () => {}

    /** One request to the app running now, classified; a hang past 10 s is a violation. */
    const send = async (
      dealer: number | null,
      url: string,
      init: RequestInit,
      what: string,
    ): Promise<Outcome> => {
      const running = app!
      const base = running.url
      try {
        const request = { ...init, headers: { origin: base, ...(init.headers as Record<string, string>) } }
        const signal = AbortSignal.timeout(10_000)
        // No dealer: the bank's page posting the callback, with no cookie and no CSRF token.
        const res =
          dealer === null
            ? await fetch(`${base}${url}`, { ...request, signal, redirect: 'manual' })
            : await dealers[dealer]!.request(`${base}${url}`, { ...request, signal })
        // JSON, or the page's HTML as text (the 3-D Secure pages and the callback's answer).
        const text = await res.text()
        const body: unknown = (() => {
          try {
            return JSON.parse(text)
          } catch {
            return text
          }
        })()
        answered++
        onAnswer()
        if (res.status >= 200 && res.status < 300) return { kind: 'ok', body }
        if (res.status === 401) throw new Error(`${what}: the session was lost (401)`)
        if (res.status >= 400 && res.status < 500) return { kind: 'refused', status: res.status, body }
        if (res.status !== 503) {
          // The server's log lines of that request (its error), for whoever reads the failure.
          const id = (body as { error?: { requestId?: string } } | null)?.error?.requestId
          const logged = id
            ? running
                .output()
                .split('\n')
                .filter((line) => line.includes(id))
            : []
          model.violations.push(
            `${what} answered ${res.status}: ${JSON.stringify(body)} ${logged.join('\n')}`,
          )
        }
        return { kind: 'lost', why: String(res.status) }
      } catch (err) {
        if (err instanceof Error && err.name === 'TimeoutError')
          model.violations.push(`${what} hung for 10 s`)
        if (err instanceof Error && err.message.includes('session was lost')) throw err
        return { kind: 'lost', why: String(err) }
      }
    }

    const json = (method: string, body: unknown): RequestInit => ({
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const orderWithKey = (dealer: number, key: string) =>
      send(
        dealer,
        '/api/catalog/cart',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: '{}',
        },
        `order ${key}`,
      )
    const makeOffer = (dealer: number) =>
      send(dealer, '/api/catalog/cart/offer', json('POST', { description: 'fault test' }), 'offer')
    const cancel = (dealer: number, orderId: number) =>
      send(dealer, `/api/catalog/order/${orderId}`, json('PATCH', { cancel: true }), `cancel ${orderId}`)
    const form = (fields: Record<string, string>): RequestInit => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

    /** The SMS code posted on the sandbox's 3-D Secure page; its answer is the signed result to post back. */
    const passChallenge = async (dealer: number, intentId: string, url: string): Promise<Outcome> => {
      const outcome = await send(dealer, url, form({ code: SANDBOX_SMS_CODE }), `3-D Secure ${intentId}`)
      if (outcome.kind === 'lost') return outcome
      const signed = outcome.kind === 'ok' ? signedResult(String(outcome.body)) : null
      if (signed) model.payments.get(intentId)!.signed = signed
      else
        model.violations.push(`3-D Secure of ${intentId} answered ${JSON.stringify(outcome).slice(0, 300)}`)
      return outcome
    }

    /** The bank's callback with the signed result: as its page posts it, and as the bank posts it again. */
    const postCallback = async (intentId: string): Promise<Outcome> => {
      const payment = model.payments.get(intentId)!
      const { path: url, fields } = payment.signed!
      const outcome = await send(null, url, form(fields), `callback ${intentId}`)
      if (outcome.kind === 'lost') return outcome
      const told = outcome.kind === 'ok' ? frameMessage(String(outcome.body)) : null
      if (told?.intentId === intentId && told.type === 'payment_succeed') {
        if (payment.told === 'failed') model.violations.push(`callback of ${intentId} failed, then succeeded`)
        payment.told = 'succeeded'
      } else if (told?.intentId === intentId && told.type === 'payment_processing') {
        // The bank's answer was lost with a killed process: the reconciler settles it.
        if (payment.told !== 'succeeded' && payment.told !== 'failed') payment.told = 'processing'
      } else if (told?.intentId === intentId && told.type === 'payment_failed') {
        // Only a payment a crash interrupted may fail (the cart and prices never change here): checked
        // against its failure code in SQL (checkInvariants).
        if (payment.told === 'succeeded')
          model.violations.push(`callback of ${intentId} succeeded, then failed`)
        payment.told = 'failed'
      } else {
        model.violations.push(
          `callback of ${payment.type} payment ${intentId} answered ${JSON.stringify(told ?? outcome).slice(0, 300)}`,
        )
      }
      return outcome
    }

    /**
     * A card payment as the frame and the sandbox bank walk it: the start (the intent), the 3-D Secure
     * page, the SMS code, the signed callback. False when a request got no answer (the dealer stops);
     * what can be sent again (the code, the callback) is left for the retries.
     */
    const payByCard = async (dealer: number, type: PaymentType): Promise<boolean> => {
      const start = await send(
        dealer,
        '/api/payments/start',
        json('POST', {
          paymentType: type,
          card: TEST_CARDS.visa,
          ccv: TEST_CCV,
          expire: '12/39',
          holder: 'Ahmet Yılmaz',
          ...(type === 'pay'
            ? { amount: `${10 + Math.floor(random() * 90)}.${Math.floor(random() * 90) + 10}` }
            : { advencePrice: 'advencePrice3' }),
          description: type === 'pay' ? 'Cari ödeme (fault test)' : 'Kartla sipariş (fault test)',
        }),
        `start of a ${type} payment`,
      )
      // A start without an answer may have left a pending intent: nobody pays it, nothing follows.
      if (start.kind === 'lost') return false
      if (start.kind === 'refused') {
        model.violations.push(`start of a ${type} payment refused: ${JSON.stringify(start.body)}`)
        return true
      }
      const { intentId, action } = start.body as { intentId: string; action: { type: string; url: string } }
      model.payments.set(intentId, { type, dealer })
      const page = await send(dealer, action.url, {}, `3-D Secure page ${intentId}`)
      if (page.kind !== 'lost') {
        if (page.kind !== 'ok')
          model.violations.push(`3-D Secure page of ${intentId} answered ${page.status}`)
        const passed = await passChallenge(dealer, intentId, action.url)
        if (passed.kind !== 'lost') {
          if (!model.payments.get(intentId)!.signed) return true
          const called = await postCallback(intentId)
          if (called.kind !== 'lost') {
            if (model.payments.get(intentId)!.told === 'succeeded') lastPaid = intentId
            return true
          }
          model.pending.push({ kind: 'callback', dealer, intentId })
          return false
        }
      }
      model.pending.push({ kind: 'challenge', dealer, intentId, url: action.url })
      return false
    }

    const recordOrder = (dealer: number, key: string, outcome: Outcome) => {
      if (outcome.kind === 'ok') {
        const id = (outcome.body as { id: number }).id
        const known = [...model.ackedOrders].find(([, v]) => v.key === key)
        if (known && known[0] !== id)
          model.violations.push(`key ${key} answered order ${id}, before ${known[0]}`)
        model.ackedOrders.set(id, { key, dealer })
        lastAcked = { key, id, dealer }
      } else if (outcome.kind === 'refused') model.refusedKeys.add(key)
      else model.pending.push({ kind: 'order', dealer, key })
    }

    /** A dealer at work until the first request without an answer (or `steps` steps). */
    const work = async (dealer: number, steps: number, payFirst: PaymentType | null = null) => {
      if (payFirst) {
        // The armed fault point is on a card payment's way: go there first.
        if (payFirst === 'order') {
          const p = Math.floor(random() * PRODUCTS)
          const added = await send(
            dealer,
            `/api/catalog/cart/${productIds[p]}`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: `quantity=1&productValue=${unitIds[p]}`,
            },
            'add to cart',
          )
          if (added.kind === 'lost') return
        }
        if (!(await payByCard(dealer, payFirst))) return
      }
      for (let step = 0; step < steps; step++) {
        // Each round's first step is an order by key for the first dealer and an offer for the second,
        // and the run's first chance to cancel is taken: a short run (FAULT_ROUNDS) has orders, offers
        // and a cancel whatever the draws.
        const roll = step === 0 ? (dealer === 0 ? 0.5 : 0.9) : random()
        const cancellable = [...model.ackedOrders]
          .filter(([id, v]) => v.dealer === dealer && !model.attemptedCancels.has(id))
          .map(([id]) => id)
        const firstCancel = model.attemptedCancels.size === 0 && step > 0
        if ((roll < 0.25 || firstCancel) && cancellable.length > 0) {
          const orderId = pick(cancellable)
          model.attemptedCancels.add(orderId)
          const outcome = await cancel(dealer, orderId)
          if (outcome.kind === 'ok') model.ackedCancels.add(orderId)
          else if (outcome.kind === 'lost') {
            model.pending.push({ kind: 'cancel', dealer, orderId })
            return
          } else
            model.violations.push(`cancel of new order ${orderId} refused: ${JSON.stringify(outcome.body)}`)
          continue
        }
        if (roll >= 0.25 && roll < 0.33) {
          // An amount paid on account by card: a ledger credit.
          if (!(await payByCard(dealer, 'pay'))) return
          continue
        }
        const lines = 1 + Math.floor(random() * 2)
        for (let l = 0; l < lines; l++) {
          const p = Math.floor(random() * PRODUCTS)
          const added = await send(
            dealer,
            `/api/catalog/cart/${productIds[p]}`,
            {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: `quantity=${1 + Math.floor(random() * 3)}&productValue=${unitIds[p]}`,
            },
            'add to cart',
          )
          if (added.kind === 'lost') return
          if (added.kind === 'refused')
            model.violations.push(`add to cart refused: ${JSON.stringify(added.body)}`)
        }
        if (roll < 0.6) {
          const key = `fault-${SEED}-${randomBytes(6).toString('hex')}`
          model.attemptedKeys.add(key)
          const outcome = await orderWithKey(dealer, key)
          recordOrder(dealer, key, outcome)
          if (outcome.kind === 'lost') return
        } else if (roll < 0.75) {
          // The cart paid by card: a paid order.
          if (!(await payByCard(dealer, 'order'))) return
        } else {
          model.offerAttempts++
          const outcome = await makeOffer(dealer)
          if (outcome.kind === 'ok') model.ackedOffers.add((outcome.body as { id: number }).id)
          else if (outcome.kind === 'lost') {
            model.pending.push({ kind: 'offer', dealer })
            return
          }
        }
      }
    }

    /** The app killed itself at its armed fault point (rather than answering). */
    const diedAtPoint = async () => {
      if (armed === null || !app) return false
      // A request can fail before the process's exit is seen: give the exit a moment to arrive.
      if (app.child.exitCode === null && app.child.signalCode === null) await exitOf(app, 1000)
      return app.child.signalCode === 'SIGKILL'
    }

    /** A failed retry's error with what the server logged for it (recorded as a violation by send). */
    const withViolations = (err: unknown) =>
      model.violations.length === 0
        ? err
        : new Error(`${err instanceof Error ? err.message : String(err)}\n${model.violations.join('\n')}`)

    /**
     * Every request that got no answer, sent again. False when the app died at its armed fault point
     * during a retry (a retried payment went there): what is left waits for the next round.
     */
    const retryPending = async (): Promise<boolean> => {
      const pending = model.pending.splice(0)
      for (const [i, p] of pending.entries()) {
        try {
          await retryOne(p)
        } catch (err) {
          if (!(await diedAtPoint())) throw withViolations(err)
          model.pending.push(...pending.slice(i))
          return false
        }
      }
      try {
        await retryRepeats()
      } catch (err) {
        if (!(await diedAtPoint())) throw withViolations(err)
        return false
      }
      return true
    }

    const retryOne = async (p: Pending) => {
      if (p.kind === 'order') {
        const outcome = await orderWithKey(p.dealer, p.key)
        if (outcome.kind === 'lost') throw new Error(`retry of order ${p.key} got no answer: ${outcome.why}`)
        recordOrder(p.dealer, p.key, outcome)
      } else if (p.kind === 'offer') {
        // An offer empties the cart: if the lost one was made, its retry finds the cart empty.
        model.offerAttempts++
        const outcome = await makeOffer(p.dealer)
        if (outcome.kind === 'lost') throw new Error(`retry of an offer got no answer: ${outcome.why}`)
        if (outcome.kind === 'ok') model.ackedOffers.add((outcome.body as { id: number }).id)
      } else if (p.kind === 'cancel') {
        const outcome = await cancel(p.dealer, p.orderId)
        if (outcome.kind === 'lost') throw new Error(`retry of cancel ${p.orderId} got no answer`)
        // 409: the lost cancel was made; the check below finds the order cancelled either way.
        if (outcome.kind === 'ok' || outcome.status === 409) model.ackedCancels.add(p.orderId)
      } else if (p.kind === 'challenge') {
        // The payer sends the SMS code again (the page is stateless), then the bank posts the result.
        const passed = await passChallenge(p.dealer, p.intentId, p.url)
        if (passed.kind === 'lost') throw new Error(`retry of 3-D Secure ${p.intentId} got no answer`)
        if (model.payments.get(p.intentId)!.signed) {
          const called = await postCallback(p.intentId)
          if (called.kind === 'lost')
            throw new Error(
              `callback ${p.intentId} got no answer: ${called.why}\n${app?.output().slice(-3000)}`,
            )
        }
      } else {
        // The bank posts its callback again, the same signed body: paid once, whatever came first.
        const called = await postCallback(p.intentId)
        if (called.kind === 'lost')
          throw new Error(
            `retry of callback ${p.intentId} got no answer: ${called.why}\n${app?.output().slice(-3000)}`,
          )
      }
    }

    /** Requests sent again after they were answered: the same answer, nothing made twice. */
    const retryRepeats = async () => {
      // A callback the bank repeats after it was answered changes nothing and answers the success again.
      if (lastPaid) {
        const called = await postCallback(lastPaid)
        if (called.kind === 'lost') throw new Error(`repeated callback ${lastPaid} got no answer`)
      }
      // An answered key sent once more answers the same order.
      const again: { key: string; id: number; dealer: number } | null = lastAcked
      if (again) {
        const outcome = await orderWithKey(again.dealer, again.key)
        if (outcome.kind !== 'ok' || (outcome.body as { id: number }).id !== again.id) {
          model.violations.push(`repeated key ${again.key} answered ${JSON.stringify(outcome)}`)
        }
      }
    }

    const started = Date.now()
    for (let round = 0; round < ROUNDS; round++) {
      const t0 = Date.now()
      if (cluster && !cluster.running()) await cluster.start()
      // Every other round arms a payment's fault point in turn (a process started for the round only).
      const point = round % 2 === 1 ? FAULT_POINTS[Math.floor(round / 2) % FAULT_POINTS.length]! : null
      const appDown = !app || app.child.exitCode !== null || app.child.signalCode !== null
      // A process left running by a database fault is not armed: it makes way for one that is.
      if (!appDown && point) await kill(app!)
      if (appDown || point) await startApp(point)
      const roundPoint = armed
      const t1 = Date.now()
      const alive = await retryPending()
      const t2 = Date.now()

      // The unarmed rounds take the three faults in turn, so a short run still has each of them.
      const drawn: Fault = onPostgres ? (['app', 'db', 'both'] as const)[(round / 2) % 3]! : 'app'
      // An armed fault point kills the app itself: that round's fault is the app's.
      const fault: Fault = roundPoint ? 'app' : drawn
      faults[fault]++
      // The fault strikes after 1..10 answers and 0..40 ms more: mid-request, at a random step.
      const after = 1 + Math.floor(random() * 10)
      const delay = Math.floor(random() * 40)
      const running = app!
      answered = 0
      const struck = new Promise<void>((resolve) => {
        onAnswer = () => answered >= after && resolve()
      })
      const payFirst: PaymentType | null = roundPoint ? (round % 4 === 1 ? 'order' : 'pay') : null
      // A retried payment may already have taken the app to its armed point: no work then.
      const workers = alive ? Promise.all([work(0, 4, payFirst), work(1, 4)]) : Promise.resolve([])
      // An armed point kills the app by itself: no second fault in that round.
      const died = new Promise<void>((resolve) => running.child.once('exit', () => resolve()))
      await Promise.race([roundPoint ? died : struck, workers])
      await sleep(delay)
      if (roundPoint) {
        armedRounds[roundPoint]++
        await exitOf(running, 500)
        if (running.child.signalCode === 'SIGKILL') pointHits[roundPoint]++
      }
      if (fault !== 'db') await kill(running)
      if (fault !== 'app') await cluster!.crash()
      if (fault === 'both') await sleep(Math.floor(random() * 100))
      await workers

      if (fault !== 'app') {
        await cluster!.start()
        if (fault === 'db') {
          // The app was not restarted: it must come back by itself within 10 s.
          const back = Date.now()
          while (
            !(await fetch(`${running.url}/healthz`).then(
              (r) => r.ok,
              () => false,
            ))
          ) {
            if (Date.now() - back > 10_000 || running.child.exitCode !== null) {
              throw new Error(
                `round ${round}: no recovery within 10 s of the database's return (exit ${running.child.exitCode}):\n${running.output()}`,
              )
            }
            await sleep(100)
          }
        }
      }
      if (fault !== 'db') await kill(running)
      const t3 = Date.now()
      await withDatabase((database) => checkInvariants(database, model, round))
      if (process.env.FAULT_DEBUG) {
        console.info(
          `round ${round}: ${fault} after ${after} answers + ${delay} ms; start ${t1 - t0} ms, retries ${t2 - t1} ms, work ${t3 - t2} ms, check ${Date.now() - t3} ms; pending ${JSON.stringify(model.pending)}`,
        )
      }
    }
    if (cluster && !cluster.running()) await cluster.start()
    if (!app || app.child.exitCode !== null || app.child.signalCode !== null) await startApp()
    await retryPending()
    // The app's reconciler settles every payment left half-way (stuck 5 s, checked every second). The
    // embedded database belongs to the running app alone (a second PGlite on its data dir reads a stale
    // copy and its shutdown checkpoint spoils the app's files), so the app is stopped before each look
    // and started again while payments remain.
    const settleBy = Date.now() + 40_000
    let unsettledIntents: Array<{ id: string; status: string }> = []
    for (;;) {
      await sleep(7000)
      await kill(app!)
      unsettledIntents = await withDatabase((database) =>
        queryRows<{ id: string; status: string }>(
          database.db,
          sql`select id, status from payment_intents where status in ('authorized', 'capturing', 'refunding')`,
        ),
      )
      if (unsettledIntents.length === 0 || Date.now() > settleBy) break
      await startApp()
    }
    expect(
      unsettledIntents,
      `payments the reconciler did not settle within 40 s\n${app!.output().slice(-3000)}`,
    ).toEqual([])
    await withDatabase((database) => checkInvariants(database, model, ROUNDS, { settled: true }))
    // Every callback was answered by now (retried until it was): no payment the bank signed is left pending.
    const unsettled = [...model.payments].filter(([, p]) => p.signed && !p.told).map(([id]) => id)
    expect(unsettled, 'signed payments whose callback was never answered').toEqual([])
    const points = FAULT_POINTS.map((p) => `${p} ${pointHits[p]}/${armedRounds[p]}`).join(', ')
    console.info(`crash test fault points (rounds killed there / rounds armed): ${points}`)
    // How the payments ended, by the step that ended them: who settled what a crash left.
    const endings = await withDatabase((database) =>
      queryRows<{ ending: string; n: number }>(
        database.db,
        sql`select coalesce(e.from_status, '∅') || '→' || e.to_status || ' ' || e.actor ||
              coalesce(' (' || i.failure_code || ')', '') as ending, count(*)::int as n
            from payment_intents i
            join lateral (select * from payment_intent_events x where x.intent_id = i.id order by x.id desc limit 1) e on true
            group by 1 order by 2 desc`,
      ),
    )
    console.info(
      `crash test payments by their last step: ${endings.map((e) => `${e.ending}: ${e.n}`).join(', ')}`,
    )
    // Each point is on the way of the first payment of its rounds: every one is reached.
    if (ROUNDS >= 2 * FAULT_POINTS.length) {
      expect(
        FAULT_POINTS.filter((p) => pointHits[p] === 0),
        'fault points never reached',
      ).toEqual([])
    }
    const paid = (type: PaymentType) =>
      [...model.payments.values()].filter((p) => p.type === type && p.told === 'succeeded').length

    console.info(
      `crash test: ${ROUNDS} rounds in ${Math.round((Date.now() - started) / 1000)} s (faults ${JSON.stringify(faults)}): ` +
        `${model.ackedOrders.size} orders, ${model.ackedCancels.size} cancels, ${model.ackedOffers.size} offers, ` +
        `${paid('order')} card-paid carts, ${paid('pay')} card payments on account acknowledged`,
    )
    expect(model.violations).toEqual([])
    // The rounds did real work: many acknowledged writes of each kind (orders by key or by card: a
    // quarter of the steps are card payments now, so keyed orders alone were 35..60 in 50 rounds).
    // A short run is held to half of that (a round ends at its fault, after 1..10 answers; every
    // round's first step is an order of the first dealer, one lost sent again with its key later).
    const least = ROUNDS >= 25 ? ROUNDS / 2 : ROUNDS / 4
    expect(model.ackedOrders.size + paid('order')).toBeGreaterThan(least)
    expect(model.ackedOrders.size).toBeGreaterThan(least / 2)
    expect(model.ackedCancels.size).toBeGreaterThan(0)
    expect(model.ackedOffers.size).toBeGreaterThan(0)
    // Card payments are rarer (a payment on account is 8 % of the steps): the CI size of 25 rounds once
    // acknowledged none (the armed rounds still start both kinds), so the count is held at the full size.
    if (ROUNDS >= 50) expect([paid('order') > 0, paid('pay') > 0]).toEqual([true, true])
    // 50 rounds took 223 s on PostgreSQL and 518 s on PGlite (each round restarts the app and reopens
    // its data directory) on 2 cores with a load average of 14 from other work. With card payments in
    // the rounds: 47..113 s on PostgreSQL (67 s without them at a load of 4.5, when they took 62 s),
    // 168..262 s on PGlite, at loads of 4.5..9.
  }, 1_800_000)

  it.each(ORDER_CANCEL_FAULT_POINTS)(
    'staff cancelling a card-paid order, killed at %s: the reconciler refunds and cancels it once',
    async (point) => {
      if (app) await kill(app)
      // The dealer's cart as the rounds left it (lines of released payments go back there): emptied.
      await withDatabase((database) =>
        database.db.execute(
          sql`delete from cart_items where cart_id in
                (select c.id from carts c join users u on u.id = c.user_id where u.email = ${DEALER.email})`,
        ),
      )
      let server = await startApp()
      const dealer = await Browser.login(server.url, DEALER)
      const form = (fields: Record<string, string>): RequestInit => ({
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
      const added = await dealer.request(
        `/api/catalog/cart/${productIds[0]}`,
        form({ quantity: '2', productValue: String(unitIds[0]) }),
      )
      expect(added.status).toBe(200)
      const start = await dealer.request('/api/payments/start', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          paymentType: 'order',
          card: TEST_CARDS.visa,
          ccv: TEST_CCV,
          expire: '12/39',
          holder: 'Ahmet Yılmaz',
          advencePrice: 'advencePrice3',
          description: 'Kartla sipariş (iptal testi)',
        }),
      })
      expect(start.status, await start.clone().text()).toBe(200)
      const { intentId, action } = (await start.json()) as { intentId: string; action: { url: string } }
      await dealer.request(action.url)
      const challenge = await dealer.request(action.url, form({ code: SANDBOX_SMS_CODE }))
      const signed = signedResult(await challenge.text())!
      const callback = await fetch(`${server.url}${signed.path}`, {
        ...form(signed.fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      })
      expect(frameMessage(await callback.text())).toMatchObject({ type: 'payment_succeed', intentId })
      const orders = (await (await dealer.request('/api/catalog/orders')).json()) as {
        items: Array<{ id: number }>
      }
      const orderId = orders.items[0]!.id
      staffCancelledOrders.add(orderId)

      // Armed: the cancel's request dies with the process at the point.
      await kill(server)
      server = await startApp(point)
      const staff = await Browser.login(server.url, ADMIN)
      const note = 'Bayi vazgeçti (çökme testi)'
      const cancel = await staff
        .request(`/yonetim/orders/${orderId}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ status: 'cancelled', note }),
        })
        .then(
          (res) => `answered ${res.status}`,
          () => 'no answer',
        )
      expect(cancel).toBe('no answer')
      await exitOf(server, 5000)
      expect(server.child.signalCode).toBe('SIGKILL')

      // Back up: the order waits as being cancelled, then the reconciler (stuck after 5 s) finishes it.
      server = await startApp()
      const back = await Browser.login(server.url, ADMIN)
      const detail = async () =>
        (await (await back.request(`/yonetim/orders/${orderId}`)).json()) as {
          cancelPending: boolean
          order: { status: string }
        }
      // Unless the reconciler already ran: the order is never seen cancelled with its refund pending.
      const first = await detail()
      expect(first.cancelPending ? first.order.status : 'cancelled').toBe(
        first.cancelPending ? 'new' : first.order.status,
      )
      const deadline = Date.now() + 40_000
      while ((await detail()).order.status !== 'cancelled' && Date.now() < deadline) await sleep(500)
      expect(await detail(), server.output().slice(-3000)).toMatchObject({
        cancelPending: false,
        order: { status: 'cancelled' },
      })
      await kill(server)
      app = null

      await withDatabase(async (database) => {
        const db = database.db
        const [row] = await queryRows<Record<string, unknown>>(
          db,
          sql`select i.status,
                (select status from sandbox_pos_payments b where b.intent_id = i.id) as bank,
                (select string_agg(kind || ' ' || debit::text || ' ' || credit::text, ', ' order by id)
                  from ledger_entries e where e.payment_intent_id = i.id) as ledger,
                (select count(*)::int from order_status_changes c where c.order_id = ${orderId} and c.to_status = 'cancelled') as cancels,
                (select count(*)::int from mail_outbox m where m.order_id = ${orderId} and m.kind = 'order_status') as mails,
                (select count(*)::int from audit_log a where a.entity = 'order' and a.entity_id = ${String(orderId)}) as audits,
                i.amount::text as amount
              from payment_intents i where i.id = ${intentId}`,
        )
        expect(row).toMatchObject({ status: 'refunded', bank: 'refunded', cancels: 1, mails: 1, audits: 1 })
        const amount = String(row!.amount)
        expect(row!.ledger).toBe(
          `card_payment 0.00 ${amount}, card_refund ${amount} 0.00, order_cancel 0.00 ${amount}`,
        )
        const refunds = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from payment_intent_events where intent_id = ${intentId} and to_status = 'refunded'`,
        )
        expect(refunds).toEqual([{ n: 1 }])
      })
    },
    240_000,
  )

  /** The rules that hold after any crash, checked in SQL against what the clients were told. */
  async function checkInvariants(
    database: Database,
    model: Model,
    round: number,
    { settled = false }: { settled?: boolean } = {},
  ) {
    const db = database.db
    const where = `after round ${round} (FAULT_SEED=${SEED})`
    const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query)

    const headless = await rows<{ id: number }>(sql`
      select id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)
      union all
      select -id from offers f where not exists (select 1 from offer_items i where i.offer_id = f.id)`)
    expect(headless, `orders (+) / offers (-) without lines ${where}`).toEqual([])

    const wrongTotals = await rows<{ id: number }>(sql`
      select o.id from orders o join order_items i on i.order_id = o.id
      group by o.id, o.subtotal, o.tax, o.total
      having o.subtotal <> sum(i.amount) or o.total <> o.subtotal + o.tax
        or abs(o.tax - sum(i.tax)) > 0.005 * count(*)`)
    expect(wrongTotals, `orders whose totals are not their lines' ${where}`).toEqual([])

    const unledgered = await rows<{ id: number }>(sql`
      select i.id from order_items i
      where i.product_id is not null and i.quantity * i.multiplier <>
        (select coalesce(sum(m.quantity), 0) from order_stock_moves m where m.order_item_id = i.id)`)
    expect(unledgered, `order lines whose stock moves do not add up ${where}`).toEqual([])

    // Taken: by live orders, and held by card payments still on their way (payment_intents.reservation).
    const ledger = await rows<{
      product_id: number
      warehouse_id: number
      quantity: number
      taken: number
    }>(sql`
      select s.product_id, s.warehouse_id, s.quantity,
        (select coalesce(sum(m.quantity), 0)::int from order_stock_moves m
          join order_items i on i.id = m.order_item_id join orders o on o.id = i.order_id
          where i.product_id = s.product_id and m.warehouse_id = s.warehouse_id and o.status <> 'cancelled')
        + (select coalesce(sum((take->>'quantity')::int), 0)::int from payment_intents pi
            cross join lateral jsonb_array_elements(pi.reservation->'order'->'lines') as line
            cross join lateral jsonb_array_elements(line->'takes') as take
            where pi.status in ('capturing', 'needs_attention', 'refunding')
              and (line->>'productId')::int = s.product_id and (take->>'warehouseId')::int = s.warehouse_id) as taken
      from product_stocks s where s.product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by s.product_id, s.warehouse_id`)
    const unbalanced = ledger.filter(
      (r) => r.quantity !== INITIAL_STOCK[warehouseIds.indexOf(r.warehouse_id)]! - Number(r.taken),
    )
    expect(unbalanced, `stock not equal to initial − live orders ${where}`).toEqual([])
    const productTotals = await rows<{ id: number }>(sql`
      select p.id from products p where p.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and p.quantity <> (select sum(s.quantity) from product_stocks s where s.product_id = p.id)`)
    expect(productTotals, `products.quantity not the sum of its warehouses ${where}`).toEqual([])

    const orders = await rows<{
      id: number
      key: string | null
      intent: string | null
      status: string
      mails: number
    }>(sql`
      select o.id, o.idempotency_key as key, o.payment_intent_id as intent, o.status,
        (select count(*)::int from mail_outbox m where m.order_id = o.id and m.kind = 'order_confirmation') as mails
      from orders o`)
    const byId = new Map(orders.map((o) => [o.id, o]))
    const missing = [...model.ackedOrders].filter(([id, v]) => byId.get(id)?.key !== v.key)
    expect(missing, `acknowledged orders missing ${where}`).toEqual([])
    const keys = orders.map((o) => o.key).filter((k) => k !== null)
    expect(
      orders.filter((o) => (o.key ? !model.attemptedKeys.has(o.key) : !o.intent)).map((o) => o.id),
      `orders nobody asked for (neither a key sent nor a card payment) ${where}`,
    ).toEqual([])
    expect(
      keys.filter((k) => k && model.refusedKeys.has(k)),
      `orders of refused requests ${where}`,
    ).toEqual([])
    expect(new Set(keys).size, `one order per Idempotency-Key ${where}`).toBe(keys.length)
    expect(
      orders.filter((o) => o.mails !== 1).map((o) => o.id),
      `orders without their one confirmation ${where}`,
    ).toEqual([])
    const notCancelled = [...model.ackedCancels].filter((id) => byId.get(id)?.status !== 'cancelled')
    expect(notCancelled, `acknowledged cancels missing ${where}`).toEqual([])
    const strayCancels = orders.filter(
      (o) => o.status === 'cancelled' && !model.attemptedCancels.has(o.id) && !staffCancelledOrders.has(o.id),
    )
    expect(
      strayCancels.map((o) => o.id),
      `cancels nobody asked for ${where}`,
    ).toEqual([])

    const offers = await rows<{ id: number }>(sql`select id from offers`)
    const offerIds = new Set(offers.map((o) => o.id))
    expect(
      [...model.ackedOffers].filter((id) => !offerIds.has(id)),
      `acknowledged offers missing ${where}`,
    ).toEqual([])
    expect(offers.length, `more offers than were asked for ${where}`).toBeLessThanOrEqual(model.offerAttempts)

    // Card payments: a succeeded intent has exactly its one effect, of its amount; nothing else has one.
    // The bank's side is the sandbox's own books: what it charged (and did not give back).
    const intents = await rows<{
      id: string
      type: PaymentType
      status: string
      failure_code: string | null
      charged: boolean
      total: string
      order_id: number | null
      orders: number
      paid_order: number | null
      order_total_right: boolean | null
      credits: number
      credit_right: boolean | null
      refunds: number
      order_status: string | null
    }>(sql`
      select i.id, i.payment_type as type, i.status, i.failure_code, i.total_amount::text as total, i.order_id,
        exists (select 1 from sandbox_pos_payments b where b.intent_id = i.id and b.status = 'charged') as charged,
        (select count(*)::int from orders o where o.payment_intent_id = i.id) as orders,
        (select min(o.id) from orders o where o.payment_intent_id = i.id) as paid_order,
        (select bool_and(o.base_total = i.amount and o.paid_at is not null) from orders o
          where o.payment_intent_id = i.id) as order_total_right,
        (select count(*)::int from ledger_entries l where l.payment_intent_id = i.id and l.kind = 'card_payment') as credits,
        (select count(*)::int from ledger_entries l where l.payment_intent_id = i.id and l.kind = 'card_refund') as refunds,
        (select min(o.status) from orders o where o.payment_intent_id = i.id) as order_status,
        (select bool_and(l.credit = i.amount and l.customer_id = i.customer_id) from ledger_entries l
          where l.payment_intent_id = i.id and l.kind = 'card_payment') as credit_right
      from payment_intents i`)
    // A booked payment staff refunded to cancel its order keeps its effect, the order cancelled, with
    // one refund entry beside its credit.
    const refundedAfterBooking = (i: (typeof intents)[number]) => i.status === 'refunded' && i.refunds > 0
    const wrongEffects = intents.filter((i) =>
      i.status === 'succeeded'
        ? i.credits !== 1 ||
          !i.credit_right ||
          (i.type === 'order'
            ? i.orders !== 1 || !i.order_total_right || i.order_id !== i.paid_order
            : i.orders !== 0)
        : refundedAfterBooking(i)
          ? i.refunds !== 1 || i.credits !== 1 || i.orders !== 1 || i.order_status !== 'cancelled'
          : i.credits !== 0 || i.orders !== 0,
    )
    expect(
      wrongEffects,
      `intents without exactly one effect of their amount, or an effect not succeeded ${where}`,
    ).toEqual([])
    // What the bank charged is booked (succeeded) or still on its way to be (capturing, until the
    // reconciler runs); what it did not charge is never booked. Nothing here goes to staff.
    const bankDisagrees = intents.filter((i) =>
      i.charged
        ? i.status !== 'succeeded' && (settled || i.status !== 'capturing')
        : i.status === 'succeeded' || i.status === 'needs_attention',
    )
    expect(
      bankDisagrees.map((i) => ({ id: i.id, status: i.status, charged: i.charged })),
      `intents whose state disagrees with the bank's books ${where}`,
    ).toEqual([])
    if (settled) {
      expect(
        intents.filter((i) => ['authorized', 'capturing', 'needs_attention', 'refunding'].includes(i.status)),
        `payments left half-way after the reconciler ${where}`,
      ).toEqual([])
    }
    // Booked: succeeded, or refunded after booking (its order cancelled by staff, a refund entry beside).
    const booked = sql.raw(`(i.status = 'succeeded' or (i.status = 'refunded' and exists (select 1 from
      ledger_entries r where r.payment_intent_id = i.id and r.kind = 'card_refund')))`)
    const strayEffects = await rows<{ id: number }>(sql`
      select o.id from orders o where o.payment_intent_id is not null
        and not exists (select 1 from payment_intents i where i.id = o.payment_intent_id and ${booked})
      union all
      select -l.id from ledger_entries l where l.kind = 'card_payment' and (l.payment_intent_id is null
        or not exists (select 1 from payment_intents i where i.id = l.payment_intent_id and ${booked}))`)
    expect(strayEffects, `paid orders (+) / card credits (-) without a succeeded intent ${where}`).toEqual([])
    const intentById = new Map(intents.map((i) => [i.id, i]))
    const lostPayments = [...model.payments].filter(([id, p]) => {
      const row = intentById.get(id)
      if (!row || row.type !== p.type) return true
      // The bank was told the signed amount: it is what the intent charges.
      if (p.signed && p.signed.fields.amount !== row.total) return true
      if (p.told === 'succeeded' && row.status !== 'succeeded') return true
      // A payment fails only because of a crash (prices never change here): it was interrupted, the
      // bank never got it, or its cart changed under it — when the reconciler releases a payment a crash
      // left, its lines go back into the dealer's cart, maybe while the dealer is paying the next one.
      return (
        row.status === 'failed' &&
        !['interrupted', 'not_charged', 'cart_changed', 'empty_cart'].includes(row.failure_code ?? '') &&
        (p.told !== undefined || settled)
      )
    })
    expect(
      lostPayments.map(([id, p]) => ({ id, ...p, signed: p.signed?.fields.amount, row: intentById.get(id) })),
      `started intents missing, or acknowledged payments not succeeded ${where}`,
    ).toEqual([])
  }
})

/** Resolves when the process has exited, or after `ms` if it has not. */
async function exitOf(server: AppProcess, ms: number): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  await Promise.race([new Promise((resolve) => server.child.once('exit', resolve)), sleep(ms)])
}

/** SIGKILL: no shutdown hook runs, as in a crash; resolves once the process is gone. */
async function kill(server: AppProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return
  const exited = new Promise((resolve) => server.child.once('exit', resolve))
  server.child.kill('SIGKILL')
  await exited
}

/** The sandbox page's result form: where it posts (our callback, as a path) and its signed fields. */
function signedResult(html: string): { path: string; fields: Record<string, string> } | null {
  const form = resultForm(html)
  // The path only: the address names the port of the process that started the payment.
  return form && { path: form.callbackUrl.pathname + form.callbackUrl.search, fields: form.fields }
}

/** What the callback's page tells the payment frame. */
function frameMessage(html: string): { type?: string; intentId?: string } | null {
  const json = /<script type="application\/json" id="payment-result">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return json ? JSON.parse(json) : null
}

async function timed(fn: () => Promise<Response>): Promise<{ res: Response; ms: number }> {
  const started = Date.now()
  const res = await fn()
  return { res, ms: Date.now() - started }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A small seeded generator: the same FAULT_SEED gives the same choices and delays. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
