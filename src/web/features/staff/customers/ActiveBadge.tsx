import { Badge } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'

/**
 * Whether a company or branch is open ("Etkin") or closed ("Kapalı"); a user (`user`) is "Etkin" or
 * disabled ("Devre dışı"), since a person's login is switched off rather than closed.
 */
export function ActiveBadge({ active, user = false }: { active: boolean; user?: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge
      color={active ? 'green' : 'gray'}
      variant="light"
      style={{ whiteSpace: 'nowrap', overflow: 'visible' }}
    >
      {t(active ? 'staffCustomers.active' : user ? 'staffCustomers.userInactive' : 'staffCustomers.inactive')}
    </Badge>
  )
}
