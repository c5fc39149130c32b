import { useEffect } from 'react'
import { useSession } from './session-context'

/** Sets `document.title` to '<page> | <store>' (or the store name alone). */
export function usePageTitle(title?: string): void {
  const { bootstrap } = useSession()
  const storeName = bootstrap.store.name
  useEffect(() => {
    document.title = title ? `${title} | ${storeName}` : storeName
  }, [title, storeName])
}
