import { Paper, Stack, Text, Title } from '@mantine/core'
import { type Column, DataTable } from './DataTable'

/**
 * One of the dashboard's ranked tables in its own panel: the heading, an optional line under it, then
 * the rows numbered from 1 (or the empty text).
 */
export function RankTable<T>({
  title,
  hint,
  rankTitle,
  rows,
  columns,
  empty,
  testId,
}: {
  title: string
  hint?: string
  /** The heading of the rank column. */
  rankTitle: string
  rows: T[]
  columns: Column<T>[]
  empty: string
  testId: string
}) {
  const headingId = `${testId}-heading`
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed" py="md" ta="center" data-testid={`${testId}-empty`}>
            {empty}
          </Text>
        ) : (
          <DataTable
            striped
            aria-labelledby={headingId}
            data-testid={testId}
            rowTestId={`${testId}-row`}
            rows={rows}
            columns={[{ title: rankTitle, cell: (_row, index) => index + 1 }, ...columns]}
          />
        )}
      </Stack>
    </Paper>
  )
}
