import { Badge, Checkbox, Table, Text, VisuallyHidden } from '@mantine/core'
import type { Statement, StatementEntry } from '../../../contracts/ledger'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { formatDay, tl, tlOrDash } from './statement-format'

/** A debit still open can be chosen for payment. */
export const isPayable = (entry: StatementEntry) => entry.debit > 0 && entry.open > 0

/**
 * What the table (desktop) and the cards (phone) show and do; the page holds the selection. Without
 * `onToggle` nothing is chosen (staff read a company's statement; only its dealer pays from it).
 */
export interface StatementListProps {
  statement: Statement
  chosen?: ReadonlySet<number>
  onToggle?: (entry: StatementEntry) => void
}

const NOTHING_CHOSEN: ReadonlySet<number> = new Set()

/** A debit still open gets a checkbox named after its document, so a screen reader says what it ticks. */
export function PickItem({
  entry,
  chosen,
  onToggle,
}: { entry: StatementEntry } & Omit<StatementListProps, 'statement'>) {
  const { t } = useTranslation()
  if (!onToggle || !chosen || !isPayable(entry)) return null
  return (
    <Checkbox
      checked={chosen.has(entry.id)}
      onChange={() => onToggle(entry)}
      aria-label={t('statement.pick', { documentNo: entry.documentNo })}
      data-testid="statement-pick"
    />
  )
}

export function OverdueBadge() {
  const { t } = useTranslation()
  return (
    // Never narrower than its words: a badge's label may shrink, and on a narrower page (beside the
    // staff menu) the column then left it running into the amounts beside it.
    <Badge color="red" variant="light" size="sm" style={{ minWidth: 'max-content' }}>
      {t('statement.overdueBadge')}
    </Badge>
  )
}

const num = { ta: 'right', style: { whiteSpace: 'nowrap' } } as const

/**
 * Desktop: the opening balance, one row per entry with its running balance and what is left of it,
 * and the totals of the range below.
 */
export function StatementTable({ statement, chosen = NOTHING_CHOSEN, onToggle }: StatementListProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const picking = onToggle !== undefined
  return (
    <Table.ScrollContainer minWidth={1000} type="native">
      <Table
        verticalSpacing="xs"
        highlightOnHover
        aria-label={t('statement.list')}
        data-testid="statement-table"
      >
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            {picking && (
              <Table.Th w={40}>
                <VisuallyHidden>{t('statement.columns.pick')}</VisuallyHidden>
              </Table.Th>
            )}
            <Table.Th>{t('statement.columns.date')}</Table.Th>
            <Table.Th>{t('statement.columns.documentNo')}</Table.Th>
            <Table.Th>{t('statement.columns.kind')}</Table.Th>
            <Table.Th>{t('statement.columns.description')}</Table.Th>
            <Table.Th>{t('statement.columns.dueDate')}</Table.Th>
            <Table.Th ta="right">{t('statement.columns.debit')}</Table.Th>
            <Table.Th ta="right">{t('statement.columns.credit')}</Table.Th>
            <Table.Th ta="right">{t('statement.columns.balance')}</Table.Th>
            <Table.Th ta="right">{t('statement.columns.open')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr data-testid="statement-opening">
            {picking && <Table.Td />}
            <Table.Td>{formatDay(statement.from, locale)}</Table.Td>
            <Table.Td colSpan={6}>
              <Text size="sm" fw={500}>
                {t('statement.opening')}
              </Text>
            </Table.Td>
            <Table.Td {...num}>{tl(statement.openingBalance, locale)}</Table.Td>
            <Table.Td />
          </Table.Tr>
          {statement.entries.map((entry) => (
            <Table.Tr
              key={entry.id}
              data-testid="statement-row"
              data-entry-id={entry.id}
              bg={chosen.has(entry.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {picking && (
                <Table.Td>
                  <PickItem entry={entry} chosen={chosen} onToggle={onToggle} />
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(entry.date, locale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.documentNo}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(`statement.kind.${entry.kind}`)}</Table.Td>
              <Table.Td maw={260} style={{ overflowWrap: 'anywhere' }}>
                {entry.description || '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDay(entry.dueDate, locale)}
                {entry.overdue && (
                  <>
                    {' '}
                    <OverdueBadge />
                  </>
                )}
              </Table.Td>
              <Table.Td {...num}>{tlOrDash(entry.debit, locale)}</Table.Td>
              <Table.Td {...num}>{tlOrDash(entry.credit, locale)}</Table.Td>
              <Table.Td {...num}>{tl(entry.balance, locale)}</Table.Td>
              <Table.Td {...num} fw={entry.open > 0 ? 600 : undefined} data-testid="statement-open">
                {tlOrDash(entry.open, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-testid="statement-totals">
            {picking && <Table.Td />}
            <Table.Th colSpan={5} scope="row">
              {t('statement.totals')}
            </Table.Th>
            <Table.Td {...num} fw={700}>
              {tl(statement.totals.debit, locale)}
            </Table.Td>
            <Table.Td {...num} fw={700}>
              {tl(statement.totals.credit, locale)}
            </Table.Td>
            <Table.Td {...num} fw={700}>
              {tl(statement.closingBalance, locale)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  )
}
