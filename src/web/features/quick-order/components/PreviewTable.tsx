import { Table, VisuallyHidden } from '@mantine/core'
import { memo } from 'react'
import { useTranslation } from '../../../i18n/use-translation'
import { isReady, type Row } from '../quick-order-rows'
import {
  LineProblems,
  LineStatus,
  PastedText,
  PricePart,
  ProductPart,
  QuantityPart,
  RemovePart,
  UnitPart,
  useLineFocus,
} from './LineParts'

export interface PreviewLinesProps {
  rows: Row[]
  onEdit: (key: number, edit: { code?: string; quantity?: number | null; unitId?: number }) => void
  onRemove: (key: number) => void
}

const COLUMNS = 8
const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const

/** One line: its cells, and under them, across the table, what keeps it out of the cart and its fixes. */
const TableLine = memo(function TableLine({
  row,
  onEdit,
  onRemove,
}: { row: Row } & Omit<PreviewLinesProps, 'rows'>) {
  const focus = useLineFocus(row)
  const state = row.checking !== null ? 'checking' : isReady(row) ? 'ready' : 'problem'
  const problems = <LineProblems row={row} onEdit={onEdit} />
  const hasProblems = state === 'problem' || row.failed !== null || row.refused !== null
  const lineProps = {
    onFocus: focus.onFocus,
    onBlur: focus.onBlur,
    'data-line': row.line,
    'data-state': state,
  }
  return (
    <>
      <Table.Tr
        {...lineProps}
        data-testid="quick-order-line"
        style={hasProblems ? { borderBottom: 0 } : undefined}
        bg={state === 'problem' ? 'var(--mantine-color-red-0)' : undefined}
      >
        <Table.Td>
          <LineStatus row={row} />
        </Table.Td>
        <Table.Td maw={200}>
          <PastedText row={row} />
        </Table.Td>
        <Table.Td miw={220}>
          <ProductPart row={row} onEdit={onEdit} />
        </Table.Td>
        <Table.Td>
          <UnitPart row={row} onEdit={onEdit} />
        </Table.Td>
        <Table.Td>
          <QuantityPart row={row} onEdit={onEdit} inputRef={focus.quantity} />
        </Table.Td>
        <Table.Td ta="right" style={numeric} data-testid="line-unit-price">
          <PricePart row={row} value="unitPrice" />
        </Table.Td>
        <Table.Td ta="right" fw={600} style={numeric} data-testid="line-amount">
          <PricePart row={row} value="amount" />
        </Table.Td>
        <Table.Td>
          <RemovePart row={row} onRemove={onRemove} />
        </Table.Td>
      </Table.Tr>
      {hasProblems && (
        <Table.Tr {...lineProps} bg={state === 'problem' ? 'var(--mantine-color-red-0)' : undefined}>
          <Table.Td />
          <Table.Td colSpan={COLUMNS - 1} pt={0}>
            {problems}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
})

/** Desktop: the preview as a table, a line's problems and fixes in a row of their own under it. */
export function PreviewTable({ rows, onEdit, onRemove }: PreviewLinesProps) {
  const { t } = useTranslation()
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table verticalSpacing="xs" aria-label={t('quickOrder.table')} data-testid="quick-order-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th w={70}>{t('quickOrder.columns.line')}</Table.Th>
            <Table.Th>{t('quickOrder.columns.pasted')}</Table.Th>
            <Table.Th>{t('quickOrder.columns.product')}</Table.Th>
            <Table.Th>{t('quickOrder.columns.unit')}</Table.Th>
            <Table.Th>{t('quickOrder.columns.quantity')}</Table.Th>
            <Table.Th ta="right">{t('quickOrder.columns.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('quickOrder.columns.amount')}</Table.Th>
            <Table.Th w={50}>
              <VisuallyHidden>{t('quickOrder.columns.remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <TableLine key={row.key} row={row} onEdit={onEdit} onRemove={onRemove} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
