import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { test as setup } from '@playwright/test'
import { ADMIN, authFile, DEALER, logIn, READONLY, SALES } from './fixtures'
import { serverURL, slots } from './servers'

// The shared demo accounts log in through the login page once per run and server; the tests take the
// session from here (fixtures.ts signIn). The login itself is tested in foundation.spec.ts and
// keyboard.spec.ts.
for (const slot of slots()) {
  for (const account of [DEALER, ADMIN, READONLY, SALES]) {
    setup(`log in as ${account.email} on server ${slot}`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: serverURL(slot) })
      const page = await context.newPage()
      await logIn(page, account)
      mkdirSync(path.dirname(authFile(account, slot)), { recursive: true })
      await context.storageState({ path: authFile(account, slot) })
      await context.close()
    })
  }
}
