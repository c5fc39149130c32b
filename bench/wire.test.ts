import { describe, expect, it } from 'vitest'
import { startupAssets } from './wire.mjs'

describe('startupAssets: what the first page loads to work', () => {
  it('counts the modules the boot script starts after the first paint, not only the tags', () => {
    const html = [
      '<link rel="stylesheet" href="/assets/index-1.css">',
      '<link rel="modulepreload" href="/assets/react-1.js">',
      '<script defer src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/react-1.js  /assets/Page-1.js"></script>',
    ].join('')
    expect(startupAssets(html)).toEqual([
      { path: '/assets/index-1.css', kind: 'css' },
      { path: '/assets/react-1.js', kind: 'js' },
      { path: '/boot.js', kind: 'js' },
      { path: '/assets/index-1.js', kind: 'js' },
      { path: '/assets/Page-1.js', kind: 'js' },
    ])
  })

  it('leaves out other origins, icons and inline scripts', () => {
    const html = [
      '<link rel="icon" href="/favicon.svg">',
      '<script src="https://cdn.example/x.js"></script>',
      '<script src="//cdn.example/y.js"></script>',
      '<script>window.x = 1</script>',
      '<link rel="stylesheet" href="https://fonts.example/a.css">',
    ].join('')
    expect(startupAssets(html)).toEqual([])
  })
})
