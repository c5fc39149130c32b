import { Redirect } from '../../components/Redirect'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { StaffLayout } from './StaffLayout'
import { staffLinks } from './staff-links'

/**
 * /yonetim: an administrator goes on to the first staff screen of the menu (whichever that is as screens
 * are added); StaffLayout sends a guest to login and tells a dealer the page is for administrators.
 */
export function StaffIndexPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const first = staffLinks[0]
  return (
    <StaffLayout title={t('staff.menu')}>{first && <Redirect to={localePath(first.path)} />}</StaffLayout>
  )
}
