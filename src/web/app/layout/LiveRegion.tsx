import { VisuallyHidden } from '@mantine/core'
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { currentAnnouncement, subscribeAnnouncements } from '../../lib/announce'

/** How long an announcement stays in the region (so a later walk through the page does not meet it). */
export const ANNOUNCEMENT_MS = 7000

/**
 * The one `aria-live="polite"` status of the app, mounted once by the layout (and next to the
 * component in tests). It is in the page from the start, empty, as live regions must be for the
 * screen reader to watch them; `announce(text)` fills it.
 */
export function LiveRegion() {
  const announcement = useSyncExternalStore(subscribeAnnouncements, currentAnnouncement, currentAnnouncement)
  // What was said before the region was mounted is not news to this page.
  const seqAtMount = useRef(announcement.seq)
  const [shown, setShown] = useState('')

  useEffect(() => {
    if (!announcement.text || announcement.seq <= seqAtMount.current) return
    // The same text twice still changes the content (see announce.ts).
    setShown(announcement.seq % 2 === 0 ? announcement.text : `${announcement.text}\u00a0`)
    const timer = setTimeout(() => setShown(''), ANNOUNCEMENT_MS)
    return () => clearTimeout(timer)
  }, [announcement])

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {shown}
    </VisuallyHidden>
  )
}
