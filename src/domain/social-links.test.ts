import { describe, expect, it } from 'vitest'
import { parseSocialLinks, socialLinkEntries, socialLinksSetting } from './social-links'

const all = (marks: string) =>
  ['facebook', 'instagram', 'twitter', 'youtube', 'pinterest']
    .map((network, i) => `${marks[i]} https://${network}.com/acme`)
    .join('|')

describe('parseSocialLinks', () => {
  it.each([
    ['nothing stored', null, []],
    ['an empty setting', '', []],
    [
      'all five shown, in the stored order',
      all('11111'),
      [
        { network: 'facebook', url: 'https://facebook.com/acme' },
        { network: 'instagram', url: 'https://instagram.com/acme' },
        { network: 'twitter', url: 'https://twitter.com/acme' },
        { network: 'youtube', url: 'https://youtube.com/acme' },
        { network: 'pinterest', url: 'https://pinterest.com/acme' },
      ],
    ],
    [
      "a first character '0' hides the entry (the demo data)",
      all('10111'),
      [
        { network: 'facebook', url: 'https://facebook.com/acme' },
        { network: 'twitter', url: 'https://twitter.com/acme' },
        { network: 'youtube', url: 'https://youtube.com/acme' },
        { network: 'pinterest', url: 'https://pinterest.com/acme' },
      ],
    ],
    ['all hidden', all('00000'), []],
    [
      'the URL is what follows the first two characters, whatever the second is',
      '0,https://facebook.com/acme|1-https://instagram.com/acme|0|1:http://youtube.com/acme|',
      [
        { network: 'instagram', url: 'https://instagram.com/acme' },
        { network: 'youtube', url: 'http://youtube.com/acme' },
      ],
    ],
    [
      'empty entries keep their place',
      '||1 https://twitter.com/acme',
      [{ network: 'twitter', url: 'https://twitter.com/acme' }],
    ],
    [
      'spaces around an entry are ignored',
      ' 1 https://facebook.com/acme | 0 https://instagram.com/x',
      [{ network: 'facebook', url: 'https://facebook.com/acme' }],
    ],
    [
      'only http(s) addresses are kept',
      '1 javascript:alert(1)|1 instagram.com/acme|1 |1 https://|1 ftp://youtube.com/a',
      [],
    ],
    ['an address with spaces inside is refused', '1 https://face book.com/acme', []],
    [
      'a sixth entry has no network',
      '||||1 https://pinterest.com/a|1 https://example.com',
      [{ network: 'pinterest', url: 'https://pinterest.com/a' }],
    ],
  ])('%s', (_case, raw, expected) => {
    expect(parseSocialLinks(raw)).toEqual(expected)
  })
})

describe('the social links as staff edit them', () => {
  it('reads five entries, hidden and empty ones included, and writes them back as stored', () => {
    const stored = '1 https://facebook.com/acme|0 https://instagram.com/acme|0 |1 https://youtube.com/@acme|'
    const entries = socialLinkEntries(stored)
    expect(entries.map((e) => [e.network, e.url, e.visible])).toEqual([
      ['facebook', 'https://facebook.com/acme', true],
      ['instagram', 'https://instagram.com/acme', false],
      ['twitter', '', false],
      ['youtube', 'https://youtube.com/@acme', true],
      ['pinterest', '', false],
    ])
    expect(socialLinksSetting(entries)).toBe(
      '1 https://facebook.com/acme|0 https://instagram.com/acme|0 |1 https://youtube.com/@acme|0 ',
    )
    expect(socialLinksSetting(socialLinkEntries(null))).toBeNull()
  })
})
