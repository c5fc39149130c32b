import { Button, FileButton, Group, Input, Paper, Progress, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { STORE_LOGO_MAX_BYTES, type StoreLogo } from '../../../../contracts/product-images'
import { logoImage2x } from '../../../../domain/uploaded-images'
import { imageUrl } from '../../../components/image-url'
import { useTranslation } from '../../../i18n/use-translation'
import { apiFetch, apiUpload } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'

const N = 'storeLogo'
const PATH = '/yonetim/settings/logo'
const DEFAULT_LOGO = '/images/logo.svg'
/** The logo in force as this screen last heard it: the page's bootstrap first, then each answer. */
const logoKey = ['staff', 'settings', 'logo'] as const

function useLogo() {
  const { bootstrap } = useSession()
  const logo = bootstrap.store.logo
  return useQuery({
    queryKey: logoKey,
    queryFn: () => logo,
    initialData: logo,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * The store's logo in the settings' store group: the one in force (or the default), a PNG, JPEG or
 * WebP to upload in its place (with its progress), and the way back to the default. Every page shows
 * a new logo from its next load: the header reads it from the bootstrap.
 */
export function StoreLogoField({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const logo = useLogo().data
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const saved = (answer: StoreLogo, message: string) => {
    queryClient.setQueryData(logoKey, answer.logo)
    notifications.show({ color: 'green', message })
  }
  const failed = (failure: Error) => {
    if (!(isApiError(failure) && failure.handled)) setError(describeError(failure, t))
  }
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData()
      body.append('file', file, file.name)
      return apiUpload<StoreLogo>(PATH, body, { onProgress: setProgress })
    },
    onSuccess: (answer) => saved(answer, t(`${N}.uploaded`)),
    onError: failed,
    onSettled: () => setProgress(null),
  })
  const remove = useMutation({
    mutationFn: () => apiFetch<StoreLogo>(PATH, { method: 'DELETE' }),
    onSuccess: (answer) => saved(answer, t(`${N}.removed`)),
    onError: failed,
  })
  const twin = logo ? logoImage2x(logo) : null
  const src = logo ? imageUrl(logo) : DEFAULT_LOGO

  return (
    <Stack gap={6} maw={560} data-testid="store-logo">
      <div>
        <Input.Label component="span">{t(`${N}.label`)}</Input.Label>
        <Input.Description>{t(`${N}.help`, { mb: STORE_LOGO_MAX_BYTES / 1024 / 1024 })}</Input.Description>
      </div>
      <Paper withBorder p="sm">
        <Group gap="md" wrap="wrap">
          <img
            src={src}
            srcSet={twin ? `${src} 1x, ${imageUrl(twin)} 2x` : undefined}
            alt={t(`${N}.current`)}
            height={40}
            style={{ height: 40, width: 'auto', maxWidth: '100%', objectFit: 'contain' }}
          />
          {!logo && (
            <Text size="sm" c="dimmed">
              {t(`${N}.default`)}
            </Text>
          )}
        </Group>
      </Paper>
      {progress !== null && <Progress value={Math.round(progress * 100)} aria-label={t(`${N}.uploading`)} />}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
      {canWrite && (
        <Group gap="sm">
          <FileButton
            accept="image/png,image/jpeg,image/webp"
            onChange={(file) => {
              if (!file || upload.isPending) return
              setError(null)
              upload.mutate(file)
            }}
          >
            {(props) => (
              <Button {...props} size="xs" loading={upload.isPending}>
                {logo ? t(`${N}.replace`) : t(`${N}.upload`)}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={remove.isPending}
              onClick={() => {
                setError(null)
                remove.mutate()
              }}
            >
              {t(`${N}.remove`)}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  )
}
