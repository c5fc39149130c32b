import type { FastifyInstance, FastifyRequest } from 'fastify'
import { permissionFor, type StaffArea, type StaffPermission, staffCan } from '../../domain/staff-access'
import type { AuthUser, Dealer, StaffActor } from '../identity'
import { forbidden, unauthenticated } from './errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The back-office area a staff route belongs to: reading it is a GET, anything else writes. */
    staffArea?: StaffArea
  }
}

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated()
  return request.user
}

/** Dealers only: an administrator gets the spec's 403 text for cart-like actions. */
export function requireDealer(request: FastifyRequest): Dealer {
  const user = requireUser(request)
  if (user.role !== 'dealer' || user.customerId === null) throw forbidden('error.adminCart', 'admin_cart')
  return user as Dealer
}

/**
 * Every route of this plugin is for dealers, checked before the body is read: a guest gets 401 and an
 * administrator 403 on every verb, whatever they sent.
 */
export function dealersOnly(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    requireDealer(request)
  })
}

/** Any staff user, whatever their role (the route's own permission was checked by `staffOnly`). */
export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request)
  if (user.role !== 'admin') throw forbidden()
  return user
}

/** The staff user of a write, with the request's address, for the audit trail. */
export function staffActor(request: FastifyRequest): StaffActor {
  const user = requireAdmin(request)
  return { id: user.id, name: user.name, ip: request.ip }
}

/** A staff user whose role allows this: a dealer gets 403 `forbidden`, staff without it 403 `staff_role`. */
export function requireStaff(request: FastifyRequest, permission: StaffPermission): AuthUser {
  const user = requireAdmin(request)
  if (!staffCan(user.staffRole, permission)) throw forbidden('error.staffRole', 'staff_role')
  return user
}

/**
 * Every route of this plugin is for staff and names its area (`config: { staffArea }`; a route
 * without one stops the app at start-up). The role is checked before the query or body is read: a
 * guest gets 401, a dealer 403, a staff user whose role does not open the area (to read for a GET,
 * to write otherwise) 403, whatever they sent.
 */
export function staffOnly(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.config?.staffArea)
      throw new Error(`${route.method} ${route.url} is a staff route: it names its area (config.staffArea)`)
  })
  app.addHook('preValidation', async (request) => {
    const area = request.routeOptions.config.staffArea
    // Declared on every route (above); a route without one would be refused rather than opened.
    if (!area) throw forbidden()
    requireStaff(request, permissionFor(area, request.method))
  })
}
