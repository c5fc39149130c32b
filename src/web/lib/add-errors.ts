/**
 * Products the cart refused to take (an offer edited back into the cart: no stock, no price…), handed
 * to the cart page in the navigation state so it marks each with its add error (spec/2 §8 "Offer edit
 * error": an alert with the reason, and the cart marks an add error for that product).
 */
export type AddError = { productId: number | null; code: string; name: string; message: string }

/** The navigation state that carries `errors` to the cart page. */
export function withAddErrors(errors: AddError[]): { addErrors: AddError[] } {
  return { addErrors: errors }
}

function isAddError(value: unknown): value is AddError {
  if (typeof value !== 'object' || value === null) return false
  const { productId, code, name, message } = value as Record<string, unknown>
  return (
    (productId === null || typeof productId === 'number') &&
    typeof code === 'string' &&
    typeof name === 'string' &&
    typeof message === 'string'
  )
}

/** The add errors a navigation state carries; none for any other state (a reload keeps the state). */
export function addErrorsOf(state: unknown): AddError[] {
  if (typeof state !== 'object' || state === null) return []
  const errors = (state as { addErrors?: unknown }).addErrors
  return Array.isArray(errors) ? errors.filter(isAddError) : []
}
