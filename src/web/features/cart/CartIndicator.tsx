import { ActionIcon, Indicator } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { CartIcon } from '../../components/icons/Icons'
import { loginPath } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'

/**
 * The header's cart icon with its item count. Guests only see the count, linking to login (spec/1 §1).
 * The count is 0 until the cart issue wires GET /api/catalog/cart.
 */
export function CartIndicator() {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const localePath = useLocalePath()
  const count = 0
  const to = user ? localePath('/sepet') : loginPath(locale)

  return (
    <Indicator label={count} size={18} offset={4} color="red" showZero>
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('cart.label', { count })}
      >
        <CartIcon size={22} />
      </ActionIcon>
    </Indicator>
  )
}
