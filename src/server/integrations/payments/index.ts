import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { PaymentGateway } from './gateway'
import { guardGateway } from './guarded-gateway'
import { IyzicoGateway } from './iyzico/iyzico-gateway'
import { SandboxGateway } from './sandbox/sandbox-gateway'

/** The configured virtual POS (PAYMENT_GATEWAY): the built-in sandbox, or iyzico with its keys. */
export function createPaymentGateway(
  config: Pick<Config, 'paymentGateway' | 'iyzico' | 'sessionSecret'>,
  now: () => Date,
  /** Where the sandbox keeps its own books (the app's database; iyzico keeps its own). */
  db: Db,
): PaymentGateway {
  if (config.paymentGateway === 'iyzico') {
    if (!config.iyzico) throw new Error('PAYMENT_GATEWAY=iyzico without its keys')
    return guardGateway(new IyzicoGateway(config.iyzico))
  }
  return guardGateway(new SandboxGateway(config.sessionSecret, now, db))
}
