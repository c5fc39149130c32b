import type { Caches } from '../../cache/caches'
import type { Db } from '../../db/client'
import type { PaymentGateway } from '../../integrations/payments/gateway'
import { guardGateway } from '../../integrations/payments/guarded-gateway'
import { IyzicoGateway } from '../../integrations/payments/iyzico/iyzico-gateway'
import { SandboxGateway } from '../../integrations/payments/sandbox/sandbox-gateway'
import { type GatewayConfig, loadStoredGateway, type StoredGateway } from './payment-gateway-setting.service'

/**
 * Which virtual POS a payment goes through. A payment starts with `current()`: the environment's
 * gateway when PAYMENT_GATEWAY names one, else the one stored on the back office (read through the
 * reference cache, so a change made on any process is followed here from the next payment on), else
 * the sandbox in development and test and none elsewhere. Once started, a payment goes on with the
 * gateway it started with, by the name on its intent (`of`): its callback, the reconciler's questions
 * and a refund reach the same bank whatever was chosen since.
 */
export class GatewayChoice {
  private sandboxGateway: PaymentGateway | null = null
  private readonly built = new WeakMap<StoredGateway, PaymentGateway | null>()

  constructor(
    private readonly deps: {
      /** The gateway the app was built with (AppDeps.paymentGateway): the environment's, or the sandbox. */
      fixed: PaymentGateway
      config: GatewayConfig & { sessionSecret: string }
      data: { db: Db; caches: Caches }
      now: () => Date
    },
  ) {}

  private get environmentChooses() {
    return this.deps.config.paymentGatewaySource === 'environment'
  }

  /** The stored choice (null: none saved, or the environment chooses). */
  async stored(caches: Caches = this.deps.data.caches): Promise<StoredGateway | null> {
    if (this.environmentChooses) return null
    return loadStoredGateway({ db: this.deps.data.db, caches }, this.deps.config.gatewaySecrets)
  }

  /**
   * The gateway a payment started now goes through; null when there is none (the back office chooses
   * and nothing usable is stored outside development and test: card payments are refused, never
   * quietly sent to the sandbox). `caches`: a request's own, to share its one reading of the versions.
   */
  async current(caches?: Caches): Promise<PaymentGateway | null> {
    const { fixed, config } = this.deps
    if (this.environmentChooses) return fixed
    const stored = await this.stored(caches)
    if (!stored) return config.sandboxByDefault ? fixed : null
    if (stored.gateway === 'sandbox') return config.sandboxByDefault ? this.sandbox() : null
    return this.iyzicoOf(stored)
  }

  /**
   * The gateway a started payment goes on with, by the name on its intent; null when it cannot be
   * reached any more (iyzico's keys gone). The sandbox always answers for its own books.
   */
  async of(name: string): Promise<PaymentGateway | null> {
    if (name === 'sandbox') return this.sandbox()
    if (name !== 'iyzico') return null
    if (this.deps.fixed.name === 'iyzico') return this.deps.fixed
    const stored = await loadStoredGateway(this.deps.data, this.deps.config.gatewaySecrets)
    return stored ? this.iyzicoOf(stored) : null
  }

  /** The app's own sandbox when it was built with it (a test's scripted one too), else one of its own. */
  private sandbox(): PaymentGateway {
    if (this.deps.fixed.name === 'sandbox') return this.deps.fixed
    this.sandboxGateway ??= guardGateway(
      new SandboxGateway(this.deps.config.sessionSecret, this.deps.now, this.deps.data.db),
    )
    return this.sandboxGateway
  }

  /** iyzico with the stored keys, built once per loaded setting (a new one after any change). */
  private iyzicoOf(stored: StoredGateway): PaymentGateway | null {
    if (!this.built.has(stored)) {
      this.built.set(stored, stored.iyzico ? guardGateway(new IyzicoGateway(stored.iyzico)) : null)
    }
    return this.built.get(stored) ?? null
  }
}

/** Whether a gateway is the built-in sandbox (its pages are served only while it is the current one). */
export const isSandbox = (gateway: PaymentGateway | null): gateway is SandboxGateway =>
  gateway instanceof SandboxGateway

/**
 * A started payment's gateway, or a stand-in that says it cannot be reached: the reconciler counts an
 * unanswered question (and hands the payment to staff after its tries), a refund is refused with why.
 */
export async function intentGateway(
  choice: GatewayChoice,
  intent: { gateway: string },
): Promise<PaymentGateway> {
  return (await choice.of(intent.gateway)) ?? unreachable(intent.gateway)
}

function unreachable(name: string): PaymentGateway {
  const message = `Ödemenin başladığı sanal POS (${name}) artık tanımlı değil: anahtarları ödeme ayarlarından yeniden girilmeli.`
  return {
    name: name === 'sandbox' ? 'sandbox' : 'iyzico',
    startThreeDs: async () => ({ ok: false, code: 'technical_error', message: '' }),
    verifyCallback: async () => ({ valid: false, reason: 'malformed' }),
    complete: async () => ({ outcome: 'unknown', message }),
    retrieve: async () => ({ state: 'unknown', message }),
    refund: async () => ({ outcome: 'failed', message }),
    binInfo: async () => null,
  }
}
