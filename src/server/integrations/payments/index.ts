import type { Config } from '../../config'
import type { PaymentGateway } from './gateway'
import { IyzicoGateway } from './iyzico/iyzico-gateway'
import { SandboxGateway } from './sandbox/sandbox-gateway'

/** The configured virtual POS (PAYMENT_GATEWAY): the built-in sandbox, or iyzico with its keys. */
export function createPaymentGateway(
  config: Pick<Config, 'paymentGateway' | 'iyzico' | 'sessionSecret'>,
  now: () => Date,
): PaymentGateway {
  if (config.paymentGateway === 'iyzico') {
    if (!config.iyzico) throw new Error('PAYMENT_GATEWAY=iyzico without its keys')
    return new IyzicoGateway(config.iyzico)
  }
  return new SandboxGateway(config.sessionSecret, now)
}
