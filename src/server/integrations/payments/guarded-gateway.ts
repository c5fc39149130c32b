import { assertOutsideTransaction } from '../../db/transaction-context'
import type { PaymentGateway } from './gateway'

/**
 * The gateway as the app uses it: every call refuses to run inside a database transaction (the bank
 * may take seconds to answer, and a transaction waiting on it holds its locks meanwhile). A Proxy, so
 * the sandbox's own methods and `instanceof` keep working.
 */
export function guardGateway<G extends PaymentGateway>(gateway: G): G {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        assertOutsideTransaction(`payment gateway ${target.name}.${String(property)}`)
        return value.apply(target, args)
      }
    },
  })
}
