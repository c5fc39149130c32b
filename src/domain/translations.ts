/** The languages a text can be stored in; the contracts' locale list names the same two. */
type Locale = 'tr' | 'en'

/**
 * Stored translations: the Turkish text is the record itself; other languages are stored
 * beside it per kind of name and fall back to the Turkish when none is stored.
 */
export const translationKinds = [
  'product',
  'category',
  'campaign',
  'paymentPlan',
  'unit',
  'setting',
  'variant',
] as const
export type TranslationKind = (typeof translationKinds)[number]

/** The one base language: its text is the stored name itself, never a translation. */
export const BASE_LOCALE = 'tr' satisfies Locale

/**
 * The key a translation is stored under: a row id, a unit's or a variant dimension's or option's
 * Turkish name, or a setting's key.
 */
export type TranslationEntry = { kind: TranslationKind; key: string; text: string }

/** The translations of one language, looked up by kind and key. */
export type Translations = {
  readonly locale: Locale
  /** The stored text for this kind and key in this language, or the Turkish fallback. */
  text(kind: TranslationKind, key: string | number, turkish: string): string
}

const mapKey = (kind: TranslationKind, key: string | number) => `${kind}\u0000${String(key).trim()}`

/** A translation must say something: blank or whitespace-only texts are not stored. */
export function cleanTranslation(text: string | null | undefined): string | null {
  const trimmed = text?.replace(/\s+/g, ' ').trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/**
 * The lookup for one language. Turkish always answers the stored name; another language answers its
 * stored text, else the Turkish (a name nobody translated yet still shows, never a blank).
 */
export function translationsFor(locale: Locale, entries: readonly TranslationEntry[]): Translations {
  if (locale === BASE_LOCALE) return { locale, text: (_kind, _key, turkish) => turkish }
  const byKey = new Map<string, string>()
  for (const entry of entries) {
    const text = cleanTranslation(entry.text)
    if (text) byKey.set(mapKey(entry.kind, entry.key), text)
  }
  return { locale, text: (kind, key, turkish) => byKey.get(mapKey(kind, key)) ?? turkish }
}
