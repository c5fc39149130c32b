import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath } from '../../lib/session-context'
import { StaffLayout } from './StaffLayout'
import { staffLinks } from './staff-links'

/** Moves on once the page runs in the browser (a <Navigate> drawn on the server only warns there). */
function GoTo({ path }: { path: string }) {
  const navigate = useNavigate()
  useEffect(() => {
    navigate(path, { replace: true })
  }, [navigate, path])
  return null
}

/**
 * /yonetim: an administrator goes on to the first staff screen of the menu (whichever that is as screens
 * are added); StaffLayout sends a guest to login and tells a dealer the page is for administrators.
 */
export function StaffIndexPage() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const first = staffLinks[0]
  return <StaffLayout title={t('staff.menu')}>{first && <GoTo path={localePath(first.path)} />}</StaffLayout>
}
