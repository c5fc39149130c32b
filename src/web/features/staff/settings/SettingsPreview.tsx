import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core'
import type { SettingGroup, SettingItem } from '../../../../contracts/store-settings-admin'
import { formatMoney } from '../../../../domain/money-format'
import { stockDisplay } from '../../../../domain/stock'
import { stockText } from '../../../components/product/stock-text'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'

const N = 'storeSettings.preview'

/** A sample product for the price preview: list 150, sale 120, VAT 20 %. */
const SAMPLE = { list: 150, sale: 120, taxRate: 20 }
const STOCK_SAMPLES = [0, 4, 30, 250, 2500]

type Values = Record<string, SettingItem['value']>

function PricePreview({ values }: { values: Values }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const withTax = values.productsWithKdv === true
  const factor = withTax ? 1 + SAMPLE.taxRate / 100 : 1
  const money = (value: number) => formatMoney({ value: value * factor, currency: 'TRY' }, locale)
  const percent = Math.round((1 - SAMPLE.sale / SAMPLE.list) * 100)
  return (
    <Stack gap={4}>
      <Group gap="sm" align="baseline">
        <Text fw={700} size="lg">
          {money(SAMPLE.sale)}
        </Text>
        <Text size="sm">{withTax ? t('price.withTax') : t('price.withoutTax')}</Text>
        {values.showListPrice === true && (
          <>
            <Text size="sm" td="line-through" c="gray.7">
              {money(SAMPLE.list)}
            </Text>
            <Badge color="red" variant="light">
              {t('price.discount', { percent })}
            </Badge>
          </>
        )}
      </Group>
      <Text size="sm" c="gray.7">
        {values.showPaymentPlanPrice === true ? t(`${N}.plansShown`) : t(`${N}.plansHidden`)}
      </Text>
      <Text size="sm" c="gray.7">
        {values.showPriceStatus === true ? t(`${N}.guestsSeePrices`) : t(`${N}.guestsLogIn`)}
      </Text>
    </Stack>
  )
}

function StockPreview({ values }: { values: Values }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const mode = Number(values.stockInfoStatus ?? 0)
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR')
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" maw={520}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t(`${N}.stock`)}</Table.Th>
          <Table.Th>{t(`${N}.list`)}</Table.Th>
          <Table.Th>{t(`${N}.page`)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {STOCK_SAMPLES.map((quantity) => {
          const shown = stockDisplay(mode, quantity)
          return (
            <Table.Tr key={quantity}>
              <Table.Td>{number(quantity)}</Table.Td>
              <Table.Td>
                {stockText(shown, 'list', t('storeSettings.preview.unit'), t, locale) ?? '—'}
              </Table.Td>
              <Table.Td>
                {stockText(shown, 'detail', t('storeSettings.preview.unit'), t, locale) ?? '—'}
              </Table.Td>
            </Table.Tr>
          )
        })}
      </Table.Tbody>
    </Table>
  )
}

function ProductPagePreview({ values, labels }: { values: Values; labels: Map<string, string> }) {
  const { t } = useTranslation()
  if (values.b2b_urun_detay_ozel_kod_gosterim !== true) {
    return <Text size="sm">{t(`${N}.noSpecialCode`)}</Text>
  }
  return (
    <Text size="sm">
      <b>{String(values.b2b_urun_detay_ozel_kod_baslik ?? '')}:</b>{' '}
      {t(`${N}.specialCodeValue`, { field: labels.get(String(values.b2b_urun_detay_ozel_kod)) ?? '' })}
    </Text>
  )
}

/** How the group's settings look to a dealer, drawn from the values as stored (groups without one: nothing). */
export function SettingsPreview({ group, items }: { group: SettingGroup; items: SettingItem[] }) {
  const { t } = useTranslation()
  const values: Values = Object.fromEntries(items.map((item) => [item.key, item.value]))
  const body =
    group === 'prices' ? (
      <PricePreview values={values} />
    ) : group === 'stock' ? (
      <StockPreview values={values} />
    ) : group === 'productPage' ? (
      <ProductPagePreview
        values={values}
        labels={
          new Map(
            items
              .find((item) => item.key === 'b2b_urun_detay_ozel_kod')
              ?.allowed?.map((a) => [String(a.value), a.label]) ?? [],
          )
        }
      />
    ) : null
  if (!body) return null
  return (
    <Paper withBorder p="sm" radius="sm" bg="gray.0" aria-label={t(`${N}.title`)} component="section">
      <Text size="xs" fw={600} tt="uppercase" c="gray.7" mb={6}>
        {t(`${N}.title`)}
      </Text>
      {body}
    </Paper>
  )
}
