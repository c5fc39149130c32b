import { Center, Loader } from '@mantine/core'
import { useTranslation } from '../../i18n/use-translation'

export function PageLoader() {
  const { t } = useTranslation()
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  )
}
