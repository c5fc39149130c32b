import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapSchema } from '../../../contracts/bootstrap'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** The bootstrap data as the API answers it and as the page embeds it for the web app. */
async function bootstraps() {
  const client = new TestClient(t.app)
  const page = await client.openPage('/')
  const embedded = /<script id="bootstrap" type="application\/json">(.*?)<\/script>/s.exec(page.body)
  const api = await client.send({ method: 'GET', url: '/api/bootstrap' })
  return [bootstrapSchema.parse(api.json()), bootstrapSchema.parse(JSON.parse(embedded![1]!))]
}

describe('the bootstrap data says whether card payments are a test', () => {
  it('is not test mode where the sandbox is the default (development, the test suite)', async () => {
    expect(t.deps.config.testMode).toBe(false)
    for (const bootstrap of await bootstraps()) expect(bootstrap.testMode).toBe(false)
  })

  it('is test mode when the sandbox was named outside development: the web app shows the ribbon', async () => {
    t.deps.config.testMode = true
    try {
      for (const bootstrap of await bootstraps()) expect(bootstrap.testMode).toBe(true)
    } finally {
      t.deps.config.testMode = false
    }
  })
})
