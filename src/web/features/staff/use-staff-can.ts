import { type StaffPermission, staffCan } from '../../../domain/staff-access'
import { useSession } from '../../lib/session-context'

/**
 * Whether the signed-in staff user's role allows this: a write button of a permission the role lacks
 * is left out (the server would refuse it with 403 all the same).
 */
export function useStaffCan(permission: StaffPermission): boolean {
  const { user } = useSession()
  return user?.role === 'admin' && staffCan(user.staffRole, permission)
}
