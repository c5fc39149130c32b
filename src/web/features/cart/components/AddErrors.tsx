import { Alert, List } from '@mantine/core'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import type { AddError } from '../../../lib/add-errors'

/**
 * The products the cart just refused (an offer edited back into the cart), each with the reason: the
 * cart's "add error" of spec/2 §8. A product that is in the cart anyway is marked on its line too.
 */
export function AddErrors({ errors, onClose }: { errors: AddError[]; onClose: () => void }) {
  const { t } = useTranslation()
  if (errors.length === 0) return null
  return (
    <Alert
      color="red"
      icon={<AlertIcon />}
      title={t('cart.addErrors.title')}
      role="alert"
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      data-testid="cart-add-errors"
    >
      <List size="sm" spacing={4}>
        {errors.map((error) => (
          <List.Item
            key={`${error.productId ?? error.code}`}
            data-testid="cart-add-error"
            data-product-id={error.productId ?? undefined}
          >
            {t('cart.addErrors.line', { name: error.name, code: error.code, message: error.message })}
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}

/** The add error of one product, keyed by product id, for the cart's lines. */
export function addErrorsByProduct(errors: AddError[]): Map<number, string> {
  const byProduct = new Map<number, string>()
  for (const error of errors) if (error.productId !== null) byProduct.set(error.productId, error.message)
  return byProduct
}
