import { Menu, Text } from '@mantine/core'
import { isBaseCurrency } from '../../../domain/exchange-rates'
import { BusyButton } from '../../components/BusyButton'
import { ChevronDownIcon } from '../../components/icons/Icons'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'
import { rateSourceText } from '../../lib/rate-source'
import { useSession } from '../../lib/session-context'
import { useChangeCurrency } from './preferences-api'

/** The currency prices are shown in (logged-in users only: the preference needs an account). */
export function CurrencyMenu() {
  const { t } = useTranslation()
  const dates = useDates()
  const { bootstrap, preferences } = useSession()
  const changeCurrency = useChangeCurrency()
  const currencies = bootstrap.currencies
  const current =
    currencies.find((c) => c.id === preferences.defaultCurrency) ?? currencies.find((c) => c.isDefault)
  if (currencies.length === 0) return null

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <BusyButton
          variant="subtle"
          color="gray"
          size="compact-md"
          rightSection={<ChevronDownIcon size={14} />}
          busy={changeCurrency.isPending}
          aria-label={t('currency.label', { currency: current?.code ?? '' })}
        >
          {current ? `${current.code} ${current.symbol}` : t('currency.choose')}
        </BusyButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('currency.title')}</Menu.Label>
        <Menu.RadioGroup
          value={current ? String(current.id) : null}
          onChange={(value) => {
            const id = Number(value)
            if (id !== current?.id) changeCurrency.mutate(id)
          }}
        >
          {currencies.map((currency) => (
            <Menu.RadioItem key={currency.id} value={String(currency.id)} closeMenuOnClick>
              {currency.code} ({currency.symbol})
              {/* Where the rate comes from; the base currency (rate 1) has none to tell. */}
              {!isBaseCurrency(currency.code) && (
                <Text
                  component="span"
                  display="block"
                  size="xs"
                  c="dimmed"
                  data-testid="currency-rate-source"
                >
                  {rateSourceText(t, dates, {
                    source: currency.rateSource,
                    bulletinDate: currency.rateBulletinDate,
                  })}
                </Text>
              )}
            </Menu.RadioItem>
          ))}
        </Menu.RadioGroup>
      </Menu.Dropdown>
    </Menu>
  )
}
