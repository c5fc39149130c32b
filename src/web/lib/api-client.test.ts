import { HttpResponse, http } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { campaignsResponseSchema } from '../../contracts/campaigns'
import { okSchema } from '../../contracts/common'
import { apiError, apiJson, never, type RecordedRequest, recordRequests } from '../test/network'
import { server } from '../test/server'
import { apiFetch, configureApi, setCsrfToken } from './api-client'
import { ApiError } from './api-error'

const navigate = vi.fn<(url: string) => void>()
const onForbidden = vi.fn<(message: string) => void>()
let requests: RecordedRequest[] = []

const sentHeaders = (call = 0) => requests[call]!.headers
/** Every call of these tests gets `answer`, whatever its path and method. */
const answerAll = (answer: () => Response | Promise<Response>) => server.use(http.all('*', answer))

beforeEach(() => {
  requests = recordRequests()
  configureApi({
    navigate,
    onForbidden,
    locale: 'tr',
    currentPath: () => '/fren-balatasi-p-1?adet=2',
  })
  setCsrfToken('token-1')
})

afterEach(() => {
  navigate.mockReset()
  onForbidden.mockReset()
})

describe('apiFetch', () => {
  it('sends the anti-forgery token, the XMLHttpRequest marker and the language on a POST', async () => {
    answerAll(() => apiJson(okSchema, { ok: true }))
    configureApi({ locale: 'en' })

    await expect(
      apiFetch('/api/catalog/settings', { json: { key: 'locale', value: 'en' } }),
    ).resolves.toEqual({
      ok: true,
    })

    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/catalog/settings'])
    expect(requests[0]?.body).toEqual({ key: 'locale', value: 'en' })
    const headers = sentHeaders()
    expect(headers.get('X-CSRF-Token')).toBe('token-1')
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(headers.get('Accept-Language')).toBe('en')
    expect(headers.get('Content-Type')).toBe('application/json')
  })

  it('uses the token given after login for the next request', async () => {
    answerAll(() => apiJson(okSchema, { ok: true }))
    setCsrfToken('token-after-login')
    await apiFetch('/api/account/logout', { method: 'POST' })
    expect(sentHeaders().get('X-CSRF-Token')).toBe('token-after-login')
  })

  it('sends no token on a GET and adds the query string', async () => {
    answerAll(() => apiJson(campaignsResponseSchema, { campaigns: [] }))
    await apiFetch('/api/catalog/products', { query: { page: 2, sort: '-price', view: undefined } })
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/catalog/products?page=2&sort=-price',
    ])
    expect(sentHeaders().has('X-CSRF-Token')).toBe(false)
    expect(sentHeaders().get('X-Requested-With')).toBe('XMLHttpRequest')
  })

  it('maps an error body to an ApiError with status, code, message and fields', async () => {
    answerAll(() =>
      apiError(400, 'validation', 'E-posta adresi geçersiz.', { email: 'E-posta adresi geçersiz.' }),
    )
    const error = await apiFetch('/api/account/login', { json: {} }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'E-posta adresi geçersiz.',
      fields: { email: 'E-posta adresi geçersiz.' },
    })
  })

  it('gives an ApiError without a message when the answer is not ours (a proxy page)', async () => {
    answerAll(
      () =>
        new HttpResponse('<html>Bad gateway</html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    await expect(apiFetch('/api/catalog/campaigns')).rejects.toMatchObject({
      status: 502,
      code: 'http_502',
      message: '',
    })
  })

  it('turns a network failure into an ApiError with code network', async () => {
    answerAll(() => HttpResponse.error())
    await expect(apiFetch('/api/catalog/campaigns')).rejects.toMatchObject({ status: 0, code: 'network' })
  })

  it('lets an abort through as an abort', async () => {
    const controller = new AbortController()
    answerAll(() => {
      controller.abort()
      return never()
    })
    const error = await apiFetch('/api/catalog/campaigns', { signal: controller.signal }).catch(
      (e: unknown) => e,
    )
    expect(error).not.toBeInstanceOf(ApiError)
    expect((error as DOMException).name).toBe('AbortError')
    expect(requests[0]?.signal.aborted).toBe(true)
  })

  it('sends a 401 to the login page with the current path as next', async () => {
    answerAll(() => apiError(401, 'unauthenticated', 'Giriş yapınız.'))
    await expect(apiFetch('/api/catalog/cart/5', { json: { quantity: 1 } })).rejects.toMatchObject({
      status: 401,
      handled: true,
    })
    expect(navigate).toHaveBeenCalledWith('/account/login?next=%2Ffren-balatasi-p-1%3Fadet%3D2')
  })

  it('keeps the English prefix on the login page', async () => {
    configureApi({ locale: 'en', currentPath: () => '/en/sepet' })
    answerAll(() => apiError(401, 'unauthenticated'))
    await apiFetch('/api/catalog/cart').catch(() => {})
    expect(navigate).toHaveBeenCalledWith('/en/account/login?next=%2Fen%2Fsepet')
  })

  it("leaves a 401 to the caller when asked (the login form's wrong password)", async () => {
    answerAll(() => apiError(401, 'unauthenticated', 'E-posta veya şifre hatalı.'))
    await expect(
      apiFetch('/api/account/login', { json: { email: 'a@b.co', password: 'x' }, handleAuthErrors: false }),
    ).rejects.toMatchObject({ status: 401, message: 'E-posta veya şifre hatalı.', handled: false })
    expect(navigate).not.toHaveBeenCalled()
  })

  it("shows the server's 403 message", async () => {
    const message = 'Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.'
    answerAll(() => apiError(403, 'forbidden', message))
    await expect(apiFetch('/api/catalog/cart/5', { json: { quantity: 1 } })).rejects.toMatchObject({
      status: 403,
      handled: true,
    })
    expect(onForbidden).toHaveBeenCalledWith(message)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('reads an empty 204 answer as undefined', async () => {
    answerAll(() => new HttpResponse(null, { status: 204 }))
    await expect(apiFetch('/api/catalog/cart', { method: 'DELETE' })).resolves.toBeUndefined()
  })
})
