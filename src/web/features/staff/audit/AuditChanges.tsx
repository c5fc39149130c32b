import { List, Text } from '@mantine/core'
import type { AuditRow } from '../../../../contracts/audit'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { changeLine, type ValueFormats } from './audit-text'

const A = 'staffAudit'

/**
 * Days and amounts in the reader's language, a recorded amount in TRY (bank transfers, risk limits);
 * a payment plan by its name.
 */
export function useValueFormats(): ValueFormats {
  const dates = useDates()
  const { locale, bootstrap } = useSession()
  return {
    day: (isoDay) => dates.day(isoDay),
    amount: (decimal) => formatMoney({ value: Number(decimal), currency: 'TRY' }, locale),
    // A plan the store no longer has is named by its number.
    paymentPlan: (id) => bootstrap.paymentPlans.find((plan) => plan.id === id)?.name ?? `#${id}`,
  }
}

/**
 * The fields one recorded change changed, a line each ("Durum: Yeni → Hazırlanıyor"), as the audit
 * screen and a record's own history both show them.
 */
export function AuditChanges({ row }: { row: Pick<AuditRow, 'entity' | 'changes'> }) {
  const { t } = useTranslation()
  const formats = useValueFormats()
  if (row.changes.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t(`${A}.noChanges`)}
      </Text>
    )
  }
  return (
    <List size="sm" spacing={2} listStyleType="none" m={0} p={0}>
      {row.changes.map((change) => (
        <List.Item key={change.field} style={{ overflowWrap: 'anywhere' }}>
          {changeLine(t, formats, row, change)}
        </List.Item>
      ))}
    </List>
  )
}
