import { Button, Container, Group, Paper, Text } from '@mantine/core'
import { type RefObject, useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { apiFetch } from '../../lib/api-client'
import { hasCookieConsent, storeCookieConsent } from '../../lib/cookie-consent'
import { useServerHints } from '../../lib/server-hints'

/** The notice's height on the document while it is shown: what sits at the screen's bottom stays above it. */
const COOKIE_NOTICE_HEIGHT = '--cookie-notice-height'

/**
 * Keeps `--cookie-notice-height` on <html> equal to the element's height while it is mounted: a bar
 * sticking to the bottom of the screen (the statement's PayBar) uses `bottom: var(--cookie-notice-height, 0px)`
 * and stays visible above the fixed notice instead of under it.
 */
function usePublishedHeight(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const element = ref.current
    if (!shown || !element) return
    const root = document.documentElement.style
    const publish = () => root.setProperty(COOKIE_NOTICE_HEIGHT, `${element.offsetHeight}px`)
    publish()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish)
    observer?.observe(element)
    return () => {
      observer?.disconnect()
      root.removeProperty(COOKIE_NOTICE_HEIGHT)
    }
  }, [ref, shown])
}

/** 'Çerez Kullanımı' with 'Tamam', until accepted (spec/2 §2 "Cookie notice"). */
export function CookieNotice() {
  const { t } = useTranslation()
  // The server knows the consent cookie; this browser's storage is read after the first render, which
  // must repeat what the server drew (the notice is fixed to the bottom, so it shifts nothing).
  const hints = useServerHints()
  const [visible, setVisible] = useState(hints ? !hints.cookieConsent : false)
  useEffect(() => setVisible(!(hints?.cookieConsent || hasCookieConsent())), [hints])
  const ref = useRef<HTMLElement>(null)
  usePublishedHeight(ref, visible)
  if (!visible) return null

  const accept = () => {
    storeCookieConsent()
    setVisible(false)
    // Recorded on the server too when it can be; the local record is what hides the banner.
    apiFetch('/api/catalog/cookies', {
      method: 'POST',
      json: { allowCookies: true },
      handleAuthErrors: false,
    }).catch(() => {})
  }

  return (
    <Paper
      ref={ref}
      component="section"
      aria-labelledby="cookie-notice-title"
      shadow="lg"
      radius={0}
      p="md"
      withBorder
      style={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 200 }}
    >
      <Container size="xl">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div style={{ flex: '1 1 20rem' }}>
            <Text fw={600} id="cookie-notice-title">
              {t('cookie.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('cookie.text')}
            </Text>
          </div>
          <Button onClick={accept}>{t('cookie.accept')}</Button>
        </Group>
      </Container>
    </Paper>
  )
}
