import type { Locale } from '../../../../contracts/common'

const formats = { tr: new Intl.NumberFormat('tr-TR'), en: new Intl.NumberFormat('en-US') }

/** A whole number with the language's digit grouping: 12.500 (tr), 12,500 (en). */
export const countText = (value: number, locale: Locale) => formats[locale].format(value)
