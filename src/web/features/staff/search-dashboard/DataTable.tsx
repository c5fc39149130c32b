import { Table, type TableProps } from '@mantine/core'
import type { ReactNode } from 'react'
import classes from './DataTable.module.css'

/** A column: its heading and what a row shows in it (the row's place, from 0, for a rank). */
export interface Column<T> {
  title: string
  cell: (row: T, index: number) => ReactNode
  align?: 'right'
}

const wrapAnywhere = { overflowWrap: 'anywhere' } as const

/**
 * The dashboard's tables, its details and its results: a heading row and one row per item. Text may
 * wrap anywhere, so a long word never pushes the table past a phone's width.
 */
export function DataTable<T>({
  columns,
  rows,
  rowTestId,
  ...table
}: { columns: Column<T>[]; rows: T[]; rowTestId?: string } & TableProps) {
  return (
    <Table verticalSpacing={6} horizontalSpacing={8} {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.title} ta={column.align}>
              {column.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows are ranked or listed, with no key of their own
          <Table.Tr key={index} data-testid={rowTestId}>
            {columns.map((column) => (
              <Table.Td key={column.title} ta={column.align} style={wrapAnywhere}>
                {column.cell(row, index)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** 'dd.MM.yyyy HH:mm' on one line; on a phone it may break between the day and the time only. */
export function SearchDate({ value }: { value: string }) {
  const [day, time] = value.split(' ')
  return (
    <span className={classes.date}>
      <span>{day}</span> <span>{time}</span>
    </span>
  )
}

/** The columns' headings of the dashboard (searchDashboard.columns.*). */
export type ColumnKey = 'rank' | 'word' | 'user' | 'count' | 'date' | 'lastDate'
