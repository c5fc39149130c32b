import { setupServer } from 'msw/node'

/**
 * The one MSW server of the web tests: started in setup.ts, it answers every fetch the app makes. Each
 * test adds the handlers it needs with `server.use(...)`; they are dropped after the test.
 */
export const server = setupServer()
