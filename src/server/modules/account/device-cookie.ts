import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * The known-device cookie: set at every successful login, it tells the login throttle that this
 * browser has logged into this account before, so the account's lock (many failures from many IPs)
 * does not keep the real dealer out. Value: `<userId>.<deviceId>.<hmac>`, signed with the session
 * secret and bound to the user; it grants nothing by itself (the password is still needed, and the
 * device's own progressive delay still applies).
 */
export const DEVICE_COOKIE = 'toptan_device'
export const DEVICE_DAYS = 180

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/

const signature = (secret: string, userId: number, deviceId: string) =>
  createHmac('sha256', secret).update(`device:${userId}.${deviceId}`).digest('base64url')

export function deviceCookieValue(secret: string, userId: number, deviceId: string): string {
  return `${userId}.${deviceId}.${signature(secret, userId, deviceId)}`
}

/** The device id of a cookie value signed for this user, else null (missing, forged, another user's). */
export function knownDeviceId(secret: string, userId: number | null | undefined, value: string | undefined) {
  if (userId == null || !value || value.length > 200) return null
  const [uid, deviceId, sent, ...rest] = value.split('.')
  if (rest.length > 0 || uid !== String(userId) || !deviceId || !DEVICE_ID.test(deviceId) || !sent)
    return null
  const expected = Buffer.from(signature(secret, userId, deviceId))
  const given = Buffer.from(sent)
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null
}

export const newDeviceId = () => randomBytes(16).toString('base64url')

export const deviceCookieOf = (request: FastifyRequest): string | undefined => request.cookies[DEVICE_COOKIE]

/** (Re)sets the cookie for this user, keeping the device id it already had for them. */
export function setDeviceCookie(
  reply: FastifyReply,
  secret: string,
  userId: number,
  deviceId: string,
  secure: boolean,
) {
  reply.setCookie(DEVICE_COOKIE, deviceCookieValue(secret, userId, deviceId), {
    // Only the login and the password change read it.
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_DAYS * 24 * 60 * 60,
  })
}
