import { Alert, Button, Menu, Stack } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from '../i18n/use-translation'
import { apiFetchFile } from '../lib/api-client'
import { ApiError } from '../lib/api-error'
import { useSession } from '../lib/session-context'
import { AlertIcon, ChevronDownIcon, DownloadIcon } from './icons/Icons'

type Format = 'xlsx' | 'csv'

/** Saves a downloaded file under its name, as a link with `download` would. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file over; the URL is let go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * "Dışa aktar": the list as its filters stand, as an XLSX or CSV file. Fetched rather than linked, so
 * a refusal (a filter that matches more than one file holds) is said on the page in the user's
 * language instead of the browser opening the server's JSON.
 */
export function ExportMenu({
  path,
  query,
  testId,
}: {
  path: string
  query: Record<string, string | number | null | undefined>
  testId?: string
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const download = async (format: Format) => {
    setBusy(true)
    setError(null)
    try {
      const { blob, fileName } = await apiFetchFile(path, {
        query: { ...query, format, lang: locale },
      })
      save(blob, fileName ?? `export.${format}`)
    } catch (caught) {
      if (caught instanceof ApiError && caught.handled) return
      setError(caught instanceof ApiError && caught.message ? caught.message : t('staff.export.failed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Stack gap="xs" align="flex-end" ml="auto" data-testid={testId}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<DownloadIcon size={18} />}
            rightSection={<ChevronDownIcon size={16} />}
            aria-busy={busy || undefined}
          >
            {t('staff.export.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => !busy && void download('xlsx')}>{t('staff.export.xlsx')}</Menu.Item>
          <Menu.Item onClick={() => !busy && void download('csv')}>{t('staff.export.csv')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {error && (
        <Alert
          color="red"
          icon={<AlertIcon />}
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setError(null)}
          maw={520}
          data-testid="export-error"
        >
          {error}
        </Alert>
      )}
    </Stack>
  )
}
