import { wallClockAsUtc } from '../../../../domain/date-format'

/*
 * A campaign's start and end as a datetime-local field holds them: the store's wall clock
 * ('2026-03-12T09:00'), whatever zone the browser is in, and sent back as that moment with the
 * store's offset ('2026-03-12T09:00:00+03:00').
 */

const MINUTE = 60_000
const FIELD = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/
const two = (n: number) => String(n).padStart(2, '0')

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const minute = Math.floor(epochMs / MINUTE) * MINUTE
  return Math.round((wallClockAsUtc(minute, timeZone)!.getTime() - minute) / MINUTE)
}

function fieldText(wall: Date): string {
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`
}

/** What the field shows for a stored moment: the store's wall clock; '' for none. */
export function fieldOfInstant(at: string | null, timeZone: string): string {
  if (!at) return ''
  const wall = wallClockAsUtc(at, timeZone)
  return wall ? fieldText(wall) : ''
}

/**
 * The moment a field's wall-clock text names in the store's zone, as ISO with the offset; null for
 * an empty field, undefined for text that is not a date and time.
 */
export function instantOfField(text: string, timeZone: string): string | null | undefined {
  if (text.trim() === '') return null
  const match = FIELD.exec(text.trim())
  if (!match) return undefined
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number]
  const asUtc = Date.UTC(y, mo - 1, d, h, mi)
  if (Number.isNaN(asUtc)) return undefined
  // The offsets just before and after the wall time: the same but for a clock change around it. The
  // moment whose wall clock reads the text wins (the first, where a clock going back repeats it); a
  // wall time the change skips is read as the moment just after the change, as a browser does.
  const offsets = [offsetMinutes(asUtc - 86_400_000, timeZone), offsetMinutes(asUtc + 86_400_000, timeZone)]
  const candidates = offsets.map((offset) => asUtc - offset * MINUTE).sort((a, b) => a - b)
  const wallOf = (epoch: number) => epoch + offsetMinutes(epoch, timeZone) * MINUTE
  const epoch = candidates.find((c) => wallOf(c) === asUtc) ?? candidates[candidates.length - 1]!
  const offset = offsetMinutes(epoch, timeZone)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${fieldText(new Date(wallOf(epoch)))}:00${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}
