import { describe, expect, it } from 'vitest'
import { nodeFlags } from './options.mjs'

describe('nodeFlags', () => {
  it.each([
    [undefined, []],
    ['', []],
    ['--max-semi-space-size=32', ['--max-semi-space-size=32']],
    ['  --trace-gc   --max-semi-space-size=64 ', ['--trace-gc', '--max-semi-space-size=64']],
    ['--inspect=127.0.0.1:9229', ['--inspect=127.0.0.1:9229']],
  ])('reads %j as flags', (text, flags) => {
    expect(nodeFlags(text)).toEqual(flags)
  })

  it.each(['main.js', '--trace-gc other.js', '-e', '--=x', 'x=--y'])(
    'refuses %j, which node would take as the script or its code',
    (text) => {
      expect(() => nodeFlags(text)).toThrow(/--node-flags takes flags/)
    },
  )
})
