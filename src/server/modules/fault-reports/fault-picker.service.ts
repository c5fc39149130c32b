import {
  FAULT_PICKER_PRODUCTS_LIMIT,
  type FaultCategory,
  type FaultProduct,
} from '../../../contracts/service'
import type { CachedDb } from '../../cache/caches'
import { AppError } from '../../http/errors'
import { loadCategories } from '../catalog/categories.service'
import { findCategoryProducts } from './fault-reports.repository'

const unknownCategory = () =>
  new AppError('not_found', 'fault.unknownCategory', undefined, 'category_not_found')

/**
 * GET /api/catalog/faultreport/basecategories/{categoryId} (spec/2 §7): the subcategories of a
 * category in the catalogue's order, 0 for the root categories. Read from the cached category tree
 * (a few hundred rows), so a level costs no query; an unknown category is a 404.
 */
export async function subcategories(data: CachedDb, categoryId: number): Promise<FaultCategory[]> {
  const tree = await loadCategories(data)
  if (categoryId !== 0 && !tree.some((c) => c.id === categoryId)) throw unknownCategory()
  const parentId = categoryId === 0 ? null : categoryId
  return tree.filter((c) => c.parentId === parentId).map((c) => ({ id: c.id, name: c.name }))
}

/**
 * GET /api/catalog/faultreport/product/{categoryId}: the category's own listed products (not its
 * subcategories'), by name, at most FAULT_PICKER_PRODUCTS_LIMIT.
 */
export async function categoryProducts(data: CachedDb, categoryId: number): Promise<FaultProduct[]> {
  const tree = await loadCategories(data)
  if (!tree.some((c) => c.id === categoryId)) throw unknownCategory()
  return findCategoryProducts(data.db, categoryId, FAULT_PICKER_PRODUCTS_LIMIT)
}
