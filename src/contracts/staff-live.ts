import { z } from 'zod'
import { inputText, moneySchema } from './common'

/**
 * The staff screens that follow dealers live (spec/2 §2 "Online users screen", "Customer carts
 * screen", §3, §7): the WebSocket's messages and the customer carts answer.
 */

/** The staff socket: administrators only, opened from the site's own pages (docs/operations.md). */
export const LIVE_SOCKET_PATH = '/ws/online-users'
/** A message from a browser is a few dozen bytes; anything over this closes the socket (1009). */
export const LIVE_MESSAGE_MAX_BYTES = 1024

/**
 * Online user (spec/2 §3): `date` is when the user was last seen (ISO 8601); `status` 'online', and any
 * other value is shown as offline (the server sends 'offline').
 */
export const onlineUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  date: z.string(),
  status: z.string(),
})
export type OnlineUser = z.infer<typeof onlineUserSchema>

/** Browser → server, when the socket opens and every 10 s: the page's host (location.host). */
export const checkOnlineUsersSchema = z.strictObject({
  type: z.literal('checkOnlineUsers'),
  host: inputText().max(255),
})
export type CheckOnlineUsers = z.infer<typeof checkOnlineUsersSchema>

/** Server → browser: the whole online list (it replaces the one shown), or "some cart changed". */
export const liveServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('updateOnlineUsers'), onlineUsers: z.array(onlineUserSchema) }),
  z.object({ type: z.literal('customerCartsChanged') }),
])
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>

/** Close codes of our own (4000–4999): the session behind the socket ended or is no longer an admin's. */
export const LIVE_CLOSE_SESSION_ENDED = 4401
export const LIVE_CLOSE_NOT_ALLOWED = 4403

/** GET /yonetim/customer-carts: at most this many carts, each with at most this many lines. */
export const CUSTOMER_CARTS_LIMIT = 50
export const CUSTOMER_CART_LINES_LIMIT = 100

/** A cart line as staff see it (spec/2 §3): `link` is the product's address ('/{seo}-p-{id}'). */
export const customerCartItemSchema = z.object({
  productName: z.string(),
  productCode: z.string(),
  productQuantity: z.number(),
  /** The unit the quantity is in ('Adet', 'Koli'). */
  unit: z.string(),
  link: z.string(),
})
export type CustomerCartItem = z.infer<typeof customerCartItemSchema>

export const customerCartSchema = z.object({
  id: z.number(),
  userId: z.number(),
  /** null: no name on record, shown as 'Misafir Kullanıcı'. */
  userName: z.string().nullable(),
  companyName: z.string().nullable(),
  /** The cart's last change (ISO 8601). */
  updatedAt: z.string(),
  /** Lines in the cart; `items` holds the first CUSTOMER_CART_LINES_LIMIT of them. */
  lineCount: z.number(),
  items: z.array(customerCartItemSchema),
  /**
   * What the dealer's cart page shows as its total (with tax, in the dealer's currency, with the
   * company's price adjustment), for the lines in `items`: all of them unless lineCount is larger.
   */
  total: moneySchema,
})
export type CustomerCart = z.infer<typeof customerCartSchema>

export const customerCartsSchema = z.object({
  carts: z.array(customerCartSchema),
  limit: z.number(),
  lineLimit: z.number(),
})
export type CustomerCarts = z.infer<typeof customerCartsSchema>
