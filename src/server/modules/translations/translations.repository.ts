import { and, eq, sql } from 'drizzle-orm'
import type { Locale } from '../../../contracts/common'
import type { TranslationEntry } from '../../../domain/translations'
import type { Db } from '../../db/client'
import { translations } from '../../db/schema/translations'

export async function readEntries(db: Db, locale: Locale): Promise<TranslationEntry[]> {
  const rows = await db
    .select({ kind: translations.kind, key: translations.key, text: translations.text })
    .from(translations)
    .where(eq(translations.locale, locale))
  return rows as TranslationEntry[]
}

export async function deleteEntry(db: Db, locale: Locale, kind: TranslationEntry['kind'], key: string) {
  await db
    .delete(translations)
    .where(and(eq(translations.locale, locale), eq(translations.kind, kind), eq(translations.key, key)))
}

export async function upsertEntry(
  db: Db,
  locale: Locale,
  kind: TranslationEntry['kind'],
  key: string,
  text: string,
) {
  await db
    .insert(translations)
    .values({ kind, key, locale, text })
    .onConflictDoUpdate({
      target: [translations.locale, translations.kind, translations.key],
      set: { text, updatedAt: sql`now()` },
    })
}
