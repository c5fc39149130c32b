import { Group, InputBase, Loader, Stack, Text, TextInput } from '@mantine/core'
import type { RefObject } from 'react'
import { IMaskInput } from 'react-imask'
import type { BinControlResponse } from '../../../contracts/payments'
import { CARD_MASK, CCV_MASK, EXPIRE_MASK, type PayAlert } from '../../../domain/card-form'
import { useTranslation } from '../../i18n/use-translation'
import classes from './CardFields.module.css'
import { useNetworkName } from './CardPreview'
import { cardTypeKey } from './card-description'

export type CardValues = { card: string; holder: string; expire: string; ccv: string }
export type CardField = keyof CardValues

export type CardFieldRefs = Record<CardField, RefObject<HTMLInputElement | null>>

/**
 * What the BIN answer says of the card, in words: 'Visa · Kredi Kartı · Garanti BBVA'. The bank is the
 * store's bank (its name as the store writes it); the BIN list's raw issuer is not shown.
 */
function CardDescription({ bin }: { bin: BinControlResponse | undefined }) {
  const { t } = useTranslation()
  const networkName = useNetworkName()
  if (!bin) return null
  const { organization, cardType, name } = bin.bank
  const typeKey = cardTypeKey(cardType)
  const parts = [
    organization ? networkName(organization) : null,
    typeKey ? t(`payment.cardTypes.${typeKey}`) : null,
    name,
  ].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? <span data-testid="card-network">{parts.join(' · ')}</span> : null
}

/**
 * The card number, holder, expiry and CCV, masked with react-imask as spec/2 §5 says (the card in
 * groups of 4, 'MM/YY', 3 digits). Autocomplete names let the browser fill a saved card. A field the
 * pay alert names is marked invalid.
 */
export function CardFields({
  values,
  onChange,
  refs,
  invalid,
  bin,
  binLoading,
}: {
  values: CardValues
  onChange: (field: CardField, value: string) => void
  refs: CardFieldRefs
  invalid: PayAlert | null
  bin: BinControlResponse | undefined
  binLoading: boolean
}) {
  const { t } = useTranslation()
  return (
    <Stack gap="sm">
      <InputBase
        component={IMaskInput}
        mask={CARD_MASK}
        value={values.card}
        onAccept={(value: string) => onChange('card', value)}
        inputRef={refs.card}
        label={t('payment.card.number')}
        placeholder="0000 0000 0000 0000"
        inputMode="numeric"
        autoComplete="cc-number"
        name="cardnumber"
        error={invalid === 'card' || invalid === 'form'}
        description={
          <Group component="span" gap={6} aria-live="polite" mih={18}>
            {binLoading ? (
              <>
                <Loader size={12} aria-hidden="true" />
                <span>{t('payment.card.checking')}</span>
              </>
            ) : (
              <CardDescription bin={bin} />
            )}
          </Group>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <TextInput
        ref={refs.holder}
        value={values.holder}
        onChange={(event) => onChange('holder', event.currentTarget.value)}
        label={t('payment.card.holder')}
        autoComplete="cc-name"
        name="ccname"
        maxLength={100}
        error={invalid === 'holder'}
      />
      <div className={classes.pair}>
        <InputBase
          component={IMaskInput}
          mask={EXPIRE_MASK}
          value={values.expire}
          onAccept={(value: string) => onChange('expire', value)}
          inputRef={refs.expire}
          label={t('payment.card.expire')}
          placeholder={t('payment.card.expirePlaceholder')}
          inputMode="numeric"
          autoComplete="cc-exp"
          name="cc-exp"
          error={invalid === 'expire'}
          classNames={{ root: classes.field, label: classes.label }}
        />
        <InputBase
          component={IMaskInput}
          mask={CCV_MASK}
          value={values.ccv}
          onAccept={(value: string) => onChange('ccv', value)}
          inputRef={refs.ccv}
          label={t('payment.card.ccv')}
          placeholder="000"
          inputMode="numeric"
          autoComplete="cc-csc"
          name="cvc"
          error={invalid === 'ccv'}
          classNames={{ root: classes.field, label: classes.label }}
          description={
            <Text span size="xs">
              {t('payment.card.ccvHelp')}
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </div>
    </Stack>
  )
}
