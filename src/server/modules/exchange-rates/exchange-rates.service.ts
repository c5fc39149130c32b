import Big from 'big.js'
import type {
  ExchangeRateFetchResult,
  ExchangeRateFetchStatus,
  ExchangeRateSettings,
  ExchangeRates,
} from '../../../contracts/exchange-rates'
import { isBaseCurrency, ratesFromBulletin } from '../../../domain/exchange-rates'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { BulletinDownloadError, downloadBulletin } from '../../integrations/tcmb/tcmb-client'
import { recordAudit } from '../audit/audit.service'
import {
  currencyRates,
  exchangeRateSettings,
  setCurrencyRate,
  setExchangeRateSettings,
} from '../store/store.service'
import {
  type FetchStatusRow,
  insertBulletinRates,
  insertManualRate,
  readFetchStatus,
  writeFetchChecked,
  writeFetchFailure,
  writeFetchSuccess,
} from './exchange-rates.repository'
import { BulletinFormatError, parseBulletin } from './tcmb-bulletin'

/** What a fetch needs: the database, the clock, where the bulletin is, and a log for failures. */
export type ExchangeRateDeps = {
  db: Db
  now: () => Date
  tcmb: { url: string; timeoutMs: number }
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void }
}

/** The settings a bulletin was applied with: the same bulletin under other settings applies again. */
const appliedKey = (settings: ExchangeRateSettings) => `${settings.field}:${settings.markupPercent}`

/**
 * Fetches today.xml and applies it: each store currency the bulletin quotes (not the base, not one
 * staff pinned) gets the chosen rate ÷ Unit plus the markup, in one transaction with its history row.
 * A bulletin already applied with the same settings, or older than the last one, changes nothing (a
 * weekend's or a holiday's file, a second process, a retry). A download, format or "no usable
 * currency" failure keeps every rate, is recorded for staff's warning and logged, then thrown as a 502.
 * actor: the staff user who asked (audited); null for the background worker.
 */
export async function fetchExchangeRates(
  deps: ExchangeRateDeps,
  actor: StaffActor | null,
): Promise<ExchangeRateFetchResult> {
  const started = deps.now()
  let computed: { bulletinDate: string; rates: Array<{ currency: string; rate: string }> }
  let settings: ExchangeRateSettings
  try {
    // The network first, with no transaction open (the client refuses to run inside one).
    const xml = await downloadBulletin(deps.tcmb.url, deps.tcmb.timeoutMs)
    const bulletin = parseBulletin(xml)
    settings = await exchangeRateSettings(deps.db)
    const rates = ratesFromBulletin(bulletin.currencies, settings.field, settings.markupPercent)
    if (rates.length === 0) throw new BulletinFormatError(`no currency has a ${settings.field} rate`)
    computed = { bulletinDate: bulletin.bulletinDate, rates }
  } catch (err) {
    const reason =
      err instanceof BulletinDownloadError || err instanceof BulletinFormatError
        ? err.message
        : 'unexpected error'
    await writeFetchFailure(deps.db, started, reason)
    // The URL is configuration, not a secret, but the log keeps to the reason alone.
    deps.log.warn(
      { reason, by: actor ? 'staff' : 'schedule' },
      'TCMB exchange rates not fetched; rates unchanged',
    )
    throw new AppError('upstream', 'rates.fetchFailed', { reason }, 'rates_fetch_failed')
  }

  const applied = await deps.db.transaction(async (tx) => {
    const status = await readFetchStatus(tx, { lock: true })
    const key = appliedKey(settings)
    const last = status.lastBulletinDate
    if (
      last &&
      (computed.bulletinDate < last || (computed.bulletinDate === last && status.appliedWith === key))
    ) {
      await writeFetchChecked(tx, started)
      return null
    }
    const current = new Map((await currencyRates(tx, { lock: true })).map((c) => [c.code, c]))
    const taken = computed.rates.filter((r) => {
      const currency = current.get(r.currency)
      return currency !== undefined && !isBaseCurrency(r.currency) && !currency.pinned
    })
    for (const r of taken) {
      await setCurrencyRate(tx, r.currency, {
        rate: r.rate,
        source: 'tcmb',
        bulletinDate: computed.bulletinDate,
        pinned: false,
      })
    }
    await insertBulletinRates(tx, computed.bulletinDate, taken, started)
    await writeFetchSuccess(tx, started, computed.bulletinDate, key)
    if (actor) {
      await recordAudit(
        tx,
        actor,
        {
          entity: 'store_setting',
          entityId: 'exchangeRates',
          action: 'fetch',
          before: {
            bulletinDate: last,
            ...Object.fromEntries(taken.map((r) => [r.currency, current.get(r.currency)?.rate ?? null])),
          },
          after: {
            bulletinDate: computed.bulletinDate,
            ...Object.fromEntries(taken.map((r) => [r.currency, r.rate])),
          },
        },
        started,
      )
    }
    return taken
  })
  deps.log.info(
    { bulletinDate: computed.bulletinDate, updated: applied?.length ?? 0 },
    applied ? 'TCMB exchange rates applied' : 'TCMB bulletin already applied; rates unchanged',
  )
  return { bulletinDate: computed.bulletinDate, rates: applied ?? [] }
}

