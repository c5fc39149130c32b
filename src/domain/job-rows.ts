/**
 * A CSV record of a job (every value text) turned into the row the resource's schema reads: an empty
 * cell is a field left out, whole-number fields become numbers, yes/no fields booleans, and list
 * fields are split on `|`. Decimals stay text (the schemas read dot-decimal text); a value that does
 * not fit is left as it is, for the row's schema to reject with the field's name.
 */
const NUMBER_FIELDS = new Set([
  'quantity',
  'multiplier',
  'sortOrder',
  'rowCount',
  'warrantyMonths',
  'paymentTermDays',
])
const BOOLEAN_FIELDS = new Set(['isActive', 'isDefault'])
const LIST_FIELDS = new Set([
  'equivalentCodes',
  'planPrices',
  'productCodes',
  'variantDimensions',
  'variantValues',
])

const TRUE = new Set(['true', '1', 'evet', 'yes', 'e', 'y'])
const FALSE = new Set(['false', '0', 'hayır', 'hayir', 'no', 'h', 'n'])

export function csvRecordToRow(
  record: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const row: Record<string, unknown> = {}
  for (const [field, raw] of Object.entries(record)) {
    const text = raw?.trim() ?? ''
    if (text === '' || field === '') continue
    if (NUMBER_FIELDS.has(field)) row[field] = /^-?\d{1,15}$/.test(text) ? Number(text) : text
    else if (BOOLEAN_FIELDS.has(field)) {
      const word = text.toLocaleLowerCase('tr')
      row[field] = TRUE.has(word) ? true : FALSE.has(word) ? false : text
    } else if (LIST_FIELDS.has(field)) {
      const parts = text.split('|').map((p) => p.trim())
      row[field] =
        field === 'planPrices' ? parts.map((p) => (p === '' ? null : p)) : parts.filter((p) => p !== '')
    } else row[field] = text
  }
  return row
}
