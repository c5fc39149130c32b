import { Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useTranslation } from '../../../i18n/use-translation'

/** Asks before the whole cart is emptied; `clear` runs only on confirmation. */
export function useConfirmClear(clear: () => void): () => void {
  const { t } = useTranslation()
  return () =>
    modals.openConfirmModal({
      title: t('cart.clearTitle'),
      centered: true,
      children: <Text size="sm">{t('cart.clearText')}</Text>,
      labels: { confirm: t('cart.clearConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: clear,
    })
}
