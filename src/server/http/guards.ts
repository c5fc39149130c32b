import type { FastifyRequest } from 'fastify'
import type { AuthUser } from '../modules/session/session.repository'
import { forbidden, unauthenticated } from './errors'

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated()
  return request.user
}

/** Dealers only: an administrator gets the spec's 403 text for cart-like actions. */
export function requireDealer(request: FastifyRequest): AuthUser & { customerId: number } {
  const user = requireUser(request)
  if (user.role !== 'dealer' || user.customerId === null) throw forbidden('error.adminCart', 'admin_cart')
  return user as AuthUser & { customerId: number }
}

export function requireAdmin(request: FastifyRequest): AuthUser {
  const user = requireUser(request)
  if (user.role !== 'admin') throw forbidden()
  return user
}
