/**
 * A name as written just before a sentence's full stop: a name that already ends with an
 * abbreviation's period ("Toptan Dağıtım A.Ş.", "Ltd.") keeps that one period as the full stop, so
 * "A.Ş.." is never written. Trailing spaces go too; any other ending is left as it is.
 */
export function beforeFullStop(name: string): string {
  return name.trimEnd().replace(/\.$/, '')
}
