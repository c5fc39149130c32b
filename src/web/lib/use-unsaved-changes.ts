import { useEffect } from 'react'

/**
 * While a form holds changes not saved yet, the browser asks before the page is closed or reloaded
 * (it shows its own wording; browsers no longer show a page's text there).
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers ask only when a value is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}
