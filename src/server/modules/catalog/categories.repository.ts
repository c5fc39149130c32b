import { asc, eq } from 'drizzle-orm'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { brands, categories, models } from '../../db/schema/catalogue'

export type CategoryRow = { id: number; parentId: number | null; name: string; slug: string; path: string }

export function allCategories({ db, caches }: CachedDb): Promise<CategoryRow[]> {
  return caches.reference.get(db, 'categories', () => readCategories(db))
}

async function readCategories(db: Db): Promise<CategoryRow[]> {
  return db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categories.name,
      slug: categories.slug,
      path: categories.path,
    })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id))
}

export type BrandRow = { id: number; name: string; slug: string; code: string }

export function allBrands({ db, caches }: CachedDb): Promise<BrandRow[]> {
  return caches.reference.get(db, 'brands', () => readBrands(db))
}

async function readBrands(db: Db): Promise<BrandRow[]> {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, code: brands.code })
    .from(brands)
    .orderBy(asc(brands.name))
}

export async function findModel(db: Db, id: number) {
  const [row] = await db
    .select({ id: models.id, name: models.name, brandId: models.brandId })
    .from(models)
    .where(eq(models.id, id))
    .limit(1)
  return row ?? null
}
