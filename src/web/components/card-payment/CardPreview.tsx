import type { BinControlResponse, CardOrganization } from '../../../contracts/payments'
import { cardPreviewNumber } from '../../../domain/card-form'
import { useTranslation } from '../../i18n/use-translation'
import classes from './CardPreview.module.css'

/** The network's name as its logo reads ('VISA', 'Mastercard', 'TROY', 'AMEX'). */
export function useNetworkName(): (organization: CardOrganization) => string {
  const { t } = useTranslation()
  return (organization) => t(`payment.networks.${organization}`)
}

/**
 * The live picture of the card (spec/2 §2): the number as it is typed, the holder, the expiry, and
 * the network and bank from the BIN answer. A picture of what the fields already say, so it is hidden
 * from assistive technology (the card field describes the network in words).
 */
export function CardPreview({
  card,
  holder,
  expire,
  bin,
}: {
  card: string
  holder: string
  expire: string
  bin: BinControlResponse | undefined
}) {
  const { t } = useTranslation()
  const networkName = useNetworkName()
  const organization = bin?.bank.organization ?? null
  return (
    <div
      className={classes.card}
      data-network={organization ?? undefined}
      data-testid="card-preview"
      aria-hidden="true"
    >
      <div className={classes.top}>
        <span className={classes.bank}>{bin?.bank.name ?? ''}</span>
        <span className={classes.network} data-testid="card-preview-network">
          {organization ? networkName(organization) : ''}
        </span>
      </div>
      <div className={classes.chip} />
      <div className={classes.number} data-testid="card-preview-number">
        {cardPreviewNumber(card)}
      </div>
      <div className={classes.bottom}>
        <span className={classes.holder}>
          <span className={classes.label}>{t('payment.card.holder')}</span>
          <span data-testid="card-preview-holder">{holder.trim() || t('payment.card.previewHolder')}</span>
        </span>
        <span className={classes.expire}>
          <span className={classes.label}>{t('payment.card.previewExpire')}</span>
          <span data-testid="card-preview-expire">{expire || t('payment.card.previewExpire')}</span>
        </span>
      </div>
    </div>
  )
}
