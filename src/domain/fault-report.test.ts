import { describe, expect, it } from 'vitest'
import {
  canMoveStatus,
  FAULT_DESCRIPTION_MAX,
  FAULT_SERIAL_MAX,
  faultReportIssues,
  nextStatusChoices,
  sniffPhotoType,
} from './fault-report'

const valid = {
  productCode: 'MKT-100',
  serialNumber: '',
  description: 'Çalıştırınca duman çıkarıyor.',
  contactPhone: '0532 123 45 67',
}

describe('faultReportIssues', () => {
  it('accepts a complete report, with or without a serial number', () => {
    expect(faultReportIssues(valid)).toEqual({})
    expect(faultReportIssues({ ...valid, serialNumber: 'SN-1' })).toEqual({})
  })

  it.each([
    [{ productCode: '   ' }, { productCode: 'required' }],
    [{ productCode: 'X'.repeat(81) }, { productCode: 'tooLong' }],
    [{ serialNumber: 'S'.repeat(FAULT_SERIAL_MAX + 1) }, { serialNumber: 'tooLong' }],
    [{ description: '' }, { description: 'required' }],
    [{ description: '  kısa   ' }, { description: 'tooShort' }],
    [{ description: 'a'.repeat(FAULT_DESCRIPTION_MAX + 1) }, { description: 'tooLong' }],
    [{ contactPhone: '' }, { contactPhone: 'required' }],
    [{ contactPhone: '12345' }, { contactPhone: 'phone' }],
    [{ contactPhone: `0532 123 45 67${' '.repeat(40)}x` }, { contactPhone: 'phone' }],
  ])('%j → %j', (change, issues) => {
    expect(faultReportIssues({ ...valid, ...change })).toEqual(issues)
  })

  it('counts the description without its surrounding spaces, at both ends of the range', () => {
    expect(faultReportIssues({ ...valid, description: `  ${'a'.repeat(10)}  ` })).toEqual({})
    expect(faultReportIssues({ ...valid, description: 'a'.repeat(FAULT_DESCRIPTION_MAX) })).toEqual({})
  })

  it('names every field that is wrong at once', () => {
    expect(
      faultReportIssues({ productCode: '', serialNumber: '', description: 'x', contactPhone: 'abc' }),
    ).toEqual({ productCode: 'required', description: 'tooShort', contactPhone: 'phone' })
  })
})

const bytes = (...values: number[]) => Uint8Array.from(values)
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

describe('sniffPhotoType', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'image/png'],
    ['WebP', bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')), 'image/webp'],
  ])('%s', (_name, file, type) => {
    expect(sniffPhotoType(file)).toBe(type)
  })

  it.each([
    ['empty', bytes()],
    ['GIF', bytes(...ascii('GIF89a'))],
    ['PDF', bytes(...ascii('%PDF-1.7'))],
    ['HTML', bytes(...ascii('<html><script>'))],
    ['a WAV (RIFF but not WebP)', bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE'))],
    ['a cut JPEG signature', bytes(0xff, 0xd8)],
    ['a cut PNG signature', bytes(0x89, 0x50, 0x4e, 0x47)],
  ])('%s is not a photo', (_name, file) => {
    expect(sniffPhotoType(file)).toBeNull()
  })
})

const flow = ['new', 'in_service', 'done'] as const

describe('status moves', () => {
  it.each([
    ['new', ['in_service']],
    ['in_service', ['new', 'done']],
    ['done', ['in_service']],
  ] as const)('from %s staff may choose %j', (from, choices) => {
    expect(nextStatusChoices(flow, from)).toEqual(choices)
  })

  it.each([
    ['new', 'in_service', true],
    ['in_service', 'done', true],
    ['in_service', 'new', true],
    ['done', 'in_service', true],
    ['new', 'done', false],
    ['done', 'new', false],
    ['new', 'new', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveStatus(flow, from, to)).toBe(allowed)
  })
})
