import type { Db } from '../db/client'
import { LoadingCache } from './loading-cache'

/**
 * The app's caches, made once per app (its dependencies, see app-deps.ts) and handed to the services
 * that read through them; two apps in one process never share one. Writes in this process forget
 * what they change; other processes catch up within the TTL (CACHE_SECONDS; 0 = never cache).
 */
export type Caches = {
  /** Settings, currencies, payment plans, store info, categories and brands: a handful of keys. */
  reference: LoadingCache
  /** Catalogue totals, pages and anchors, products, search suggestions, priced carts, order counts. */
  list: LoadingCache
}

/** The reference keys are fixed; list entries grow with filters, products, cart versions and customers. */
export const REFERENCE_CACHE_MAX = 50
export const LIST_CACHE_MAX = 2_000

export function createCaches(cacheSeconds: number): Caches {
  const ttlMs = Math.round(cacheSeconds * 1000)
  return {
    reference: new LoadingCache(ttlMs, REFERENCE_CACHE_MAX),
    list: new LoadingCache(ttlMs, LIST_CACHE_MAX),
  }
}

/** A database handle (or a transaction) with the app's caches: what a cached read needs. */
export type CachedDb = { db: Db; caches: Caches }
