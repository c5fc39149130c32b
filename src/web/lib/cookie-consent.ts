const consentKey = 'cookieConsent'

export function hasCookieConsent(storage: Storage | undefined = globalThis.localStorage): boolean {
  try {
    return storage?.getItem(consentKey) != null
  } catch {
    return false
  }
}

export function storeCookieConsent(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(consentKey, new Date().toISOString())
  } catch {
    // Storage can be unavailable (private mode, quota); the banner then simply shows again next time.
  }
}
