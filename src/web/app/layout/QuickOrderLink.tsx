import { ActionIcon, Button } from '@mantine/core'
import IconClipboardList from '@tabler/icons-react/dist/esm/icons/IconClipboardList.mjs'
import { Link } from 'react-router'
import { decorative } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useHasCart } from '../../lib/cart/cart-query'
import { useLocalePath } from '../../lib/session-context'

const QuickOrderIcon = decorative(IconClipboardList)

/**
 * The way to the quick order (/hizli-siparis), beside the cart, for those who have a cart: dealers.
 * Its words only on a wide screen (88em): below that they cost the header's search box too much of its
 * width (347 → 199 px at 1366 px, 249 → 101 px at 1024 px), so there the icon alone, named by its label.
 */
export function QuickOrderLink() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const hasCart = useHasCart()
  if (!hasCart) return null
  const to = localePath('/hizli-siparis')
  return (
    <>
      <Button
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="compact-md"
        leftSection={<QuickOrderIcon size={20} />}
        visibleFrom="xl"
        data-testid="quick-order-link"
      >
        {t('quickOrder.menu')}
      </Button>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="xl"
        aria-label={t('quickOrder.menu')}
        title={t('quickOrder.menu')}
        data-testid="quick-order-icon-link"
      >
        <QuickOrderIcon size={22} />
      </ActionIcon>
    </>
  )
}
