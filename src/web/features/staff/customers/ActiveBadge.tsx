import { Badge } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'

/** Whether a company, branch or user is open ("Etkin") or closed ("Kapalı"). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge
      color={active ? 'green' : 'gray'}
      variant="light"
      style={{ whiteSpace: 'nowrap', overflow: 'visible' }}
    >
      {t(active ? 'staffCustomers.active' : 'staffCustomers.inactive')}
    </Badge>
  )
}
