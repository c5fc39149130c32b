import fc from 'fast-check'
import { z } from 'zod'
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, HOSTILE_VALUES } from './hostile'

/**
 * Arbitraries derived from a route's own Zod schema: the schema goes through z.toJSONSchema (its input
 * side) and every node becomes a fast-check arbitrary of mostly valid-shaped values, sometimes the
 * node's boundary values (max, max + 1, the longest string and one longer) and sometimes a hostile
 * value from the corpus, so one generated object mixes valid fields with one broken field.
 */

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  propertyNames?: JsonSchema
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  enum?: unknown[]
  const?: unknown
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  $ref?: string
  $defs?: Record<string, JsonSchema>
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
  default?: unknown
}

/** Values people and shops write: fixture logins, dates, codes, so a valid-shaped input gets far. */
const PLAUSIBLE_STRINGS = [
  'bayi@toptan.test',
  'Bayi1234!',
  'yonetici@toptan.test',
  '2026-01-15',
  'tr',
  'en',
  'vida',
  'Matkap 18V',
  'P-0001',
  '1',
  '10',
]

export function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined
  if (!(schema instanceof z.ZodType)) return schema as JsonSchema
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

const hostileLeaf = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_VALUES),
)

/** Mostly `valid`, one in eight a boundary value, one in ten a hostile one. */
function mix(valid: fc.Arbitrary<unknown>, boundaries: unknown[] = []): fc.Arbitrary<unknown> {
  const parts: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: valid, weight: 14 },
    { arbitrary: hostileLeaf, weight: 2 },
  ]
  if (boundaries.length > 0) parts.push({ arbitrary: fc.constantFrom(...boundaries), weight: 2 })
  return fc.oneof(...parts)
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  const max = s.maxLength ?? 60
  const min = s.minLength ?? 0
  const cap = Math.min(max, 60)
  let valid: fc.Arbitrary<string> = fc.string({
    minLength: Math.min(min, cap),
    maxLength: cap,
    unit: 'grapheme',
  })
  if (s.format === 'email') valid = fc.emailAddress().filter((e) => e.length <= max)
  else if (s.pattern) {
    try {
      valid = fc.stringMatching(new RegExp(s.pattern, 'u')).filter((v) => v.length <= max && v.length >= min)
    } catch {
      // A pattern fast-check cannot generate from (\p{…} classes): plain strings, checked by the route.
    }
  }
  const withPlausible = fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS), weight: 1 },
  )
  const boundaries = ['x'.repeat(max), 'x'.repeat(max + 1), 'x'.repeat(Math.max(min - 1, 0))]
  return mix(withPlausible, boundaries)
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const lowest = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-9) : s.minimum
  const highest = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-9) : s.maximum
  const min = Math.max(lowest ?? -1_000_000, Number.MIN_SAFE_INTEGER)
  const max = Math.min(highest ?? 1_000_000, Number.MAX_SAFE_INTEGER)
  const valid = integer
    ? fc.oneof(fc.integer({ min, max: Math.min(max, min + 50) }), fc.integer({ min, max }))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
  const edges = [min, max, min - 1, max + 1, 0, -1, 2147483647, 2147483648]
  return mix(valid, edges)
}

function objectArbitrary(s: JsonSchema, root: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const props = s.properties ?? {}
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, prop] of Object.entries(props)) model[key] = schemaArbitrary(prop, root, depth + 1)
  const record = fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) })
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const keys = s.propertyNames
      ? schemaArbitrary(s.propertyNames, root, depth + 1)
      : fc.string({ maxLength: 12 })
    const extra = fc.dictionary(
      keys.map((k) => String(k)),
      schemaArbitrary(s.additionalProperties, root, depth + 1),
      { maxKeys: 3 },
    )
    return fc.tuple(record, extra).map(([a, b]) => ({ ...b, ...a }))
  }
  return record
}

/** An arbitrary for one JSON-schema node (depth-limited: recursive schemas end in null). */
export function schemaArbitrary(
  s: JsonSchema | boolean | undefined,
  root: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null)
  if (s === undefined || s === true || (typeof s === 'object' && Object.keys(s).length === 0)) {
    return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null))
  }
  if (s === false) return hostileLeaf
  if (s.$ref) {
    const name = s.$ref.replace(/^#\/\$defs\//, '')
    const target = s.$ref === '#' ? root : root.$defs?.[name]
    return schemaArbitrary(target, root, depth + 1)
  }
  if (s.const !== undefined) return mix(fc.constant(s.const))
  if (s.enum) return mix(fc.constantFrom(...s.enum))
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives) return fc.oneof(...alternatives.map((a) => schemaArbitrary(a, root, depth + 1)))
  if (s.allOf?.[0]) return schemaArbitrary(s.allOf[0], root, depth + 1)
  if (Array.isArray(s.type))
    return fc.oneof(...s.type.map((type) => schemaArbitrary({ ...s, type }, root, depth)))
  switch (s.type) {
    case 'string':
      return stringArbitrary(s)
    case 'integer':
      return numberArbitrary(s, true)
    case 'number':
      return numberArbitrary(s, false)
    case 'boolean':
      return mix(fc.boolean())
    case 'null':
      return fc.constant(null)
    case 'array':
      return mix(
        fc.array(schemaArbitrary(s.items, root, depth + 1), {
          minLength: Math.min(s.minItems ?? 0, 5),
          maxLength: Math.min(s.maxItems ?? 5, 5),
        }),
        [Array.from({ length: (s.maxItems ?? 100) + 1 }, () => 1)],
      )
    case 'object':
      return objectArbitrary(s, root, depth)
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null))
  }
}

/** The arbitrary of a route's schema part (params, querystring, body), or undefined when it has none. */
export function arbitraryFor(schema: unknown): fc.Arbitrary<unknown> | undefined {
  const json = toJsonSchema(schema)
  return json ? schemaArbitrary(json, json) : undefined
}
