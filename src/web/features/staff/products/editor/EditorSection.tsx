import { Paper, Stack, Text, Title } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { type ReactNode, useId } from 'react'
import type { ProductFormValues } from './product-form'

export type ProductForm = UseFormReturnType<ProductFormValues>

/** A hint under its field, so the fields of a row line up whether they have one or not. */
export const BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
]

/** What every section of the editor gets: the form, and whether the user may change it. */
export interface SectionProps {
  form: ProductForm
  readOnly: boolean
}

/** One section of the editor: a titled, bordered part of the page, named by its title. */
export function EditorSection({
  title,
  hint,
  children,
  testId,
}: {
  title: string
  hint?: string
  children: (titleId: string) => ReactNode
  testId?: string
}) {
  const titleId = useId()
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {hint && (
            <Text size="sm" c="gray.7">
              {hint}
            </Text>
          )}
        </Stack>
        {children(titleId)}
      </Stack>
    </Paper>
  )
}
