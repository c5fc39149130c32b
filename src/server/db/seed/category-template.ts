/**
 * The demo category tree and how product names are composed in each leaf. A name is a noun followed by
 * one pick from each part list ('' means "leave this part out"): "Çelik Somun M12 DIN 934".
 * Lists are written as '|'-separated strings to keep the data readable.
 */

export type NameTemplate = {
  nouns: string[]
  parts: string[][]
  /** Sale price range in TRY for names from this template; the leaf's range when absent. */
  price?: [number, number]
}

/** Which extra units a leaf's products may carry (besides 'Adet'). */
export type UnitKind = 'small' | 'pack' | 'bulk'

export type LeafDef = {
  name: string
  /** Default sale price range in TRY, before conversion into the product's currency. */
  price: [number, number]
  units: UnitKind
  templates: NameTemplate[]
}

export type RootDef = { name: string; prefix: string; leaves: LeafDef[] }

export const t = (nouns: string, ...parts: string[]): NameTemplate => ({
  nouns: nouns.split('|'),
  parts: parts.map((p) => p.split('|')),
})

/** A template with its own price range: "Lokma Takımı" costs more than "Kombine Anahtar". */
export const tp = (price: [number, number], nouns: string, ...parts: string[]): NameTemplate => ({
  ...t(nouns, ...parts),
  price,
})

export const leaf = (
  name: string,
  price: [number, number],
  units: UnitKind,
  ...templates: NameTemplate[]
): LeafDef => ({
  name,
  price,
  units,
  templates,
})
