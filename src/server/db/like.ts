/** A text matched literally inside a LIKE pattern: its `\\`, `%` and `_` escaped (PostgreSQL's default escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`)
}
