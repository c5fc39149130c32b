/**
 * The hostile corpus of the fuzz suite: values no form of the web app sends, but a client may. Each
 * list feeds one place of a request (a JSON leaf, a path parameter, a raw query string, a raw body).
 */

const MB = 1024 * 1024

/** One megabyte of text: over the 1 MB body limit inside a JSON body, far over every maxLength elsewhere. */
export const ONE_MB = 'a'.repeat(MB)

/** `levels` nested arrays, as JSON text (JSON.stringify of such a value would itself recurse that deep). */
export const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
/** `levels` nested objects {"a":{"a":…}} as JSON text. */
export const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`

/** Strings that break naive handling: NUL and control characters, lone surrogates, odd numbers as text. */
export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202egnp.exe',
  '\ufeff1',
  'İıŞşĞğ',
  '😀'.repeat(50),
  '2147483647',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999999999',
  '1e308',
  '1e309',
  '-0',
  '0',
  '-1',
  '1.5',
  '0x10',
  ' 1',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' or 1=1 --",
  '"; drop table users; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  `\${7*7}{{7*7}}`,
  '__proto__',
  'constructor',
  'x'.repeat(10_001),
  ONE_MB,
]

/** Numbers at and over the edges of the column types and of JSON itself. */
export const HOSTILE_NUMBERS: number[] = [
  0,
  -0,
  -1,
  1.5,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
]

/** Whole values where another shape is expected: arrays for objects, prototype keys, nesting. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  [],
  [{}],
  [1, 2, 3],
  {},
  { a: 1 },
  JSON.parse('{"__proto__":{"role":"admin","isAdmin":true}}'),
  { constructor: { prototype: { role: 'admin' } } },
  JSON.parse(deepObject(40)),
  JSON.parse(deepArray(40)),
]

/** Path parameters: huge, negative, non-numeric, percent-encoded NUL and bad UTF-8, over the 500-char router limit. */
export const HOSTILE_PATH_SEGMENTS: string[] = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1e3',
  '0x1',
  '2147483647',
  '2147483648',
  '9223372036854775808',
  '9'.repeat(40),
  'abc',
  'null',
  '%00',
  'a%00b',
  '%ff',
  '%E0%A4%A',
  '%zz',
  '%',
  '%2F',
  '..%2F..%2Fetc',
  '%20',
  '%C4%B0',
  '%F0%9F%98%80',
  '%ED%A0%80',
  '__proto__',
  'constructor',
  'x'.repeat(499),
  'x'.repeat(501),
  '1'.repeat(2000),
]

/** Raw query strings (after the '?'), bad percent-encoding and invalid UTF-8 included. */
export const HOSTILE_QUERIES: string[] = [
  '%',
  'q=%',
  'q=%zz',
  'q=%ff%fe',
  'q=%E0%A4%A',
  'q=%ED%A0%80',
  'q=%00',
  'q=a%00b',
  'page=2147483648',
  'page=-1',
  'page=1e308',
  'page=NaN',
  'page=1&page=2',
  'page[]=1',
  'page[a]=1',
  '__proto__=x',
  '__proto__[role]=admin',
  'constructor=x',
  'lang=xx',
  'from=9999-99-99&to=0000-00-00',
  'from=2024-02-30',
  'status=%00',
  'period=%FF',
  'type=kullan%C4%B1c%C4%B1',
  `q=${'a'.repeat(5000)}`,
  `q=${'%41'.repeat(20_000)}`,
  '&&&==&=',
  '=',
  'a=b=c',
]

/** An invalid UTF-8 sequence (a lone continuation byte, an overlong form, a surrogate's encoding). */
const BAD_UTF8 = Buffer.from([
  0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0xaf, 0xed, 0xa0, 0x80, 0x22, 0x7d,
])

export type RawBody = { label: string; contentType?: string; payload: string | Buffer }

/** Whole bodies with the wrong, missing or lying content type, broken encodings and extreme nesting. */
export const HOSTILE_BODIES: RawBody[] = [
  { label: 'json: empty', contentType: 'application/json', payload: '' },
  { label: 'json: truncated', contentType: 'application/json', payload: '{"a":' },
  { label: 'json: bare string', contentType: 'application/json', payload: '"x"' },
  { label: 'json: bare number', contentType: 'application/json', payload: '1e999' },
  { label: 'json: null', contentType: 'application/json', payload: 'null' },
  { label: 'json: array', contentType: 'application/json', payload: '[{"a":1}]' },
  { label: 'json: 1000 nested arrays', contentType: 'application/json', payload: deepArray(1000) },
  { label: 'json: 1000 nested objects', contentType: 'application/json', payload: deepObject(1000) },
  { label: 'json: 100000 nested arrays', contentType: 'application/json', payload: deepArray(100_000) },
  {
    label: 'json: __proto__',
    contentType: 'application/json',
    payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
  },
  { label: 'json: duplicate keys', contentType: 'application/json', payload: '{"a":1,"a":2}' },
  { label: 'json: NUL escape', contentType: 'application/json', payload: '{"a":"\\u0000"}' },
  { label: 'json: lone surrogate escape', contentType: 'application/json', payload: '{"a":"\\ud800"}' },
  { label: 'json: invalid UTF-8', contentType: 'application/json', payload: BAD_UTF8 },
  { label: 'json: UTF-16 charset', contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
  {
    label: 'json: latin1 charset',
    contentType: 'application/json; charset=latin1',
    payload: '{"a":"\u00ff"}',
  },
  { label: 'json: BOM', contentType: 'application/json', payload: '\ufeff{"a":1}' },
  { label: 'json: over 1 MB', contentType: 'application/json', payload: `{"a":"${ONE_MB}"}` },
  { label: 'json: huge number', contentType: 'application/json', payload: `{"id":${'9'.repeat(400)}}` },
  { label: 'multipart without boundary', contentType: 'multipart/form-data', payload: 'a=b' },
  {
    label: 'multipart with a non-multipart body',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '{"a":1}',
  },
  {
    label: 'multipart with a file',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload:
      '--XyZ\r\nContent-Disposition: form-data; name="f"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\r\n--XyZ--\r\n',
  },
  {
    label: 'multipart truncated',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n1',
  },
  {
    label: 'multipart __proto__ field',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: '--XyZ\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--XyZ--\r\n',
  },
  {
    label: 'multipart 30 fields',
    contentType: 'multipart/form-data; boundary=XyZ',
    payload: `${Array.from({ length: 30 }, (_, i) => `--XyZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${i}\r\n`).join('')}--XyZ--\r\n`,
  },
  { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { label: 'application/xml', contentType: 'application/xml', payload: '<?xml version="1.0"?><a>1</a>' },
  { label: 'octet-stream', contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
  { label: 'garbage content type', contentType: ';;;/===', payload: '{}' },
  { label: 'no content type', payload: '{"a":1}' },
  {
    label: 'form: bad percent',
    contentType: 'application/x-www-form-urlencoded',
    payload: 'a=%E0%A4%A&b=%zz',
  },
  { label: 'form: NUL', contentType: 'application/x-www-form-urlencoded', payload: 'a=%00&b=x%00y' },
  {
    label: 'form: invalid UTF-8',
    contentType: 'application/x-www-form-urlencoded',
    payload: Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0x26, 0x62, 0x3d, 0xc0, 0xaf]),
  },
  {
    label: 'form: __proto__',
    contentType: 'application/x-www-form-urlencoded',
    payload: '__proto__[role]=admin&a=1',
  },
  { label: 'form: repeated keys', contentType: 'application/x-www-form-urlencoded', payload: 'a=1&a=2&a=3' },
  { label: 'form: over 1 MB', contentType: 'application/x-www-form-urlencoded', payload: `a=${ONE_MB}` },
]

/** Headers a client may send beside the body: odd languages, ranges and encodings. */
export const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'accept-language': 'xx-YY;q=abc, *;q=-1' },
  { 'accept-language': 'tr'.repeat(500) },
  { 'accept-encoding': 'br;q=NaN, gzip;q=2, *' },
  { range: 'bytes=abc-' },
  { range: 'bytes=999999999999-1' },
  { 'if-modified-since': 'not a date' },
  { 'if-none-match': '"x"'.repeat(200) },
  { 'x-forwarded-for': '999.999.999.999, ::ffff:zz' },
  { accept: 'application/xml' },
  { origin: 'https://evil.example' },
  { 'x-requested-with': 'x'.repeat(1000) },
]
