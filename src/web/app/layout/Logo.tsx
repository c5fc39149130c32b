import { useState } from 'react'
import { Link } from 'react-router'
import { logoImage2x } from '../../../domain/uploaded-images'
import { useLocalePath, useSession } from '../../lib/session-context'

const defaultLogo = '/images/logo.svg'

/** The store's logo (bootstrap store.logo under /images, else /images/logo.svg), linking home. */
export function Logo() {
  const { bootstrap } = useSession()
  const localePath = useLocalePath()
  const { name, logo } = bootstrap.store
  const [failed, setFailed] = useState(false)
  const src = logo && !failed ? `/images/${encodeURI(logo.replace(/^\/+/, ''))}` : defaultLogo
  // An uploaded logo has a twin twice as tall for screens of twice the density.
  const twin = logo && !failed ? logoImage2x(logo) : null

  return (
    <Link to={localePath('/')} style={{ display: 'inline-flex', minWidth: 0 }}>
      <img
        src={src}
        srcSet={twin ? `${src} 1x, /images/${encodeURI(twin)} 2x` : undefined}
        alt={name}
        height={40}
        style={{ height: 40, width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
        onError={() => setFailed(true)}
      />
    </Link>
  )
}
