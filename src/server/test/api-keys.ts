import type { IntegrationScope } from '../../domain/integration-scopes'
import { createApiKey } from '../modules/integration-keys/integration-keys.service'
import { createUser } from './dealers'
import type { TestApp } from './test-app'

/** A fresh integration key with `scopes`, made by a fresh owner, and a caller that sends it. */
export async function issueApiKey(t: TestApp, scopes: IntegrationScope[], name = 'Test ERP') {
  const owner = await createUser(t.database.db, null, { name: 'Anahtar Sahibi' })
  const issued = await createApiKey(
    t.database.db,
    { id: owner.id, name: owner.name, ip: '127.0.0.1' },
    { name, scopes },
    new Date(),
  )
  const call = (
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/integration/v1/${path}`,
      headers: { authorization: `Bearer ${issued.key}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  return { ...issued, call }
}
