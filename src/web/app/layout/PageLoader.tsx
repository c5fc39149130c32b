import { Center, Loader } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function PageLoader() {
  const { t } = useTranslation()
  return (
    <Center py="xl" role="status" aria-label={t('app.loading')}>
      <Loader />
    </Center>
  )
}
