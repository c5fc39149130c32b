import type { RowOutcome } from '../../../domain/bulk-upsert'
import { AppError } from '../../http/errors'
import type { MessageKey } from '../../http/messages'

/** How the back office's catalogue forms are refused: the ERP writers' row errors, under their fields. */

const FIELD_MESSAGES: Partial<Record<string, MessageKey>> = {
  unknown_reference: 'sync.row.unknownReference',
  conflict: 'sync.row.conflict',
  cycle: 'sync.row.cycle',
  invalid: 'sync.row.invalid',
  required: 'sync.row.required',
}

/** A rejected row as the form shows it: a message under each field named (400). */
export function refused(outcome: RowOutcome, renamed: Record<string, string> = {}): AppError {
  const errors = outcome.status === 'rejected' ? outcome.errors : []
  const fields = Object.fromEntries(
    errors.map((e) => [
      renamed[e.field] ?? e.field,
      { key: FIELD_MESSAGES[e.code] ?? 'sync.row.invalid', params: { field: e.field, value: e.value ?? '' } },
    ]),
  )
  return new AppError('validation', 'error.validation', undefined, 'validation', fields)
}

/** A code another record already has (409, under the code field). */
export const codeTaken = (code: string) =>
  new AppError('conflict', 'error.validation', undefined, 'code_taken', {
    code: { key: 'sync.row.conflict', params: { field: 'code', value: code } },
  })
