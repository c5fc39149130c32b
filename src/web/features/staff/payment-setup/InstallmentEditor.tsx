import { Checkbox, Radio, Table, Text, TextInput } from '@mantine/core'
import type { InstallmentInput, SetupInstallment } from '../../../../contracts/payment-setup'
import { INSTALLMENT_ROWS } from '../../../../domain/installments'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'

const I = 'paymentSetup.installments'

/** One of the 12 rows as the editor holds it: offered or not, the commission as typed, preselected. */
export type InstallmentRowState = { offered: boolean; commission: string; isDefault: boolean }

/** The 12 rows of a stored table (a count not offered: an empty row), commissions written the reader's way. */
export function rowsOf(plans: readonly SetupInstallment[], locale: 'tr' | 'en'): InstallmentRowState[] {
  return Array.from({ length: INSTALLMENT_ROWS }, (_, i) => {
    const plan = plans.find((p) => p.installment === i + 1)
    return {
      offered: Boolean(plan),
      commission: plan ? (locale === 'tr' ? plan.commissionFee.replace('.', ',') : plan.commissionFee) : '',
      isDefault: plan?.isDefault ?? false,
    }
  })
}

/** The rows offered, as the API takes them, and the count each sent row stands for (its errors come back by index). */
export function bodyOf(rows: readonly InstallmentRowState[]): {
  plans: InstallmentInput[]
  counts: number[]
} {
  const counts: number[] = []
  const plans = rows.flatMap((row, i) => {
    if (!row.offered) return []
    counts.push(i + 1)
    return [{ installment: i + 1, commissionFee: row.commission.trim() || '0', isDefault: row.isDefault }]
  })
  return { plans, counts }
}

/**
 * The server's messages of a table, by installment count: `plans.{i}.commissionFee` names the i-th
 * row sent; `plans` the table as a whole.
 */
export function errorsByCount(
  fields: Record<string, string> | null,
  counts: readonly number[],
): { rows: Record<number, string>; table: string | null } {
  const rows: Record<number, string> = {}
  for (const [field, message] of Object.entries(fields ?? {})) {
    const index = /^plans\.(\d+)\./.exec(field)?.[1]
    const count = index === undefined ? undefined : counts[Number(index)]
    if (count !== undefined) rows[count] = message
  }
  return { rows, table: fields?.plans ?? null }
}

/**
 * The installment table of a bank (or the store's default): the 12 counts, each offered or not, with
 * its commission percent and which one the card form preselects. A total is amount × (100 + %) / 100.
 */
export function InstallmentEditor({
  rows,
  onChange,
  errors,
  label,
}: {
  rows: InstallmentRowState[]
  onChange: (rows: InstallmentRowState[]) => void
  errors: { rows: Record<number, string>; table: string | null }
  label: string
}) {
  const { t } = useTranslation()
  const { locale } = useDates()
  const set = (index: number, patch: Partial<InstallmentRowState>) =>
    onChange(
      rows.map((row, i) => {
        if (patch.isDefault) return i === index ? { ...row, ...patch } : { ...row, isDefault: false }
        return i === index
          ? { ...row, ...patch, ...(patch.offered === false ? { isDefault: false } : {}) }
          : row
      }),
    )
  const example = locale === 'tr' ? '3,25' : '3.25'
  return (
    <div>
      <Text size="sm" fw={600} mb={4} id="installments-label">
        {label}
      </Text>
      {errors.table && (
        <Text size="sm" c="red.8" role="alert" mb={4} data-testid="installments-error">
          {errors.table}
        </Text>
      )}
      <Table.ScrollContainer minWidth={300}>
        <Table withTableBorder aria-labelledby="installments-label" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`${I}.count`)}</Table.Th>
              <Table.Th>{t(`${I}.commission`)}</Table.Th>
              <Table.Th>{t(`${I}.preselected`)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, i) => {
              const count = i + 1
              const countLabel = count === 1 ? t(`${I}.single`) : t(`${I}.countLabel`, { count })
              return (
                <Table.Tr key={count} data-testid="installment-row" data-count={count}>
                  <Table.Td>
                    <Checkbox
                      label={countLabel}
                      checked={row.offered}
                      onChange={(event) => set(i, { offered: event.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      w={96}
                      inputMode="decimal"
                      aria-label={t(`${I}.commissionOf`, { count: countLabel })}
                      placeholder={row.offered ? example : undefined}
                      rightSection="%"
                      disabled={!row.offered}
                      value={row.commission}
                      error={errors.rows[count]}
                      onChange={(event) => set(i, { commission: event.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Radio
                      aria-label={t(`${I}.preselectedOf`, { count: countLabel })}
                      name="installment-default"
                      checked={row.isDefault}
                      disabled={!row.offered}
                      onChange={() => set(i, { isDefault: true })}
                    />
                  </Table.Td>
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  )
}
