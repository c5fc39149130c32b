import { useState } from 'react'
import { Link } from 'react-router'
import { useLocalePath, useSession } from '../../lib/session-context'

const defaultLogo = '/images/logo.svg'

/** The store's logo (bootstrap store.logo under /images, else /images/logo.svg), linking home. */
export function Logo() {
  const { bootstrap } = useSession()
  const localePath = useLocalePath()
  const { name, logo } = bootstrap.store
  const [failed, setFailed] = useState(false)
  const src = logo && !failed ? `/images/${encodeURI(logo.replace(/^\/+/, ''))}` : defaultLogo

  return (
    <Link to={localePath('/')} style={{ display: 'inline-flex', minWidth: 0 }}>
      <img
        src={src}
        alt={name}
        height={40}
        style={{ height: 40, width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
        onError={() => setFailed(true)}
      />
    </Link>
  )
}
