import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { LIVE_MESSAGE_MAX_BYTES, LIVE_SOCKET_PATH } from '../../../contracts/staff-live'
import type { AppDeps } from '../../app-deps'
import { forbidden } from '../../http/errors'
import { requireAdmin } from '../../http/guards'
import { fromOwnPages } from '../../http/same-origin'
import { sessionIdOf } from '../../http/session'
import { findSession } from '../../http/session.repository'
import type { StaffLive } from './staff-live'
import { defaultSocketOptions, type LiveSocket, StaffSockets } from './staff-sockets'

/** The account module's logout: a dealer's successful call marks them offline at once. */
const LOGOUT_ROUTE = '/api/account/logout'

/**
 * The live staff screens' server side (docs/operations.md "Live staff screens"): the WebSocket plugin,
 * presence written from every logged-in dealer's request, the staff socket at /ws/online-users, and
 * the cart module's committed changes passed on to every process's staff sockets. Called by app.ts
 * after the session hook (presence needs the request's user) and before the routes.
 */
export async function registerStaffLive(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { live } = deps
  live.reportTo(app.log)
  const sockets = new StaffSockets(live, defaultSocketOptions(deps.now))
  // ws closes a socket whose message is larger than this (1009) before it is buffered.
  await app.register(websocket, { options: { maxPayload: LIVE_MESSAGE_MAX_BYTES } })
  trackDealers(app, live, deps.now)
  await app.register(liveSocketRoute(deps, sockets))
  const stopCarts = deps.cartQueue.committed.listen(() => live.cartsChanged())
  app.addHook('onReady', async () => sockets.start())
  app.addHook('onClose', async () => {
    stopCarts()
    await sockets.close()
    await live.close()
  })
}

/**
 * Every request of a logged-in dealer (pages and API calls) marks them seen, without waiting for the
 * store: StaffLive writes at most once per session every few seconds, and a failure is only logged.
 */
function trackDealers(app: FastifyInstance, live: StaffLive, now: () => Date) {
  app.addHook('onRequest', async (request) => {
    const user = request.user
    if (user?.role !== 'dealer') return
    live.dealerSeen(request.sessionToken, user, now()).catch((err: unknown) => {
      request.log.warn({ err }, 'presence not written')
    })
  })
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user
    if (user?.role !== 'dealer' || reply.statusCode !== 200) return
    if (request.method !== 'POST' || request.routeOptions.url !== LOGOUT_ROUTE) return
    await live.dealerLoggedOut(request.sessionToken, user.id, now()).catch((err: unknown) => {
      request.log.warn({ err }, 'presence logout not written')
    })
  })
}

/**
 * GET /ws/online-users, upgraded to a WebSocket. The upgrade is refused with a plain HTTP answer in the
 * error shape before any socket exists: 401 for a guest, 403 for a dealer, 403 (`bad_origin`) for a
 * page of another site (cross-site WebSocket hijacking: a browser sends the cookie with the upgrade).
 */
const liveSocketRoute =
  (deps: AppDeps, sockets: StaffSockets): FastifyPluginAsync =>
  async (app) => {
    app.addHook('preValidation', async (request) => {
      requireAdmin(request)
      if (!fromOwnPages(request)) throw forbidden('live.badOrigin', 'bad_origin')
    })
    app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket, request) => {
      const sessionId = sessionIdOf(request.sessionToken)
      // Checked again now and then while the socket stays open: a logout or a lost role closes it.
      sockets.accept(socket as LiveSocket, async () => {
        const session = await findSession(deps.database.db, sessionId, deps.now())
        return session?.user.role === 'admin'
      })
    })
  }
