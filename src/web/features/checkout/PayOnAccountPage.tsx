import { Alert, Group, Stack, Text, Textarea, Title } from '@mantine/core'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { PaymentResult } from '../../../contracts/payments'
import { amountForInput } from '../../../domain/amount'
import { CardPaymentForm } from '../../components/card-payment/CardPaymentForm'
import { DealerGate } from '../../components/DealerGate'
import { InfoIcon } from '../../components/icons/Icons'
import { PaymentLinkButton } from '../../components/payment-link/PaymentLinkButton'
import { useTranslation } from '../../i18n/use-translation'
import { fullNavigate } from '../../lib/navigation'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { readPayParams } from './pay-params'

const DESCRIPTION_MAX = 1000

function PayOnAccount() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  const [search] = useSearchParams()
  const { settleEntryIds, amount } = readPayParams(search)
  const [description, setDescription] = useState('')
  const toResult = (result: PaymentResult) =>
    fullNavigate(localePath(`/odeme/sonuc/${encodeURIComponent(result.id)}`))
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('payment.account.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('payment.account.intro')}
          </Text>
        </Stack>
        {/* Renders nothing unless the store has payment links on (b2b_cari_odeme_baglantisi). */}
        <PaymentLinkButton settleEntryIds={settleEntryIds} amount={amount ?? undefined} />
      </Group>
      {settleEntryIds.length > 0 && (
        <Alert color="blue" icon={<InfoIcon />} data-testid="settle-items">
          {t('payment.account.selected', { count: settleEntryIds.length })}
        </Alert>
      )}
      <CardPaymentForm
        paymentType="pay"
        initialAmount={amount ? amountForInput(amount, locale) : ''}
        extra={{ settleEntryIds, description }}
        // A full load: the overdue banner and the risk figures come fresh with the next page.
        onSucceeded={toResult}
        // Still being settled: the result page says so and turns into the paid one by itself.
        onProcessing={toResult}
      >
        <Textarea
          label={t('payment.account.description')}
          placeholder={t('payment.account.descriptionPlaceholder')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          maxLength={DESCRIPTION_MAX}
          rows={2}
          resize="vertical"
        />
      </CardPaymentForm>
    </Stack>
  )
}

/**
 * /odeme — paying on account by card (spec/2 §4 paymentType 'pay', the user menu's "Ödeme Yap"). The
 * statement's "Seçilenleri Öde" opens it as /odeme?items=1,2&amount=123.45: the amount to start with
 * and the ledger items the payment settles (the payment-link button offers a link for the same). The
 * overdue banner is the layout's.
 */
export function PayOnAccountPage() {
  const { t } = useTranslation()
  usePageTitle(t('payment.account.title'))
  return (
    <DealerGate adminTitle={t('payment.dealerOnlyTitle')} adminText={t('payment.dealerOnlyText')}>
      <PayOnAccount />
    </DealerGate>
  )
}
