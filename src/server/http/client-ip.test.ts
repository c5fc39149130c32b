import { describe, expect, it } from 'vitest'
import { clientIpKey } from './client-ip'

describe('clientIpKey: one key per client, however its address is written', () => {
  it.each([
    // One IPv4 address in the spellings a socket, a proxy or a client may send.
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:127.0.0.1', '127.0.0.1'],
    ['::ffff:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['0:0:0:0:0:ffff:127.0.0.1', '127.0.0.1'],
    ['0000:0000:0000:0000:0000:ffff:7f00:0001', '127.0.0.1'],
    ['127.000.000.001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['::127.0.0.1', '127.0.0.1'],
    ['  127.0.0.1\t', '127.0.0.1'],
    ['127.0.0.1:51234', '127.0.0.1'],
    ['[::ffff:127.0.0.1]', '127.0.0.1'],
    ['[::ffff:127.0.0.1]:443', '127.0.0.1'],
    // A leading zero is octal, as inet_aton reads it: another address.
    ['010.0.0.1', '8.0.0.1'],
    ['203.0.113.7', '203.0.113.7'],
    // IPv6: the /64, in its compressed lower-case form.
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::3]:8443', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::', '2001:db8::/64'],
    ['fe80::1%eth0', 'fe80::/64'],
    ['::1', '::/64'],
    ['::', '::/64'],
    // Not mapped (::ffff:0:0:0/96 is another range): an IPv6 address.
    ['::ffff:0:7f00:1', '::/64'],
    // Not an address: kept as it is, trimmed.
    ['unknown', 'unknown'],
    [' not an ip ', 'not an ip'],
    ['1.2.3.4.5', '1.2.3.4.5'],
    ['256.0.0.1', '256.0.0.1'],
    ['1:2', '1:2'],
    ['1.2.3.4:99999999', '1.2.3.4:99999999'],
    ['[garbage]', '[garbage]'],
    ['2001:db8::/64', '2001:db8::/64'],
    ['', ''],
  ])('%j → %j', (ip, key) => {
    expect(clientIpKey(ip)).toBe(key)
  })

  it('answers an empty key for no address at all, never throws', () => {
    expect(clientIpKey(undefined)).toBe('')
    expect(clientIpKey(null)).toBe('')
    expect(clientIpKey('x'.repeat(10_000))).toHaveLength(10_000)
  })
})
