import '@mantine/notifications/styles.layer.css'
import { Notifications } from '@mantine/notifications'

/** Where the toasts render; loaded lazily by AppProviders (a module of its own, so only it is split off). */
export function ToastHost() {
  return <Notifications position="top-center" autoClose={5000} />
}
