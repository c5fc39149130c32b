import { Alert } from '@mantine/core'
import { AlertIcon } from '../../components/icons/Icons'
import { Redirect } from '../../components/Redirect'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath, useSession } from '../../lib/session-context'
import { StaffLayout } from './StaffLayout'
import { staffLinksFor } from './staff-links'

/**
 * /yonetim: a staff user goes on to the first screen of the menu their role opens (whichever that is
 * as screens are added), or is told their role opens none yet; StaffLayout sends a guest to login and
 * tells a dealer the page is for administrators.
 */
export function StaffIndexPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const { user } = useSession()
  const first = staffLinksFor(user?.staffRole ?? null)[0]
  return (
    <StaffLayout title={t('staff.menu')}>
      {first ? (
        <Redirect to={localePath(first.path)} />
      ) : (
        <Alert color="blue" icon={<AlertIcon />} title={t('staff.noScreensTitle')}>
          {t('staff.noScreensText')}
        </Alert>
      )}
    </StaffLayout>
  )
}
