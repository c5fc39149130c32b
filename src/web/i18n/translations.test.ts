import { describe, expect, it } from 'vitest'
import en from './en.json'
import tr from './tr.json'

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix]
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key))
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? '').sort()
}

function lookup(texts: unknown, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], texts) as string
}

describe('translations', () => {
  it('English has exactly the Turkish keys', () => {
    expect(keys(en).sort()).toEqual(keys(tr).sort())
  })

  it('every text keeps the placeholders of its Turkish original', () => {
    for (const key of keys(tr)) {
      expect(placeholders(lookup(en, key)), key).toEqual(placeholders(lookup(tr, key)))
    }
  })

  it('carries the spec wording', () => {
    expect(tr.overdue.message).toBe(
      'Vadesi {{days}} gün geçmiş {{amount}} {{currency}} ödemeniz bulunmaktadır',
    )
    expect(tr.cookie.title).toBe('Çerez Kullanımı')
    expect(tr.cookie.accept).toBe('Tamam')
    expect(tr.search.placeholder).toBe('Ara')
  })
})
