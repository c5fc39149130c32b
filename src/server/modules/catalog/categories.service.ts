import type { CachedDb } from '../../cache/caches'
import { allCategories, type CategoryRow } from './categories.repository'

/** Every category (a few hundred rows) in the catalogue's order, from the reference cache. */
export function loadCategories(data: CachedDb): Promise<CategoryRow[]> {
  return allCategories(data)
}
