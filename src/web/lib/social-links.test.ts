import { describe, expect, it } from 'vitest'
import { parseSocialLinks } from './social-links'

describe('parseSocialLinks', () => {
  it.each([
    [null, []],
    ['', []],
    [
      '1,https://facebook.com/acme|1,https://instagram.com/acme|1,https://twitter.com/acme|1,https://youtube.com/acme|1,https://pinterest.com/acme',
      [
        { network: 'facebook', url: 'https://facebook.com/acme' },
        { network: 'instagram', url: 'https://instagram.com/acme' },
        { network: 'twitter', url: 'https://twitter.com/acme' },
        { network: 'youtube', url: 'https://youtube.com/acme' },
        { network: 'pinterest', url: 'https://pinterest.com/acme' },
      ],
    ],
    // A first character '0' hides the entry; the URL is everything after the first two characters.
    [
      '0,https://facebook.com/acme|1-https://instagram.com/acme|0|1:http://youtube.com/acme|',
      [
        { network: 'instagram', url: 'https://instagram.com/acme' },
        { network: 'youtube', url: 'http://youtube.com/acme' },
      ],
    ],
    // Empty entries keep their position.
    ['||1 https://twitter.com/acme', [{ network: 'twitter', url: 'https://twitter.com/acme' }]],
    // Whitespace around entries is ignored.
    [
      ' 1,https://facebook.com/acme | 0,https://instagram.com/x',
      [{ network: 'facebook', url: 'https://facebook.com/acme' }],
    ],
    // Only http(s) links are kept.
    ['1,javascript:alert(1)|1,instagram.com/acme|1,', []],
    // A sixth entry has no network.
    [
      '||||1,https://pinterest.com/a|1,https://example.com',
      [{ network: 'pinterest', url: 'https://pinterest.com/a' }],
    ],
  ])('%j', (raw, expected) => {
    expect(parseSocialLinks(raw)).toEqual(expected)
  })
})
