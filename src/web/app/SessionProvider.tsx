import { type ReactNode, useCallback, useMemo, useState } from 'react'
import type { Preferences } from '../../contracts/account'
import type { Bootstrap } from '../../contracts/bootstrap'
import { type Session, SessionContext } from '../lib/session-context'

export function SessionProvider({ bootstrap, children }: { bootstrap: Bootstrap; children: ReactNode }) {
  const [preferences, setPreferences] = useState<Preferences>(bootstrap.preferences)
  const updatePreferences = useCallback(
    (patch: Partial<Preferences>) => setPreferences((current) => ({ ...current, ...patch })),
    [],
  )
  const session = useMemo<Session>(
    () => ({ bootstrap, user: bootstrap.user, locale: bootstrap.locale, preferences, updatePreferences }),
    [bootstrap, preferences, updatePreferences],
  )
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}
