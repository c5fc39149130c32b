import { describe, expect, it } from 'vitest'
// @ts-expect-error — a plain ES module script without type declarations
import { findViolations } from './check-boundaries.mjs'

const check = (files: Record<string, string>): string[] => findViolations(new Map(Object.entries(files)))

describe('import boundaries', () => {
  it('allow the documented directions', () => {
    expect(
      check({
        'src/server/app.ts':
          "import { x } from '../contracts/account'\nimport { y } from '../domain/pricing'",
        'src/web/features/home/HomePage.tsx':
          "import { z } from '../../lib/api'\nimport { p } from '../../../domain/pricing'",
        'src/domain/pricing.ts': "import Big from 'big.js'\nimport { f } from './turkish-text'",
        'src/contracts/bootstrap.ts': "import { a } from './account'",
        'src/contracts/cart.ts': "import { MAX } from '../domain/cart-rules'",
      }),
    ).toEqual([])
  })

  it.each([
    ['src/domain/pricing.ts', "import { c } from '../contracts/common'", 'domain imports nothing of ours'],
    ['src/contracts/x.ts', "import { d } from '../server/app'", 'contracts import only contracts and domain'],
    ['src/web/lib/api.ts', "import { s } from '../../server/app'", 'web never imports server'],
    ['src/server/app.ts', "export { w } from '../web/main'", 'server never imports web'],
    [
      'src/web/features/home/A.tsx',
      "const m = import('../account/LoginPage')",
      'a web feature does not reach',
    ],
    ['src/server/x.ts', "import '../../scripts/thing'", 'src imports nothing outside src'],
  ])('flag %s importing across a boundary', (file, source, rule) => {
    const problems = check({ [file]: source })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(rule)
  })
})
