import Fastify from 'fastify'
import { validatorCompiler } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { utf8SerializerCompiler } from './json-reply'

const answer = z.object({ name: z.string(), price: z.object({ value: z.number(), currency: z.string() }) })

async function appAnswering(data: unknown) {
  const app = Fastify()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(utf8SerializerCompiler)
  app.get('/x', { schema: { response: { 200: answer } } }, async () => data)
  await app.ready()
  return app
}

describe('JSON answers as UTF-8 bytes', () => {
  let app: Awaited<ReturnType<typeof appAnswering>> | null = null
  afterEach(async () => {
    await app?.close()
    app = null
  })

  it('sends Turkish text intact, as JSON, with the byte length as its content-length', async () => {
    app = await appAnswering({
      name: 'Şile bezi, ığdır çuvalı — 12 çift',
      price: { value: 1234.5, currency: 'TRY' },
    })
    const res = await app.inject({ method: 'GET', url: '/x' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual({
      name: 'Şile bezi, ığdır çuvalı — 12 çift',
      price: { value: 1234.5, currency: 'TRY' },
    })
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    expect(res.rawPayload.length).toBeGreaterThan(res.body.length) // multi-byte letters counted as bytes
  })

  it('still leaves out what the schema does not declare', async () => {
    app = await appAnswering({
      name: 'Vida',
      secret: 'hash',
      price: { value: 1, currency: 'TRY', cost: 0.5 },
    })
    const res = await app.inject({ method: 'GET', url: '/x' })
    expect(res.json()).toEqual({ name: 'Vida', price: { value: 1, currency: 'TRY' } })
  })

  it('still refuses an answer that does not match the schema', async () => {
    app = await appAnswering({ name: 7, price: null })
    const res = await app.inject({ method: 'GET', url: '/x' })
    expect(res.statusCode).toBe(500)
    expect(res.body).not.toContain('"name":7')
  })
})
