import path from 'node:path'

/**
 * The suite runs in E2E_WORKERS Playwright workers (2 by default), and each worker has a server of
 * its own on its own embedded database with the demo data (a copy of the one scripts/run-e2e.mjs
 * seeded): tests that share the demo dealer's cart, orders and mails never meet a test of another
 * worker. Worker slot n (its parallelIndex) talks to
 * port E2E_PORT + n and finds its server's files under E2E_DATA_DIR/server-n.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2))
const firstPort = Number(process.env.E2E_PORT ?? 4173)

export const serverPort = (slot: number) => firstPort + slot
export const serverURL = (slot: number) => `http://127.0.0.1:${serverPort(slot)}`
export const serverDataDir = (slot: number) =>
  path.join(process.env.E2E_DATA_DIR ?? 'data/e2e', `server-${slot}`)
export const slots = () => Array.from({ length: E2E_WORKERS }, (_, slot) => slot)
