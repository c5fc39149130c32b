import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { LIVE_MESSAGE_MAX_BYTES, LIVE_SOCKET_PATH } from '../../../contracts/staff-live'
import type { AppDeps } from '../../app-deps'
import type { CacheChange } from '../../cache/invalidation'
import { forbidden } from '../../http/errors'
import { requireAdmin, requireStaff } from '../../http/guards'
import { fromOwnPages } from '../../http/same-origin'
import { sessionIdOf } from '../../http/session'
import { findSession } from '../../http/session.repository'
import { staffSocketErrors } from './socket-errors'
import type { StaffLive } from './staff-live'
import { defaultSocketOptions, type LiveSocket, type SocketSession, StaffSockets } from './staff-sockets'

/** The account module's logout: a dealer's successful call marks them offline at once. */
const LOGOUT_ROUTE = '/api/account/logout'

/**
 * The live staff screens' server side (docs/operations.md "Live staff screens"): the WebSocket plugin,
 * presence written from every logged-in dealer's request, the staff socket at /ws/online-users, and
 * the cart module's committed changes passed on to every process's staff sockets. Called by app.ts
 * after the session hook (presence needs the request's user) and before the routes.
 */
export async function registerStaffLive(
  app: FastifyInstance,
  deps: AppDeps,
  options: { recheckMs?: number | undefined } = {},
): Promise<void> {
  const { live } = deps
  live.reportTo(app.log)
  // Read afresh, never through the session cache: a forget may just have named this session.
  const sessionAllowed = async (sessionId: string) =>
    (await findSession(deps.database.db, sessionId, deps.now()))?.user.role === 'admin'
  const defaults = defaultSocketOptions(deps.now, sessionAllowed)
  const sockets = new StaffSockets(live, { ...defaults, recheckMs: options.recheckMs ?? defaults.recheckMs })
  // A session's end (logout, a password change, a disabled user) forgets it from the session caches
  // of every process through the invalidation channel; the same message closes its sockets here.
  const stopHearing = deps.invalidation.target((change) => {
    const which = socketsOf(change)
    if (which) void sockets.recheck(which)
  })
  // ws closes a socket whose message is larger than this (1009) before it is buffered; that and
  // other broken frames are logged as the client's doing, rate-limited (socket-errors.ts).
  await app.register(websocket, {
    options: { maxPayload: LIVE_MESSAGE_MAX_BYTES },
    errorHandler: staffSocketErrors(() => deps.now().getTime()),
  })
  trackDealers(app, live, deps.now)
  await app.register(liveSocketRoute(deps, sockets))
  const stopCarts = deps.cartQueue.committed.listen(() => live.cartsChanged())
  app.addHook('onReady', async () => sockets.start())
  app.addHook('onClose', async () => {
    stopHearing()
    stopCarts()
    await sockets.close()
    await live.close()
  })
}

/** The sockets a session-cache change concerns (null: none, e.g. a cached list). */
function socketsOf(change: CacheChange): ((socket: SocketSession) => boolean) | null {
  if ('session' in change) return (socket) => socket.sessionId === change.session
  if ('userSessions' in change) return (socket) => socket.userId === change.userSessions
  if ('all' in change) return () => true
  return null
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
      requireStaff(request, 'cockpit:read')
      if (!fromOwnPages(request, deps.config)) throw forbidden('live.badOrigin', 'bad_origin')
    })
    app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket, request) => {
      // Checked again when its session or user is forgotten, and at the interval: an ended session or
      // a lost role closes it with 4401.
      sockets.accept(socket as LiveSocket, {
        sessionId: sessionIdOf(request.sessionToken),
        userId: requireAdmin(request).id,
      })
    })
  }
