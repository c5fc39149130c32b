import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AuthUser, Dealer } from '../identity'
import { forbidden, unauthenticated } from './errors'

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

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request)
  if (user.role !== 'admin') throw forbidden()
  return user
}

/**
 * Every route of this plugin is for administrators (the staff area), checked before the query or body
 * is read: a guest gets 401 and a dealer 403 on every verb, whatever they sent.
 */
export function adminsOnly(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    requireAdmin(request)
  })
}
