// What the bench's three modes (run.mjs's scenarios, soak.mjs, processes.mjs) share in reading their
// command line: whole numbers within bounds, comma lists, and the usage/help/exit-code protocol.

/**
 * A whole number from min to max (underscores allowed: 100_000), or an error naming the option.
 * @param {string} name
 * @param {string | number} value
 * @param {number} min
 * @param {number} max
 */
export function wholeNumber(name, value, min, max) {
  const n = Number(String(value).replace(/_/g, ''))
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`)
  return n
}

/**
 * `a, b,,c` → ['a', 'b', 'c']; undefined stays undefined (the option was not given).
 * @param {string | undefined} text
 */
export function commaList(text) {
  return text
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * The scenarios whose id starts with one of the filters (all of them without filters).
 * @template {{ id: string }} S
 * @param {S[]} scenarios
 * @param {string[] | undefined} filters
 */
export function scenariosMatching(scenarios, filters) {
  return filters ? scenarios.filter((s) => filters.some((f) => s.id.startsWith(f))) : scenarios
}

/**
 * Parses a mode's options: `{ options }` to go on with, or `{ exitCode }` when it must stop — 2 after
 * printing the error and the usage, 0 after printing the usage for --help.
 * @template {{ help: boolean }} O
 * @param {(argv: string[]) => O} parse
 * @param {string[]} argv
 * @param {string} usage
 * @returns {{ options: O, exitCode?: undefined } | { options?: undefined, exitCode: number }}
 */
export function readOptions(parse, argv, usage) {
  let options
  try {
    options = parse(argv)
  } catch (err) {
    console.error(`${err instanceof Error ? err.message : err}\n${usage}`)
    return { exitCode: 2 }
  }
  if (options.help) {
    console.log(usage)
    return { exitCode: 0 }
  }
  return { options }
}

/**
 * Node's own flags for the server, given as one string. Only flags: a value that is not one would
 * be taken by node as the script to run.
 * @param {string | undefined} text
 * @returns {string[]}
 */
export function nodeFlags(text) {
  const flags = (text ?? '').split(/\s+/).filter(Boolean)
  const odd = flags.find((flag) => !/^--[a-z0-9][a-z0-9-]*(=\S+)?$/i.test(flag))
  if (odd) throw new Error(`--node-flags takes flags such as --max-semi-space-size=32, not '${odd}'`)
  return flags
}
