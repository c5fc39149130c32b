import { describe, expect, it } from 'vitest'
import { beforeFullStop } from './sentence'

describe('beforeFullStop', () => {
  it.each([
    ['Toptan Dağıtım A.Ş.', 'Toptan Dağıtım A.Ş'],
    ['Yılmaz Otomotiv Ltd.', 'Yılmaz Otomotiv Ltd'],
    ['Çağlar Oto San. ve Tic. A.Ş. ', 'Çağlar Oto San. ve Tic. A.Ş'],
    ['Demo Toptan', 'Demo Toptan'],
    ['Toptan A.Ş', 'Toptan A.Ş'],
    ['', ''],
  ])('%j → %j', (name, written) => {
    expect(beforeFullStop(name)).toBe(written)
  })
})
