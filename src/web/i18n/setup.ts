import i18next, { type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Locale } from '../../contracts/common'
import { readJsonScript } from '../lib/bootstrap'

export type Translations = Record<string, unknown>

/**
 * The active locale's texts. The server embeds them in the page (script#i18n) so the first paint needs
 * no request and the bundle carries neither file; a page without them (a bare Vite page) loads the file
 * lazily as its own chunk.
 */
export async function loadTranslations(locale: Locale): Promise<Translations> {
  const embedded = readJsonScript<Translations>('i18n')
  if (embedded) return embedded
  const file = locale === 'en' ? await import('./en.json') : await import('./tr.json')
  return file.default
}

export function createI18n(locale: Locale, translations: Translations): i18n {
  const instance = i18next.createInstance()
  instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: translations } },
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return instance
}
