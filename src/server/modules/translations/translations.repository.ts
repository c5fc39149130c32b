import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '../../../contracts/common'
import {
  BASE_LOCALE,
  cleanTranslation,
  type TranslationEntry,
  type Translations,
  translationsFor,
} from '../../../domain/translations'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { translations } from '../../db/schema/translations'

const cacheKey = (locale: Locale) => `translations:${locale}`

/** One language's stored translations (a few hundred short rows), read once per cache period. */
export async function loadTranslations({ db, caches }: CachedDb, locale: Locale): Promise<Translations> {
  if (locale === BASE_LOCALE) return translationsFor(locale, [])
  const entries = await caches.reference.get(db, cacheKey(locale), () => readEntries(db, locale))
  return translationsFor(locale, entries)
}

async function readEntries(db: Db, locale: Locale): Promise<TranslationEntry[]> {
  const rows = await db
    .select({ kind: translations.kind, key: translations.key, text: translations.text })
    .from(translations)
    .where(eq(translations.locale, locale))
  return rows as TranslationEntry[]
}

/**
 * Stores (or, for a blank text, removes) translations of one language and forgets the cached ones:
 * the one write path for the demo data, an import or a back-office form.
 */
export async function saveTranslations(
  { db, caches }: CachedDb,
  locale: Exclude<Locale, typeof BASE_LOCALE>,
  entries: readonly TranslationEntry[],
): Promise<void> {
  for (const entry of entries) {
    const key = String(entry.key).trim()
    const text = cleanTranslation(entry.text)
    if (text === null) {
      await db
        .delete(translations)
        .where(
          and(eq(translations.locale, locale), eq(translations.kind, entry.kind), eq(translations.key, key)),
        )
      continue
    }
    await db
      .insert(translations)
      .values({ kind: entry.kind, key, locale, text })
      .onConflictDoUpdate({
        target: [translations.locale, translations.kind, translations.key],
        set: { text, updatedAt: sql`now()` },
      })
  }
  caches.forget({ reference: cacheKey(locale) })
}
