import { useEffect } from 'react'
import { useTranslation } from '../i18n/use-translation'
import { useSession } from './session-context'

/**
 * Sets `document.title` to '<page> | <store>' (or the store name alone), and the meta description to
 * `description` or the store-wide one the server renders too (a page reached in the app keeps none
 * of the previous page's).
 */
export function usePageTitle(title?: string, description?: string | null): void {
  const { bootstrap } = useSession()
  const { t } = useTranslation()
  const storeName = bootstrap.store.name
  const text = description || t('app.description', { store: storeName })
  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : storeName
  }, [title, storeName])
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    meta.content = text
  }, [text])
}
