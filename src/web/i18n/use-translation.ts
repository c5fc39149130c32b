import type { TFunction } from 'i18next'
import { useContext, useMemo } from 'react'
import { getI18n, I18nContext } from 'react-i18next'

/**
 * The texts of the page's language, for a component: `const { t } = useTranslation()`.
 *
 * react-i18next's own hook copies the whole i18next instance (every own property) for each component
 * as it mounts, so that it can notice a language changed in place. Here the language never changes in
 * place (another language is another address and a full page load), and on a server-drawn list page,
 * where every component mounts anew on every render, those copies were the largest single cost after
 * Mantine's own. This hook hands out the instance's `t`, bound once per instance.
 */
export function useTranslation(): { t: TFunction } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n()
  const t = useMemo(() => i18n.t.bind(i18n), [i18n])
  return { t }
}
