import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { type BulletinCurrency, bulletinDay, RATE_FIELDS } from '../../../domain/exchange-rates'

/** A bulletin as read from today.xml: its day and its currencies' quotes as written. */
export type Bulletin = { bulletinDate: string; bulletinNo: string | null; currencies: BulletinCurrency[] }

/** What a file that is not a readable bulletin throws: the fetch reports it, the rates stay. */
export class BulletinFormatError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'BulletinFormatError'
  }
}

// Every value as text: the rates go to big.js as written ("42.4102"), never through a float; entities
// are not expanded (the file needs none, and a hostile one gains nothing).
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  trimValues: true,
  isArray: (name) => name === 'Currency',
})

const CODE = /^[A-Z]{3}$/

/**
 * today.xml → the bulletin: root Tarih_Date (Tarih "27.11.2026", Bulten_No), one Currency element per
 * currency (CurrencyCode, Unit, the four rates, some empty). A currency without a code or unit is
 * skipped; a file without a date or without one currency is refused.
 */
export function parseBulletin(xml: string): Bulletin {
  if (XMLValidator.validate(xml) !== true) throw new BulletinFormatError('not well-formed XML')
  const doc = parser.parse(xml) as Record<string, unknown>
  const root = doc.Tarih_Date
  if (!isRecord(root)) throw new BulletinFormatError('no Tarih_Date element')
  const day = bulletinDay(text(root['@Tarih']) ?? '')
  if (!day) throw new BulletinFormatError('no valid Tarih attribute')
  const list = Array.isArray(root.Currency) ? root.Currency : []
  const currencies = list.flatMap((item): BulletinCurrency[] => {
    if (!isRecord(item)) return []
    const code = text(item['@CurrencyCode'])?.toUpperCase() ?? ''
    const unit = text(item.Unit)
    if (!CODE.test(code) || !unit) return []
    const rates = Object.fromEntries(
      RATE_FIELDS.map((field) => [field, text(item[field])]),
    ) as BulletinCurrency['rates']
    return [{ code, unit, rates }]
  })
  if (currencies.length === 0) throw new BulletinFormatError('no Currency element')
  return { bulletinDate: day, bulletinNo: text(root['@Bulten_No']), currencies }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** An element's or attribute's text; empty elements (`<BanknoteBuying/>`) read as null. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (typeof value === 'number') return String(value)
  if (isRecord(value) && typeof value['#text'] === 'string') return text(value['#text'])
  return null
}
