import { HoverCard, Text, UnstyledButton } from '@mantine/core'
import { type Column, DataTable } from './DataTable'
import classes from './DetailHoverCard.module.css'

/**
 * A table row's detail (spec/2 §2: "hovering shows …") on a button: it opens when the pointer rests
 * on it, when it takes the keyboard focus, and when a finger taps it; Escape or a press elsewhere
 * closes it. The detail describes the button (a tooltip), so a screen reader reads it on focus.
 */
export function DetailHoverCard<T>({
  label,
  title,
  rows,
  columns,
  testId,
}: {
  /** What the button shows: the word or the user of the row. */
  label: string
  title: string
  rows: T[]
  columns: Column<T>[]
  testId: string
}) {
  return (
    <HoverCard
      width={300}
      shadow="md"
      withArrow
      position="bottom-start"
      openDelay={80}
      closeDelay={150}
      events={{ hover: true, focus: true, touch: true }}
      role="tooltip"
    >
      <HoverCard.Target>
        <UnstyledButton className={classes.target} data-testid={`${testId}-target`}>
          {label}
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown data-testid={testId}>
        <Text size="sm" fw={600} mb={6}>
          {title}
        </Text>
        <DataTable
          verticalSpacing={4}
          horizontalSpacing={6}
          withRowBorders={false}
          rows={rows}
          columns={columns}
        />
      </HoverCard.Dropdown>
    </HoverCard>
  )
}
