import type { Db } from '../db/client'
import { ChangeClock, type ClockReading } from './change-clock'
import { type CacheChange, Invalidation, LocalChannel } from './invalidation'
import { LoadingCache } from './loading-cache'
import { ReferenceCache, type ReferenceReads } from './reference-cache'

/**
 * The app's caches, made once per app (its dependencies, see app-deps.ts) and handed to the services
 * that read through them; two apps in one process never share one. A write forgets what it changed
 * with `forget`, in this process at once and in every other process as soon as the message arrives
 * (invalidation.ts); for the list cache the TTL (CACHE_SECONDS; 0 = never cache) is the safety net.
 * Reference data is kept until it changes (reference-cache.ts), whatever CACHE_SECONDS says.
 */
export type Caches = {
  /**
   * Settings, currencies, payment plans, store info, categories, brands and translations: a handful
   * of keys, checked against the data's version (one small statement per request in a scope, per read
   * outside one).
   */
  reference: ReferenceReads
  /**
   * Priced carts (keyed by the cart's version and the products' change number), order counts and
   * card BIN tables.
   */
  list: LoadingCache
  /** The one way to forget entries after a write (here and in the other processes). */
  forget: (...changes: CacheChange[]) => void
  /** Where the data stands: a scope's one reading, or a new one per call outside a scope. */
  clock: (db: Db) => Promise<ClockReading>
  /** The same caches for one request: the clock is read once, on first use (app.ts gives each request one). */
  scope: () => Caches
}

/** The reference keys are fixed; list entries grow with filters, products, cart versions and customers. */
export const REFERENCE_CACHE_MAX = 50
export const LIST_CACHE_MAX = 2_000

export function createCaches(
  cacheSeconds: number,
  invalidation: Invalidation = new Invalidation(new LocalChannel()),
): Caches {
  const ttlMs = Math.round(cacheSeconds * 1000)
  const changeClock = new ChangeClock()
  const reference = new ReferenceCache(changeClock, REFERENCE_CACHE_MAX)
  const list = new LoadingCache(ttlMs, LIST_CACHE_MAX)
  invalidation.target((change) => {
    if ('list' in change) list.delete(change.list)
    else if ('reference' in change) reference.delete(change.reference)
    else if ('all' in change) {
      list.clear()
      reference.clear()
    }
  })
  const forget = (...changes: CacheChange[]) => invalidation.forget(...changes)
  return {
    reference,
    list,
    forget,
    clock: (db) => changeClock.read(db),
    scope: () => {
      const scoped = reference.scope()
      const caches: Caches = { reference: scoped, list, forget, clock: scoped.reading, scope: () => caches }
      return caches
    },
  }
}

/**
 * The message naming a product whose stock or data changed (orders and cancels send it after commit):
 * the search index reads that product again before its next page, in every process.
 */
export const productKey = (productId: number) => `product:${productId}`

/** A database handle (or a transaction) with the app's caches: what a cached read needs. */
export type CachedDb = { db: Db; caches: Caches }
