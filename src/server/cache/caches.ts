import type { Db } from '../db/client'
import { type CacheChange, Invalidation, LocalChannel } from './invalidation'
import { LoadingCache } from './loading-cache'

/**
 * The app's caches, made once per app (its dependencies, see app-deps.ts) and handed to the services
 * that read through them; two apps in one process never share one. A write forgets what it changed
 * with `forget`, in this process at once and in every other process as soon as the message arrives
 * (invalidation.ts); the TTL (CACHE_SECONDS; 0 = never cache) is the safety net.
 */
export type Caches = {
  /** Settings, currencies, payment plans, store info, categories and brands: a handful of keys. */
  reference: LoadingCache
  /** Catalogue totals, pages and anchors, products, search suggestions, priced carts, order counts. */
  list: LoadingCache
  /** The one way to forget entries after a write (here and in the other processes). */
  forget: (...changes: CacheChange[]) => void
}

/** The reference keys are fixed; list entries grow with filters, products, cart versions and customers. */
export const REFERENCE_CACHE_MAX = 50
export const LIST_CACHE_MAX = 2_000

export function createCaches(
  cacheSeconds: number,
  invalidation: Invalidation = new Invalidation(new LocalChannel()),
): Caches {
  const ttlMs = Math.round(cacheSeconds * 1000)
  const reference = new LoadingCache(ttlMs, REFERENCE_CACHE_MAX)
  const list = new LoadingCache(ttlMs, LIST_CACHE_MAX)
  invalidation.target((change) => {
    if ('list' in change) list.delete(change.list)
    else if ('reference' in change) reference.delete(change.reference)
    else if ('all' in change) {
      list.clear()
      reference.clear()
    }
  })
  return { reference, list, forget: (...changes) => invalidation.forget(...changes) }
}

/** A product's row (catalog.service productRow): forgotten when its stock or data changes. */
export const productKey = (productId: number) => `product:${productId}`

/** A database handle (or a transaction) with the app's caches: what a cached read needs. */
export type CachedDb = { db: Db; caches: Caches }
