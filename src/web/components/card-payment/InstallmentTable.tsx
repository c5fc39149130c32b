import { Group, Image, Radio, Table, Text } from '@mantine/core'
import { useId } from 'react'
import type { BinControlResponse, InstallmentPlan } from '../../../contracts/payments'
import { type InstallmentRow, installmentTable } from '../../../domain/installments'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { imageUrl } from '../image-url'

/** Payments are in TRY whatever currency the dealer views (spec/2 §9). */
const TRY = 'TRY'

function countLabel(row: InstallmentRow<InstallmentPlan>, t: ReturnType<typeof useTranslation>['t']) {
  return row.installment === 1
    ? t('payment.installments.single')
    : t('payment.installments.many', { count: row.installment })
}

/**
 * The bank's installment table (spec/2 §3, §9): 12 rows, 1 to 12, each with its monthly payment and
 * total (amount × (100 + commission) / 100, in TRY with 2 decimals); a count the bank offers no plan
 * for is shown but cannot be chosen. One radio group: arrow keys move between the rows offered.
 */
export function InstallmentTable({
  amount,
  bin,
  value,
  onChange,
}: {
  /** TRY, dot decimal. */
  amount: string
  bin: BinControlResponse
  value: number | undefined
  onChange: (planId: number) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const idPrefix = useId()
  const rows = installmentTable(amount, bin.plans)
  const money = (value: { toNumber: () => number }) =>
    formatMoney({ value: value.toNumber(), currency: TRY }, locale)
  const bank = bin.bank.name
  const title = bank ? t('payment.installments.bankTitle', { bank }) : t('payment.installments.title')
  return (
    <Radio.Group
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      name="installment"
      label={
        <Group gap="xs" component="span">
          {bin.bank.logo && (
            <Image src={imageUrl(bin.bank.logo)} alt="" h={24} w="auto" fit="contain" component="img" />
          )}
          <span>{title}</span>
        </Group>
      }
      data-testid="installment-table"
    >
      <Table.ScrollContainer minWidth={320} mt="xs">
        <Table striped highlightOnHover withTableBorder verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payment.installments.count')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('payment.installments.monthly')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('payment.installments.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr
                key={row.installment}
                data-testid={`installment-row-${row.installment}`}
                data-disabled={row.available ? undefined : true}
                c={row.available ? undefined : 'dimmed'}
              >
                <Table.Td>
                  {row.available ? (
                    <Radio value={String(row.plan.id)} label={countLabel(row, t)} />
                  ) : (
                    <Radio
                      value={`none-${row.installment}`}
                      label={countLabel(row, t)}
                      disabled
                      aria-describedby={`${idPrefix}-none-${row.installment}`}
                    />
                  )}
                </Table.Td>
                {row.available ? (
                  <>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(row.monthly)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} fw={500}>
                      {money(row.total)}
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={2} ta="right">
                    <Text span size="xs" id={`${idPrefix}-none-${row.installment}`}>
                      {t('payment.installments.unavailable')}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Radio.Group>
  )
}
