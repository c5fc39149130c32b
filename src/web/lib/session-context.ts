import { createContext, useContext } from 'react'
import type { Preferences, SessionUser } from '../../contracts/account'
import type { Bootstrap } from '../../contracts/bootstrap'
import type { Locale } from '../../contracts/common'
import { localePath } from './locale-path'

export interface Session {
  bootstrap: Bootstrap
  user: SessionUser | null
  locale: Locale
  /** Starts from the bootstrap; changes made on this page (currency…) are applied here. */
  preferences: Preferences
  updatePreferences: (patch: Partial<Preferences>) => void
}

export const SessionContext = createContext<Session | null>(null)

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession must be used inside <SessionProvider>')
  return session
}

/** Maps a Turkish (unprefixed) path to the current locale: '/sepet' → '/en/sepet' in English. */
export function useLocalePath(): (path: string) => string {
  const { locale } = useSession()
  return (path) => localePath(path, locale)
}
