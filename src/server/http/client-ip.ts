import ipaddr from 'ipaddr.js'

/** `[v6]` or `[v6]:port`, as some proxies and URLs write an IPv6 address. */
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/
/** `a.b.c.d:port`, as some proxies append the client's address. */
const V4_WITH_PORT = /^([^:]*\.[^:]*):\d{1,5}$/

/**
 * The key every limit counts a client IP under (the login throttle, request limits per IP): one
 * string per client, whichever way its address was written.
 * - An IPv4 address in any spelling ipaddr.js reads (`127.0.0.1`, `127.000.000.001`, `2130706433`,
 *   and IPv4-mapped IPv6: `::ffff:127.0.0.1`, `::ffff:7f00:1`, `0:0:0:0:0:ffff:7f00:1`) becomes its
 *   dotted form, `127.0.0.1`. A leading zero is read as octal (`010` is 8), as inet_aton reads it.
 * - An IPv6 address becomes its /64, `2001:db8:1:2::/64`: one subscriber gets a whole /64 and picks
 *   new addresses in it at will (privacy addresses), so a single address would be a fresh key per try.
 *   A zone (`%eth0`) is dropped.
 * - Brackets and a port (`[::1]:443`, `1.2.3.4:5678`) are dropped: a port changes with every
 *   connection, so it must not be part of the key.
 * - Anything else is keyed as it is, trimmed (never an error: the limit still counts it).
 */
export function clientIpKey(ip: string | undefined | null): string {
  const text = (ip ?? '').trim()
  const address = parse(text)
  if (!address) return text
  if (address.kind() === 'ipv4') return address.toString()
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4)
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`
}

/** The address in `text`, IPv4-mapped IPv6 as IPv4; null when it is not one. */
function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = BRACKETED.exec(text)?.[1] ?? V4_WITH_PORT.exec(text)?.[1] ?? text
  if (!ipaddr.isValid(bare)) return null
  try {
    return ipaddr.process(bare)
  } catch {
    return null
  }
}
