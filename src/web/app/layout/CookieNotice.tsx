import { Button, Container, Group, Paper, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { apiFetch } from '../../lib/api-client'
import { hasCookieConsent, storeCookieConsent } from '../../lib/cookie-consent'
import { useServerHints } from '../../lib/server-hints'

/** 'Çerez Kullanımı' with 'Tamam', until accepted (spec/2 §2 "Cookie notice"). */
export function CookieNotice() {
  const { t } = useTranslation()
  // The server knows the consent cookie; this browser's storage is read after the first render, which
  // must repeat what the server drew (the notice is fixed to the bottom, so it shifts nothing).
  const hints = useServerHints()
  const [visible, setVisible] = useState(hints ? !hints.cookieConsent : false)
  useEffect(() => setVisible(!(hints?.cookieConsent || hasCookieConsent())), [hints])
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
