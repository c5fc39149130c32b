import { describe, expect, it } from 'vitest'
import { SANITIZED_MAX, sanitizeDescription } from './description'

describe('sanitizeDescription', () => {
  it('drops scripts and handlers and keeps the allowed markup', () => {
    const clean = sanitizeDescription('<p onclick="x()">Çelik <b>vida</b></p><script>alert(1)</script>')
    expect(clean).toBe('<p>Çelik <b>vida</b></p>')
  })

  it('answers a text seen before as it did, and a changed text by itself, never the old one', () => {
    const first = `<p>Stokta ${Math.random()}</p><img src="javascript:alert(1)">`
    expect(sanitizeDescription(first)).toBe(sanitizeDescription(first))
    const changed = first.replace('Stokta', 'Tükendi')
    expect(sanitizeDescription(changed)).toContain('Tükendi')
    expect(sanitizeDescription(changed)).not.toContain('Stokta')
    expect(sanitizeDescription(changed)).not.toContain('javascript')
  })

  it('stays right past the number of texts it remembers', () => {
    const texts = Array.from({ length: SANITIZED_MAX + 50 }, (_, i) => `<p>${i}<script>x</script></p>`)
    for (const text of texts) sanitizeDescription(text)
    for (const [i, text] of texts.entries()) expect(sanitizeDescription(text)).toBe(`<p>${i}</p>`)
  })

  it('has nothing to show for an empty description', () => {
    expect(sanitizeDescription(null)).toBeNull()
    expect(sanitizeDescription('')).toBeNull()
  })
})
