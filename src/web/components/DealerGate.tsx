import { Alert } from '@mantine/core'
import type { ReactNode } from 'react'
import { useSession } from '../lib/session-context'
import { AlertIcon } from './icons/Icons'
import { LoginRedirect } from './LoginRedirect'

export interface DealerGateProps {
  /** The title of the note an administrator sees instead of the page. */
  adminTitle: string
  /** Its text: what the page is for, or where an administrator finds the same thing. */
  adminText: string
  children: ReactNode
}

/**
 * A page that belongs to a dealer company (orders, checkout, statement, fault reports, offers): a guest
 * goes to login (and comes back here after), an administrator is told the page is not for them, and
 * only a dealer gets `children` (so their API calls never run for anyone else).
 */
export function DealerGate({ adminTitle, adminText, children }: DealerGateProps) {
  const { user } = useSession()
  if (!user) return <LoginRedirect />
  if (user.role !== 'dealer') {
    return (
      <Alert color="yellow" icon={<AlertIcon />} title={adminTitle}>
        {adminText}
      </Alert>
    )
  }
  return children
}