function statusOf(row: FetchStatusRow): ExchangeRateFetchStatus {
  const failing =
    row.lastFailureAt !== null && (row.lastSuccessAt === null || row.lastFailureAt > row.lastSuccessAt)
  return {
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastBulletinDate: row.lastBulletinDate,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    lastFailure: row.lastFailure,
    failing,
  }
}

/** The fetch status alone (the staff home's warning). */
export async function exchangeRateFetchStatus(db: Db): Promise<ExchangeRateFetchStatus> {
  return statusOf(await readFetchStatus(db))
}

/** GET /yonetim/exchange-rates */
export async function getExchangeRates(db: Db): Promise<ExchangeRates> {
  const [settings, currencies, status] = await Promise.all([
    exchangeRateSettings(db),
    currencyRates(db),
    readFetchStatus(db),
  ])
  return {
    settings,
    currencies: currencies.map((c) => ({
      code: c.code,
      name: c.name,
      rate: c.rate,
      source: c.source,
      bulletinDate: c.bulletinDate,
      pinned: c.pinned,
      isBase: isBaseCurrency(c.code),
    })),
    status: statusOf(status),
  }
}

/** PUT /yonetim/exchange-rates/settings: applies from the next fetch (the button fetches at once). */
export async function updateExchangeRateSettings(
  db: Db,
  actor: StaffActor,
  settings: ExchangeRateSettings,
  now: Date,
): Promise<ExchangeRates> {
  await db.transaction(async (tx) => {
    const before = await exchangeRateSettings(tx)
    await setExchangeRateSettings(tx, settings, now)
    await recordAudit(
      tx,
      actor,
      { entity: 'store_setting', entityId: 'exchangeRateSource', action: 'update', before, after: settings },
      now,
    )
  })
  return getExchangeRates(db)
}

/**
 * PUT /yonetim/exchange-rates/{code}: a rate staff set. Pinned, the bank's bulletins leave it until
 * staff set it again unpinned; unpinned, the next bulletin that quotes the currency replaces it.
 */
export async function setManualRate(
  db: Db,
  actor: StaffActor,
  code: string,
  body: { rate: string; pinned: boolean },
  now: Date,
): Promise<ExchangeRates> {
  if (isBaseCurrency(code)) throw new AppError('conflict', 'rates.baseCurrency', undefined, 'base_currency')
  const rate = new Big(body.rate).toFixed(6)
  await db.transaction(async (tx) => {
    const current = (await currencyRates(tx, { lock: true })).find((c) => c.code === code)
    if (!current) throw notFound()
    await setCurrencyRate(tx, code, { rate, source: 'manual', bulletinDate: null, pinned: body.pinned })
    await insertManualRate(tx, code, rate, actor.id, now)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'store_setting',
        entityId: `exchangeRate.${code}`,
        action: 'update',
        before: { rate: current.rate, source: current.source, pinned: current.pinned },
        after: { rate, source: 'manual', pinned: body.pinned },
      },
      now,
    )
  })
  return getExchangeRates(db)
}
